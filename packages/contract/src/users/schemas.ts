import { z } from 'zod';
import { ASSIGNABLE_ROLES, type RoleName } from '../access/roles.ts';
import { actingAsQuery, emailSchema, personNameSchema, roleNameSchema } from '../auth/schemas.ts';
import { idParam, pageQuery } from '../common/envelope.ts';
import { ADDITIONAL_INFO_MAX, ENV_ID_MAX, USER_ROLES_MIN, USERS_TERM_MAX } from '../common/limits.ts';

/** An international phone number: `+`, country code, 7–15 digits; spaces, dots, dashes, brackets allowed. */
export const phoneSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'phone'));

/** Empty text means "clear it". */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => null), z.null(), schema]);

/** A flag sent as JSON `true`/`false`, or as the text of a form field. */
const flag = z.union([z.boolean(), z.stringbool()]);

/** `additional_info`: a JSON object kept as text (the chat widget stores chat_restore_id there). */
export const additionalInfoSchema = z
  .string()
  .max(ADDITIONAL_INFO_MAX)
  .refine((text) => {
    try {
      const value: unknown = JSON.parse(text);
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    } catch {
      return false;
    }
  }, 'jsonObject');

/**
 * `POST /users/profile` (spec §7): the fields to change, as JSON or as a form with an avatar
 * `file`. Absent fields stay as they are.
 */
export const profileBody = z.strictObject({
  name: personNameSchema.optional(),
  micro_mail: clearable(emailSchema).optional(),
  phone: clearable(phoneSchema).optional(),
  is_new_version: flag.optional(),
  additional_info: clearable(additionalInfoSchema).optional(),
  /** Removes the avatar (the initials image shows instead). */
  remove_avatar: flag.optional(),
  /** An image (PNG, JPEG, WebP or GIF), in a multipart form. */
  file: z.unknown().optional().meta({ type: 'string', format: 'binary' }),
});
export type ProfileBody = z.infer<typeof profileBody>;

/** A member's status in a project (spec §4): deactivated there, or as a user, is `deactivated`. */
export const USER_STATUSES = ['active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** An invitation's status (spec §3, §4): awaiting confirmation, then accepted. */
export const INVITATION_STATUSES = ['pending', 'accepted'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A project member as the users list shows it (spec §2 /users). */
export const projectUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The roles held in this project, as stored (admin and diagnostician imply their base role). */
  roles: z.array(roleNameSchema),
  status: z.enum(USER_STATUSES),
  /** The latest invitation of this e-mail to this project; null when there was none. */
  invitation_status: z.enum(INVITATION_STATUSES).nullable(),
  /** When the user last signed in themselves (root signing in as them does not count); ISO time. */
  last_sign_in_at: z.string().nullable(),
});
export type ProjectUser = z.infer<typeof projectUserSchema>;

/** What the users list can be sorted by. */
export const USERS_SORTS = ['name', 'email', 'status'] as const;

/** Query of `GET /users/export.csv`: the list's filters and order, every page. */
export const usersExportQuery = actingAsQuery.extend({
  /** Case-insensitive part of the name or e-mail; `%` and `_` match only themselves. */
  term: z.string().trim().max(USERS_TERM_MAX).optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.enum(USERS_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type UsersExportQuery = z.infer<typeof usersExportQuery>;

/** Query of `GET /users`: a page of the project's users. */
export const usersQuery = usersExportQuery.extend(pageQuery.shape);
export type UsersQuery = z.infer<typeof usersQuery>;

/** A role an administrator can give in a project: any but root (a root user holds only root). */
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES as [RoleName, ...RoleName[]]);

/** `PUT /users/user`: a member's new roles in the project and/or their status there. */
export const userUpdateBody = z.strictObject({
  user_id: idParam,
  /** Replaces the roles held in the project (spec §5: at least one role is required). */
  roles: z
    .array(assignableRoleSchema)
    .min(USER_ROLES_MIN)
    .refine((roles) => new Set(roles).size === roles.length, { message: 'unique' })
    .optional(),
  /** false deactivates the member in this project at once; true activates them again. */
  is_active: z.boolean().optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

/** `POST /users/user/remove-role`: one role to take from a member (never the last one). */
export const removeRoleBody = z.strictObject({
  user_id: idParam,
  role: assignableRoleSchema,
});
export type RemoveRoleBody = z.infer<typeof removeRoleBody>;

/** `POST /users/user/environment` (root): the environment a user belongs to (spec §6). */
export const userEnvironmentBody = z.strictObject({
  user_id: idParam,
  env_id: z.number().int().positive().max(ENV_ID_MAX),
});
export type UserEnvironmentBody = z.infer<typeof userEnvironmentBody>;

/** A user after an environment change. */
export const userEnvironmentSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  env_id: z.number().int(),
});
export type UserEnvironment = z.infer<typeof userEnvironmentSchema>;
