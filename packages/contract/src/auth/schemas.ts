import { z } from 'zod';
import { ROLE_NAMES, type RoleName } from '../access/roles.ts';
import { EMAIL_MAX, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../common/limits.ts';
import { idParam } from '../common/envelope.ts';

/** An e-mail address, trimmed and lower-cased so that one person has one address. */
export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX)
  .pipe(z.email())
  .transform((email) => email.toLowerCase());

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const personNameSchema = z.string().trim().min(NAME_MIN).max(NAME_MAX);

export const loginBody = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginBody = z.infer<typeof loginBody>;

export const roleNameSchema = z.enum(ROLE_NAMES as [RoleName, ...RoleName[]]);

/** One project of a user, with the roles held there (spec §3 Assignment and Workspace). */
export const assignmentSchema = z.object({
  workspaceId: z.number().int(),
  workspaceTitle: z.string(),
  description: z.string(),
  env_id: z.number().int(),
  roles: z.array(roleNameSchema),
  isActive: z.boolean(),
  archived: z.boolean(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** The signed-in user as the API shows it (spec §3 User). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  micro_mail: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  is_new_version: z.boolean(),
  is_active: z.boolean(),
  is_root: z.boolean(),
  env_id: z.number().int(),
  /** A JSON string; the chat widget keeps `chat_restore_id` in it (spec §7). */
  additional_info: z.string().nullable(),
  assignments: z.array(assignmentSchema),
});
export type User = z.infer<typeof userSchema>;

export const loginResult = z.object({ token: z.string(), user: userSchema });
export type LoginResult = z.infer<typeof loginResult>;

export const loginAsUserBody = z.strictObject({ user_id: idParam });
export type LoginAsUserBody = z.infer<typeof loginAsUserBody>;

/** How a caller names the project and role it acts as (DESIGN §4). */
export const actingAsQuery = z.object({
  workspace_id: idParam,
  role_id: idParam,
});
export type ActingAs = z.infer<typeof actingAsQuery>;
