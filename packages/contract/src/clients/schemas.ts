import { z } from 'zod';
import { actingAsQuery, emailSchema } from '../auth/schemas.ts';
import { bodyId, idParam, pageQuery } from '../common/envelope.ts';
import { DIAGNOSIS_STATUSES } from '../diagnostics/diagnosis.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { PLAN_STATUSES } from '../plans/plan-status.ts';
import { timeZoneSchema } from '../plans/plans.ts';
import { phoneSchema } from '../users/schemas.ts';
import {
  BIRTHDATE_MIN,
  CLIENT_REMOTE_ID_MAX,
  CLIENT_COMMENT_MAX,
  CLIENT_NAME_MAX,
  CLIENT_NAME_MIN,
  CLIENT_PARENT_REQUEST_MAX,
  CLIENT_THEME_NAME_MAX,
  CLIENT_THEMES_MAX,
  EMAIL_MAX,
} from '../common/limits.ts';

/**
 * Today's date as 'YYYY-MM-DD' in UTC: the one "today" that the server and every browser agree on
 * whatever their time zone.
 */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whole years from a birthdate to a day (both 'YYYY-MM-DD'). A year is complete on the birthday;
 * a child born on 29 February completes it on 1 March in common years.
 */
export function ageInYears(birthdate: string, today: string = todayIso()): number {
  const years = Number(today.slice(0, 4)) - Number(birthdate.slice(0, 4));
  // 'MM-DD' strings compare as the days of the year do.
  return today.slice(5) < birthdate.slice(5) ? years - 1 : years;
}

/** A client's or a child's name: trimmed, required. */
export const clientNameSchema = z.string().trim().min(CLIENT_NAME_MIN).max(CLIENT_NAME_MAX);

/**
 * A birthdate 'YYYY-MM-DD': a real calendar day, from BIRTHDATE_MIN up to today (UTC). The messages
 * name the server's field messages (`date`, `dateTooEarly`, `dateInFuture`).
 */
export const birthdateSchema = z.iso
  .date({ message: 'date', abort: true })
  .refine((date) => date >= BIRTHDATE_MIN, { message: 'dateTooEarly', params: { min: BIRTHDATE_MIN } })
  .refine((date) => date <= todayIso(), { message: 'dateInFuture' });

/** The names of a student's custom themes: each trimmed and non-empty, none twice (ignoring case). */
export const customThemesSchema = z
  .array(z.string().trim().min(1).max(CLIENT_THEME_NAME_MAX))
  .max(CLIENT_THEMES_MAX)
  .refine((themes) => new Set(themes.map((theme) => theme.toLowerCase())).size === themes.length, {
    message: 'unique',
  });

/** The ids of the project's themes a child is interested in: none twice. */
export const themeIdsSchema = z
  .array(bodyId)
  .max(CLIENT_THEMES_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'unique' });

/**
 * The student's id in the school's CRM: letters, digits and `-_.:`; one student per id in a
 * project. Empty text clears it.
 */
export const remoteIdSchema = z
  .string()
  .trim()
  .max(CLIENT_REMOTE_ID_MAX)
  .regex(/^[\w.:-]*$/, 'format')
  .transform((value) => (value === '' ? null : value));

/** A teacher's student (spec §3 Client), as the API shows it. */
export const clientSchema = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  /** The teacher whose student this is: always the caller. */
  teacher_id: z.number().int(),
  /** The parent (or adult client) who books and pays. */
  client_name: z.string(),
  child_name: z.string(),
  /** 'YYYY-MM-DD'; null when not known. */
  birthdate: z.string().nullable(),
  /** Whole years today (UTC), computed by the server from the birthdate; null without one. */
  age: z.number().int().nullable(),
  comment_for_teacher: z.string(),
  /** The language the child's lessons and plan are in (spec §3). */
  language: z.enum(LANGUAGES),
  /** The parent's e-mail and phone: where the plan is sent; '' when not known. */
  parent_email: z.string(),
  parent_phone: z.string(),
  /** The project's themes the child is interested in (what themed presentations are made from). */
  themes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Interests of the family's own words, not (yet) a theme of the project. */
  custom_themes: z.array(z.string()),
  parent_request: z.string(),
  /** The student's id in the school's CRM; null when the school has none. */
  remote_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** `POST /clients`: a new student. Absent texts are empty, absent themes none, absent birthdate null. */
export const clientInput = z.strictObject({
  client_name: clientNameSchema,
  child_name: clientNameSchema,
  birthdate: birthdateSchema.nullable().optional(),
  comment_for_teacher: z.string().trim().max(CLIENT_COMMENT_MAX).optional(),
  custom_themes: customThemesSchema.optional(),
  parent_request: z.string().trim().max(CLIENT_PARENT_REQUEST_MAX).optional(),
  language: z.enum(LANGUAGES).optional(),
  /** Empty text means "not known". */
  parent_email: z.union([z.literal(''), emailSchema]).optional(),
  parent_phone: z.union([z.literal(''), phoneSchema]).optional(),
  theme_ids: themeIdsSchema.optional(),
  remote_id: remoteIdSchema.optional(),
});
export type ClientInput = z.infer<typeof clientInput>;

/** `PUT /clients/:clientId`: the fields to change; absent ones stay as they are. */
export const clientUpdate = clientInput.partial();
export type ClientUpdate = z.infer<typeof clientUpdate>;

export const clientParams = z.object({ clientId: idParam });

/** Query of `GET /clients`: a page, a search, and the project and role the caller acts as. */
export const clientsQuery = pageQuery.extend({
  ...actingAsQuery.shape,
  /** Case-insensitive part of the client's or the child's name; empty means every student. */
  term: z.string().trim().max(CLIENT_NAME_MAX).optional(),
  /** The time zone the current plan's status is judged in; UTC when absent. */
  time_zone: timeZoneSchema.optional(),
});
export type ClientsQuery = z.infer<typeof clientsQuery>;

/** A student's plan as the list shows it: the one that runs now, else the last that ran. */
export const clientCurrentPlanSchema = z.object({
  id: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  /** 'YYYY-MM-DD', the plan's last day. */
  deadline: z.string(),
});

/** A student in the teacher's list (`GET /clients`): the student, their plan and their next lesson. */
export const clientListItemSchema = clientSchema.extend({
  /**
   * The plan running now (its last day today or later, the nearest first), else the one that ended
   * last; null when the student has no plan. Its status is judged in the query's `time_zone`.
   */
  current_plan: clientCurrentPlanSchema.nullable(),
  /** The next lesson not finished yet that starts from now on (ISO); null when none is planned. */
  next_lesson: z.object({ id: z.number().int(), starts_at: z.string() }).nullable(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

/**
 * `GET /clients/duplicates`: what a student about to be saved is matched on. Either the child's name
 * with the birthdate, or the parent's e-mail (or both); `except_id` leaves out the student being
 * edited.
 */
export const clientDuplicatesQuery = z
  .object({
    ...actingAsQuery.shape,
    child_name: z.string().trim().max(CLIENT_NAME_MAX).optional(),
    birthdate: z.iso.date({ message: 'date' }).optional(),
    parent_email: z.string().trim().max(EMAIL_MAX).optional(),
    except_id: idParam.optional(),
  })
  .refine((query) => (query.child_name && query.birthdate) || query.parent_email, {
    message: 'required',
    path: ['child_name'],
  });
export type ClientDuplicatesQuery = z.infer<typeof clientDuplicatesQuery>;

/** A possible duplicate of a student: enough to recognise the child, and why it matched. */
export const clientDuplicateSchema = z.object({
  id: z.number().int(),
  child_name: z.string(),
  client_name: z.string(),
  birthdate: z.string().nullable(),
  parent_email: z.string(),
  /** What matched: the child's name and birthdate, the parent's e-mail, or both. */
  matched: z.array(z.enum(['child', 'parent_email'])),
});
export type ClientDuplicate = z.infer<typeof clientDuplicateSchema>;

/** A lesson held on a student's correction path: finished, or with trials marked. */
export const pathLessonSchema = z.object({
  id: z.number().int(),
  /** The lesson's place in its plan, 1 to the plan's lessons. */
  number: z.number().int(),
  plan_id: z.number().int(),
  /** When it was finished, else when it started (ISO, UTC); else when its first trial was marked. */
  held_at: z.string(),
  finished: z.boolean(),
  /** The trials marked in it. */
  correct: z.number().int(),
  incorrect: z.number().int(),
  cued: z.number().int(),
  /** Correct trials of all trials, 0 to 1; null when none was marked. */
  accuracy: z.number().nullable(),
});
export type PathLesson = z.infer<typeof pathLessonSchema>;

/** A diagnosis on a student's correction path. */
export const pathDiagnosisSchema = z.object({
  id: z.number().int(),
  /** 'YYYY-MM-DD'. */
  diagnosed_on: z.string(),
  card_title: z.string(),
  status: z.enum(DIAGNOSIS_STATUSES),
  /** When the explicit save was made; null while it is still being filled. */
  completed_at: z.string().nullable(),
});
export type PathDiagnosis = z.infer<typeof pathDiagnosisSchema>;

/**
 * `GET /clients/:clientId/path`: what the correction path shows beside the plans, the earliest
 * first: the lessons held (a lesson counts as held once it is finished or has a trial marked) and
 * the diagnoses.
 */
export const clientPathSchema = z.object({
  lessons: z.array(pathLessonSchema),
  diagnoses: z.array(pathDiagnosisSchema),
});
export type ClientPath = z.infer<typeof clientPathSchema>;
