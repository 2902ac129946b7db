import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { clientInput, clientSchema } from '../clients/schemas.ts';
import { bodyId, idParam, pageQuery } from '../common/envelope.ts';
import { CLIENT_REMOTE_ID_MAX } from '../common/limits.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { PLAN_STATUSES } from '../plans/plan-status.ts';
import { timeZoneSchema } from '../plans/plans.ts';

/*
 * The school's CRM (DESIGN §4 machine clients; spec §7 get-client-by-remote-id, remote clients,
 * /get-plans, /replicate-client; issue 14 item 4): a per-project API token that root or an admin
 * of the project creates and revokes, the calls that token opens, copying a student to another
 * teacher, and the CSV import of students, which goes the same way as the CRM's upsert.
 */

/** Every CRM token starts with this, so that a leaked one is recognisable (secret scanners, logs). */
export const CRM_TOKEN_PREFIX = 'lgs_';

/** How many leading characters of a token are kept in clear and shown: the prefix and 8 more. */
export const CRM_TOKEN_VISIBLE_LENGTH = CRM_TOKEN_PREFIX.length + 8;

/** Rows one import may send (the dialog refuses a larger file before sending anything). */
export const CLIENT_IMPORT_ROWS_MAX = 500;

/** The largest CSV file the import reads. */
export const CLIENT_IMPORT_FILE_MAX_BYTES = 1024 * 1024;

/**
 * The import's JSON body may be larger than its file (each row repeats the column names): the
 * route's own body limit, which always holds the rows of a file of CLIENT_IMPORT_FILE_MAX_BYTES.
 */
export const CLIENT_IMPORT_BODY_MAX_BYTES = 3 * CLIENT_IMPORT_FILE_MAX_BYTES;

/** The longest cell a row may have (the longest field of a student, with room to say it is too long). */
export const CLIENT_IMPORT_CELL_MAX = 4000;

// ---------------------------------------------------------------------------------------------
// The token.

/** The project's CRM token as root and admins see it: never the token itself, which is not kept. */
export const crmTokenSchema = z.object({
  /** The token's first characters (`lgs_` and 8 more), to tell which one a CRM holds. */
  prefix: z.string(),
  created_at: z.string(),
  /** Who created it; null when that account is gone. */
  created_by: z.string().nullable(),
  /** When a CRM last called with it (kept to the minute); null when never. */
  last_used_at: z.string().nullable(),
});
export type CrmToken = z.infer<typeof crmTokenSchema>;

/** `GET /workspaces/:workspaceId/crm-token`: the project's active token, null when it has none. */
export const crmAccessSchema = z.object({ token: crmTokenSchema.nullable() });
export type CrmAccess = z.infer<typeof crmAccessSchema>;

/** `POST /workspaces/:workspaceId/crm-token`: the new token, whole, shown this once. */
export const crmTokenIssuedSchema = z.object({
  /** The whole token: the CRM sends it as `Authorization: Bearer <secret>`. Never shown again. */
  secret: z.string(),
  token: crmTokenSchema,
  /** Whether an active token was revoked by this one (at most one is active per project). */
  replaced: z.boolean(),
});
export type CrmTokenIssued = z.infer<typeof crmTokenIssuedSchema>;

/** The calls a CRM token opens, for the dialog that hands the token over and for the docs. */
export const CRM_CALLS = [
  { method: 'GET', path: '/clients/get-remote-clients' },
  { method: 'GET', path: '/get-client-by-remote-id?remote_id=…' },
  { method: 'PUT', path: '/get-client-by-remote-id' },
  { method: 'GET', path: '/get-plans?remote_id=…' },
  { method: 'GET', path: '/lessons/get-remote-range-lessons?from=…&to=…' },
] as const;

// ---------------------------------------------------------------------------------------------
// The CRM's calls.

/** A remote id that names a student: as `remoteIdSchema`, but required. */
export const remoteIdRequired = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(CLIENT_REMOTE_ID_MAX)
  .regex(/^[\w.:-]+$/, 'format');

/**
 * What every CRM call may add to its query: `workspace_id`, the project the CRM means. The token
 * names its project by itself; a call that names another project is refused with 401 (the token
 * is not for it), so a CRM that serves several schools cannot mix their tokens up unnoticed.
 */
const crmProject = { workspace_id: idParam.optional() };

/** `GET /clients/get-remote-clients`: a page, optionally only students changed since a moment. */
export const remoteClientsQuery = pageQuery.extend({
  ...crmProject,
  /** An ISO date-time with its offset: only students changed at or after it. */
  updated_since: z.iso.datetime({ offset: true }).optional(),
});
export type RemoteClientsQuery = z.infer<typeof remoteClientsQuery>;

/** `GET /get-client-by-remote-id`, `GET /get-plans`: which student, and the time zone of plan statuses. */
export const remoteClientQuery = z.object({
  ...crmProject,
  remote_id: remoteIdRequired,
  /** The time zone a plan's deadline is judged in; UTC when absent. */
  time_zone: timeZoneSchema.optional(),
});
export type RemoteClientQuery = z.infer<typeof remoteClientQuery>;

/** `PUT /get-client-by-remote-id`'s query: only the project it means, if the CRM names it. */
export const remoteUpsertQuery = z.object(crmProject);

/** A student as the CRM sees them: what the school's records hold, and whose student they are. */
export const remoteClientSchema = z.object({
  id: z.number().int(),
  remote_id: z.string(),
  client_name: z.string(),
  child_name: z.string(),
  birthdate: z.string().nullable(),
  language: z.enum(LANGUAGES),
  parent_email: z.string(),
  parent_phone: z.string(),
  parent_request: z.string(),
  /** The names of the project's themes the child is interested in. */
  themes: z.array(z.string()),
  custom_themes: z.array(z.string()),
  /** The teacher (speech therapist) whose student this is. */
  teacher_email: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RemoteClient = z.infer<typeof remoteClientSchema>;

/** A plan as `/get-plans` lists it: enough for a CRM to show where the child's plan stands. */
export const planSummarySchema = z.object({
  id: z.number().int(),
  template_title: z.string(),
  /** 'YYYY-MM-DD', the last day of the plan. */
  deadline: z.string(),
  status: z.enum(PLAN_STATUSES),
  lessons: z.number().int(),
  /** When the plan was last sent to the parent; null when never. */
  sent_at: z.string().nullable(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

/** `GET /get-client-by-remote-id`: the student with their plans, the nearest deadline first. */
export const remoteClientDetailSchema = remoteClientSchema.extend({ plans: z.array(planSummarySchema) });
export type RemoteClientDetail = z.infer<typeof remoteClientDetailSchema>;

/**
 * `PUT /get-client-by-remote-id`: creates the student with this remote id, or updates them (201 or
 * 200). The student's fields as `clientInput` takes them (absent ones keep their value on an
 * update, take their default on a create), the remote id, and the e-mail of a teacher of the
 * project whose student they are (a different teacher moves them, with their plans, to that one).
 * The project's themes are linked in the app, not by the CRM. Sending the same body twice changes
 * nothing the second time.
 */
export const remoteClientUpsert = clientInput.omit({ theme_ids: true, remote_id: true }).extend({
  remote_id: remoteIdRequired,
  teacher_email: emailSchema,
});
export type RemoteClientUpsert = z.input<typeof remoteClientUpsert>;

// ---------------------------------------------------------------------------------------------
// Copying a student.

/**
 * `POST /replicate-client`: copies a student, with their plans and the plans' blocks, to a teacher
 * of the project acted in or of `to_workspace_id`, where the caller must act too (`replicateScope`).
 */
export const replicateClientInput = z.strictObject({
  client_id: bodyId,
  /** The project to copy into; the one acted in when absent. */
  to_workspace_id: bodyId.optional(),
  /** The teacher who gets the copy: a teacher of that project. */
  teacher_id: bodyId,
});
export type ReplicateClientInput = z.infer<typeof replicateClientInput>;

/** What a copy did: the new student, the plans copied and those left behind, the themes dropped. */
export const replicateClientResultSchema = z.object({
  client: clientSchema,
  plans_copied: z.array(
    z.object({
      /** The original plan. */
      from_id: z.number().int(),
      id: z.number().int(),
      template_title: z.string(),
      /** Whether every block has its folder in the copy (in another project a folder is matched by name). */
      filled: z.boolean(),
    }),
  ),
  /** Plans whose template the other project has no published one of the same title: not copied. */
  plans_skipped: z.array(z.object({ id: z.number().int(), template_title: z.string() })),
  /** Linked themes the other project does not see: the copy is not linked to them. */
  themes_dropped: z.array(z.string()),
  /** Whether the remote id stayed behind (it names one student per project). */
  remote_id_dropped: z.boolean(),
});
export type ReplicateClientResult = z.infer<typeof replicateClientResultSchema>;

/** `GET /replicate-client/teachers`: the teachers of the project acted in, who may get a copy. */
export const projectTeacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type ProjectTeacher = z.infer<typeof projectTeacherSchema>;

// ---------------------------------------------------------------------------------------------
// The CSV import.

/** The columns of an import file (its header row), in the order of the template file. */
export const CLIENT_IMPORT_COLUMNS = [
  'child_name',
  'client_name',
  'birthdate',
  'language',
  'parent_email',
  'parent_phone',
  'parent_request',
  'comment_for_teacher',
  'custom_themes',
  'remote_id',
] as const;
export type ClientImportColumn = (typeof CLIENT_IMPORT_COLUMNS)[number];

/** The columns a file must have. */
export const CLIENT_IMPORT_REQUIRED_COLUMNS: readonly ClientImportColumn[] = ['child_name', 'client_name'];

/** One row of the file as its cells, by column name. */
export const clientImportCells = z.record(z.string().max(64), z.string().max(CLIENT_IMPORT_CELL_MAX));
export type ClientImportCells = z.infer<typeof clientImportCells>;

/**
 * `POST /clients/import`: the file's rows as cells, each judged by itself (`parseImportRow`): a
 * row with a remote id creates or updates the teacher's student with it, one without creates one.
 */
export const clientImportInput = z.strictObject({
  rows: z.array(clientImportCells).min(1).max(CLIENT_IMPORT_ROWS_MAX),
});
export type ClientImportInput = z.infer<typeof clientImportInput>;

/** What one row must be once its cells are read: a student as `POST /clients` takes one. */
export const clientImportRow = clientInput.omit({ theme_ids: true });
export type ClientImportRow = z.infer<typeof clientImportRow>;

export const IMPORT_OUTCOMES = ['created', 'updated', 'refused'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** The answer of an import: one entry per row sent, in order, and the counts. */
export const clientImportResultSchema = z.object({
  rows: z.array(
    z.object({
      /** The row's place in the request, from 0. */
      index: z.number().int(),
      outcome: z.enum(IMPORT_OUTCOMES),
      /** The student created or updated; null for a refused row. */
      client_id: z.number().int().nullable(),
      /** Why a row was refused, by column ('' for the row as a whole). */
      errors: z.record(z.string(), z.array(z.string())),
    }),
  ),
  created: z.number().int(),
  updated: z.number().int(),
  refused: z.number().int(),
});
export type ClientImportResult = z.infer<typeof clientImportResultSchema>;
