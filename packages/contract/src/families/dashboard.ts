import { z } from 'zod';
import { actingAsQuery, emailSchema } from '../auth/schemas.ts';
import { chatConfigSchema } from '../health/schemas.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { MAIL_DELIVERIES } from '../mails/schemas.ts';
import { familySharingSchema } from './family-link.ts';
import { parentPlanBlockSchema } from '../plans/plan-sharing.ts';
import { phoneSchema } from '../users/schemas.ts';

/**
 * The parents' dashboard (issue 29 item 1, spec §2 `/parent-dashboard-demo/:childId`): what a
 * family's live link shows, in the child's lesson language — the next lessons (the child's screen
 * at lesson time), the current plan in the words for parents, the lessons held with a short
 * progress from the trial marks, the diagnoses sent with their own links, the therapist and the
 * school's contacts. Nothing teacher-only: the server answers through this schema, which drops
 * every other field, and a test lists every key it may carry.
 */

/** The child's screen opens on the dashboard from this many minutes before a lesson's start… */
export const LESSON_TIME_BEFORE_MINUTES = 15;

/** How many of the next lessons the dashboard lists. */
export const DASHBOARD_NEXT_LESSONS = 5;

/** How many of the last lessons held the dashboard lists (the newest first). */
export const DASHBOARD_LESSONS_HELD = 10;

/**
 * Whether `now` is the lesson's time: from `LESSON_TIME_BEFORE_MINUTES` before its start until its
 * end (start + length). The server gives the child's screen only then.
 */
export function atLessonTime(startsAt: string | Date, durationMinutes: number, now: Date): boolean {
  const start = new Date(startsAt).getTime();
  const from = start - LESSON_TIME_BEFORE_MINUTES * 60_000;
  const to = start + durationMinutes * 60_000;
  return now.getTime() >= from && now.getTime() < to;
}

/** A next lesson: when (an instant: the page shows it in the parent's time zone), how long. */
export const dashboardLessonSchema = z.object({
  starts_at: z.string(),
  duration_minutes: z.number().int(),
  /**
   * The child's screen (`/client-session/<token>`, a path of the web app) while it is the lesson's
   * time and the lesson's link is live; null otherwise.
   */
  child_screen: z.string().nullable(),
});
export type DashboardLesson = z.infer<typeof dashboardLessonSchema>;

/** The current plan as the parents read it (the parents' texts of `/view-protocol-plan`). */
export const dashboardPlanSchema = z.object({
  template_title: z.string(),
  /** The plan's last day, 'YYYY-MM-DD'. */
  deadline: z.string(),
  lessons: z.number().int(),
  blocks: z.array(parentPlanBlockSchema),
});
export type DashboardPlan = z.infer<typeof dashboardPlanSchema>;

/** A lesson held, with its tries: how many the therapist marked and how many were said right. */
export const dashboardHeldSchema = z.object({
  /** When it was held (ISO). */
  date: z.string(),
  tries: z.number().int(),
  said_right: z.number().int(),
});
export type DashboardHeld = z.infer<typeof dashboardHeldSchema>;

/**
 * How the last lesson with tries went against the one before it: `better` when the share said
 * right rose by `TREND_STEP` or more, `harder` when it fell by as much, `steady` otherwise.
 */
export const TRENDS = ['better', 'steady', 'harder'] as const;
export type Trend = (typeof TRENDS)[number];

/** The change of the share said right that counts as better or harder (10 percentage points). */
export const TREND_STEP = 0.1;

/** The trend of the lessons held (in date order), from the last two that have tries; null before two. */
export function trendOf(held: readonly DashboardHeld[]): Trend | null {
  const withTries = held.filter((lesson) => lesson.tries > 0);
  const last = withTries.at(-1);
  const before = withTries.at(-2);
  if (!last || !before) return null;
  // Rounded so that 6 of 10 after 5 of 10 is the step, not 0.0999…
  const change = Math.round((last.said_right / last.tries - before.said_right / before.tries) * 1e6) / 1e6;
  if (change >= TREND_STEP) return 'better';
  if (change <= -TREND_STEP) return 'harder';
  return 'steady';
}

/** A diagnosis sent to the parents: its card, its date and its own live links (web app paths). */
export const dashboardDiagnosisSchema = z.object({
  card_title: z.string(),
  /** 'YYYY-MM-DD'. */
  diagnosed_on: z.string(),
  /** `/dc-preview/<token>`. */
  page: z.string(),
  /** `/progress-preview/<token>`. */
  progress_page: z.string(),
});
export type DashboardDiagnosis = z.infer<typeof dashboardDiagnosisSchema>;

/** The school's contacts as the parents read them ('' for what the school did not give). */
export const dashboardSchoolSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});

/**
 * `GET /parent-dashboard/:token` (public): the child's dashboard under the family's link. It never
 * carries a description or an indication for the educator, a teacher's note, another child, a
 * staff e-mail or the id of anything.
 */
export const parentDashboardSchema = z.object({
  /** The student's lesson language: the page shows itself in it. */
  language: z.enum(LANGUAGES),
  /** The child's first name only. */
  child_name: z.string(),
  /**
   * The parent's time zone (IANA) as the family's booking gave it; null when the school has none
   * (the page then uses the browser's).
   */
  time_zone: z.string().nullable(),
  /** The speech therapist, by name. */
  therapist_name: z.string(),
  school: dashboardSchoolSchema,
  /** The school's chat widget when one is configured (what the public widget needs); null otherwise. */
  chat: chatConfigSchema.nullable(),
  /** The next lessons not held yet, the soonest first (at most `DASHBOARD_NEXT_LESSONS`). */
  next_lessons: z.array(dashboardLessonSchema),
  /** The current plan (the newest of the child's plans); null when none. */
  plan: dashboardPlanSchema.nullable(),
  /** The last lessons held, in date order (at most `DASHBOARD_LESSONS_HELD`). */
  lessons_held: z.array(dashboardHeldSchema),
  trend: z.enum(TRENDS).nullable(),
  /** The diagnoses sent to the parents whose link is live, the newest first. */
  diagnoses: z.array(dashboardDiagnosisSchema),
});
export type ParentDashboard = z.infer<typeof parentDashboardSchema>;

// ---- Sharing from the student's page ----

/** What the dashboard's link takes after the student's path to mail it: `POST /clients/:clientId/link/send`. */
export const FAMILY_LINK_SEND = '/link/send';

/** `POST /clients/:clientId/link/send`: without `email` (or with it empty) to the student's parent e-mail. */
export const sendFamilyLinkInput = z.strictObject({
  email: z.union([z.literal(''), emailSchema]).optional(),
});
export type SendFamilyLinkInput = z.input<typeof sendFamilyLinkInput>;

/** The project and role a sending acts in. */
export const sendFamilyLinkQuery = actingAsQuery;

/** The answer to a sending: the sharing state and how the mail left (DESIGN §2 mail). */
export const sentFamilyLinkSchema = familySharingSchema.extend({
  /** `failed`: no mail left (the SMTP server refused it); the link still works, to pass on by hand. */
  mail_delivery: z.enum(MAIL_DELIVERIES),
});
export type SentFamilyLink = z.infer<typeof sentFamilyLinkSchema>;

// ---- The school's contacts (project settings, root and admins) ----

/** The longest phone text kept (before it is checked as an international number). */
export const SCHOOL_PHONE_MAX = 32;

/** The school's contacts the parents' dashboard shows; '' clears one. */
export const schoolContactsInput = z.strictObject({
  email: z.union([z.literal(''), emailSchema]),
  phone: z.union([z.literal(''), z.string().max(SCHOOL_PHONE_MAX).pipe(phoneSchema)]),
});
export type SchoolContactsInput = z.input<typeof schoolContactsInput>;

/** The school's contacts as kept ('' when not given). */
export const schoolContactsSchema = z.object({ email: z.string(), phone: z.string() });
export type SchoolContacts = z.infer<typeof schoolContactsSchema>;

/** The project and role the contacts are read and kept in. */
export const schoolContactsQuery = actingAsQuery;
