import { z } from 'zod';
import {
  actingAsQuery,
  emailSchema,
  passwordSchema,
  personNameSchema,
  roleNameSchema,
  userSchema,
} from '../auth/schemas.ts';
import { idParam, pageQuery } from '../common/envelope.ts';
import { INVITATION_TOKEN_MAX, USER_ROLES_MIN } from '../common/limits.ts';
import { MAIL_DELIVERIES } from '../mails/schemas.ts';
import { assignableRoleSchema } from '../users/schemas.ts';

/** The roles to give in a project: at least one (spec §5), never root, each once. */
const assignableRolesSchema = z
  .array(assignableRoleSchema)
  .min(USER_ROLES_MIN)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'unique' });

/**
 * `POST /invitations/invite`: invite an e-mail address to a project with some roles. `workspace_id`
 * must be the project the caller acts in (the `workspace_id` of the query, when it names one), and
 * the roles ones the caller may grant (`grantableRoles`). The answer is the same whether or not the
 * address has an account: only the mail differs (sign up, or sign in to accept).
 */
export const inviteBody = z.strictObject({
  email: emailSchema,
  workspace_id: idParam,
  roles: assignableRolesSchema,
});
export type InviteBody = z.infer<typeof inviteBody>;

/**
 * `POST /invitations/invite/existing-user`: the same as `/invitations/invite` (spec §7 names both).
 * It never adds anyone by itself: the account's owner accepts the invitation by signing in.
 */
export const existingUserBody = inviteBody;
export type ExistingUserBody = InviteBody;

/** `POST /invitations/invite/send`: mail an invitation again, with a new link. */
export const resendInvitationBody = z.strictObject({ invitation_id: idParam });
export type ResendInvitationBody = z.infer<typeof resendInvitationBody>;

export const invitationParams = z.object({ invitationId: idParam });

/**
 * An invitation's status as lists show it (spec §4: pending, then accepted): a pending one whose
 * link has run out is `expired` (it can be sent again).
 */
export const INVITATION_LIST_STATUSES = ['pending', 'accepted', 'expired'] as const;
export type InvitationListStatus = (typeof INVITATION_LIST_STATUSES)[number];

/** `GET /invitations`: a page of the project's invitations, newest first. */
export const invitationsQuery = actingAsQuery.extend(pageQuery.shape).extend({
  status: z.enum(INVITATION_LIST_STATUSES).optional(),
});
export type InvitationsQuery = z.infer<typeof invitationsQuery>;

/** An invitation to a project (spec §3 Invitation). Times are ISO strings. */
export const invitationSchema = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  email: z.string(),
  roles: z.array(roleNameSchema),
  status: z.enum(INVITATION_LIST_STATUSES),
  /** Who sent it last; null when that user no longer exists. */
  invited_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When the link stops working. */
  expires_at: z.string(),
  /** When the mail with the current link left (or was put in the outbox); null when it failed. */
  sent_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What happened to the mail an action sent. */
const mailOutcome = {
  /** Whether an SMTP server took the mail; false when it is only in the outbox or sending failed. */
  mail_delivered: z.boolean(),
  mail_delivery: z.enum(MAIL_DELIVERIES),
};

/** An invitation just (re)sent, with what happened to its mail. */
export const sentInvitationSchema = invitationSchema.extend({
  ...mailOutcome,
  /**
   * The invitation link, when its mail reached nobody (`outbox` or `failed`), so that the inviter
   * can pass it on; null when an SMTP server took the mail (then only the invitee holds it).
   */
  invitation_link: z.string().nullable(),
});
export type SentInvitation = z.infer<typeof sentInvitationSchema>;

/** The token of an invitation link (`/accept-invite?token=…`). */
const invitationToken = z.string().trim().min(1).max(INVITATION_TOKEN_MAX);

/** `GET /invitations/invite/accept?token=`: what the accept page shows before registering. */
export const acceptInvitationQuery = z.object({ token: invitationToken });

export const invitationPreviewSchema = z.object({
  email: z.string(),
  workspace_title: z.string(),
  roles: z.array(roleNameSchema),
  expires_at: z.string(),
  /**
   * Whether the invited address already has an account: then its owner accepts by signing in
   * (`POST /invitations/invite/accept/sign-in`) instead of registering. Only the link's holder
   * sees it, and the mail they got already told them.
   */
  existing_account: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * `POST /invitations/invite/accept`: register with the invitation. The e-mail is the invited one;
 * the repeated password must match (spec §5), else the error is on `password_confirmation`.
 */
export const acceptInvitationBody = z
  .strictObject({
    token: invitationToken,
    name: personNameSchema,
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine((body) => body.password === body.password_confirmation, {
    message: 'passwordsDiffer',
    path: ['password_confirmation'],
  });
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

/**
 * `POST /invitations/invite/accept/sign-in`: accept as the account the invited address already
 * has, by signing in with its password; it joins the project with the invited roles.
 */
export const acceptInvitationSignInBody = z.strictObject({
  token: invitationToken,
  password: passwordSchema,
});
export type AcceptInvitationSignInBody = z.infer<typeof acceptInvitationSignInBody>;

/**
 * `POST /invitations/invite/accept/new-role`: the signed-in account accepts an invitation of its
 * own address to another project (the `/accept-new-role` link of the mail to an existing account):
 * the session proves the account, the link the invitation.
 */
export const acceptNewRoleBody = z.strictObject({ token: invitationToken });
export type AcceptNewRoleBody = z.infer<typeof acceptNewRoleBody>;

/** What accepting as the signed-in account answers: the user with the new roles, and the project joined. */
export const acceptedNewRoleSchema = z.object({ user: userSchema, workspace_id: z.number().int() });
export type AcceptedNewRole = z.infer<typeof acceptedNewRoleSchema>;
