import { z } from 'zod';
import { pageQuery } from '../common/envelope.ts';

/** Actions that the audit log records. */
export const AUDIT_ACTIONS = [
  'auth.login_as_user',
  'settings.write',
  'workspaces.create',
  'workspaces.update',
  'workspaces.archive',
  'workspaces.restore',
  'users.update',
  'users.remove_role',
  'users.change_environment',
  'invitations.invite',
  'invitations.resend',
  'invitations.cancel',
  'invitations.add_existing_user',
  'invitations.accept',
  'exercises.auto_moderation',
  'crm.token_create',
  'crm.token_revoke',
  /** A student's diagnostician added or removed: `details` `{ client_id, change }`, the diagnostician as target. */
  'diagnosticians.assign',
  /** A public link made, replaced by a new one, or withdrawn: `details` `{ kind, subject_id }` (decision 029). */
  'public_links.issue',
  'public_links.rotate',
  'public_links.withdraw',
  /** A problem report's status changed by a moderator (issue 33): `details` `{ ticket_id, from, to }`, its reporter as target. */
  'tickets.status',
  /** A problem report merged into another as a duplicate: `details` `{ ticket_id, into_id }`. */
  'tickets.merge',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  actor_id: z.number().int().nullable(),
  target_user_id: z.number().int().nullable(),
  workspace_id: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = pageQuery.extend({ action: z.enum(AUDIT_ACTIONS).optional() });
