import { z } from 'zod';
import { actingAsQuery, emailSchema } from '../auth/schemas.ts';
import { bodyId, idParam, pageQuery } from '../common/envelope.ts';
import { LANGUAGES } from '../i18n/languages.ts';
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
});
export type ClientsQuery = z.infer<typeof clientsQuery>;
