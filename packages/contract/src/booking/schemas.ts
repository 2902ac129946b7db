/**
 * Free-lesson booking (spec §1, §3 Booking, §4 slots free/reserved/busy, §8, §9; issue 28): the
 * project's booking settings, a teacher's availability, the parents' two-step form on
 * `/appointment/:token`, a booking's private manage link, and the school's bookings.
 */
import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { bodyId, idParam, pageQuery } from '../common/envelope.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { timeZoneSchema } from '../plans/plans.ts';
import { referralCodeSchema } from '../referrals/schemas.ts';
import { phoneSchema } from '../users/schemas.ts';
import { ageInYears, birthdateSchema, clientNameSchema, themeIdsSchema } from '../clients/schemas.ts';

/** What a parent books: an individual free lesson, or a seat in the communication/consultation course. */
export const BOOKING_KINDS = ['free_lesson', 'consultation'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** Spec §9: individual lessons from 3 years; the communication/consultation course from 6. */
export const MIN_AGE: Record<BookingKind, number> = { free_lesson: 3, consultation: 6 };
/** Spec §9: the course meets in groups of 60 minutes. */
export const CONSULTATION_MINUTES = 60;
/** A chosen slot is held this long for the parent to confirm; then it frees itself. */
export const RESERVATION_MINUTES = 10;
/** Free-lesson slots start every this many minutes within a teacher's hours. */
export const SLOT_STEP_MINUTES = 30;
/** Reminders go this long before the lesson (issue 28 item 4). */
export const REMINDER_HOURS = [24, 1] as const;

/**
 * A booking's state. `reserved`: a parent chose the slot and has not confirmed yet (spec §4
 * "reserved"); `confirmed`: booked (spec §4 "busy"); then `held`, `no_show` or `cancelled`.
 */
export const BOOKING_STATUSES = ['reserved', 'confirmed', 'held', 'no_show', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Why a booking was cancelled. `too_young`: the system, a birth date under 3 on the lesson's date (spec §8). */
export const CANCELLED_BY = ['parent', 'school', 'too_young'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** The bounds of a project's booking settings, in minutes unless named otherwise. */
export const BOOKING_BOUNDS = {
  lessonMinutes: { min: 45, max: 60 },
  bufferMinutes: { min: 0, max: 120 },
  noticeMinutes: { min: 0, max: 7 * 24 * 60 },
  horizonDays: { min: 1, max: 90 },
  groupSeats: { min: 2, max: 30 },
} as const;

const bounded = (bounds: { min: number; max: number }) => z.number().int().min(bounds.min).max(bounds.max);

/** A project's booking settings (issue 28 item 1). */
export const bookingSettingsSchema = z.strictObject({
  /** The free lesson's length (spec §9: 45–60 minutes). */
  lesson_minutes: bounded(BOOKING_BOUNDS.lessonMinutes),
  /** Kept free before and after every lesson of a teacher. */
  buffer_minutes: bounded(BOOKING_BOUNDS.bufferMinutes),
  /** How long before its start a lesson can still be booked. */
  booking_notice_minutes: bounded(BOOKING_BOUNDS.noticeMinutes),
  /** How long before its start a booking can still be cancelled or moved by the parent. */
  change_notice_minutes: bounded(BOOKING_BOUNDS.noticeMinutes),
  /** How many days ahead one may book. */
  horizon_days: bounded(BOOKING_BOUNDS.horizonDays),
  /** The seats of a consultation group. */
  group_seats: bounded(BOOKING_BOUNDS.groupSeats),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

/** A new project's settings. */
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  lesson_minutes: 45,
  buffer_minutes: 15,
  booking_notice_minutes: 12 * 60,
  change_notice_minutes: 24 * 60,
  horizon_days: 30,
  group_seats: 6,
};

/** A wall-clock time 'HH:MM', 00:00–24:00 (24:00 only as an end). */
export const clockTimeSchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { message: 'time' });

const interval = z
  .strictObject({ start: clockTimeSchema, end: clockTimeSchema })
  .refine((hours) => hours.start < hours.end, { message: 'endBeforeStart', path: ['end'] });

/** Whether intervals of one day overlap. */
function overlapping(intervals: readonly { start: string; end: string }[]): boolean {
  const sorted = [...intervals].sort((a, b) => a.start.localeCompare(b.start));
  return sorted.some((hours, index) => index > 0 && hours.start < (sorted[index - 1]?.end ?? ''));
}

export const AVAILABILITY_WEEKLY_MAX = 28;
export const AVAILABILITY_EXCEPTIONS_MAX = 120;

/** A teacher's availability (issue 28 item 1): in her own time zone. */
export const availabilitySchema = z.strictObject({
  time_zone: timeZoneSchema,
  weekly: z
    .array(interval.and(z.strictObject({ weekday: z.number().int().min(1).max(7) })))
    .max(AVAILABILITY_WEEKLY_MAX)
    .refine(
      (weekly) => [1, 2, 3, 4, 5, 6, 7].every((day) => !overlapping(weekly.filter((h) => h.weekday === day))),
      { message: 'overlap' },
    ),
  /** Days off (no intervals) and days with other hours. */
  exceptions: z
    .array(
      z.strictObject({
        date: z.iso.date({ message: 'date' }),
        intervals: z
          .array(interval)
          .max(6)
          .refine((hours) => !overlapping(hours), { message: 'overlap' }),
      }),
    )
    .max(AVAILABILITY_EXCEPTIONS_MAX)
    .refine((days) => new Set(days.map((day) => day.date)).size === days.length, { message: 'unique' }),
  /** The languages she gives lessons in. */
  languages: z.array(z.enum(LANGUAGES)).max(LANGUAGES.length),
  /** Whether parents can book her free lessons. */
  free_lessons: z.boolean(),
  /** Whether she leads consultation groups. */
  consultation_groups: z.boolean(),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** A teacher of the project with her availability, as the manager's list shows it. */
export const teacherAvailabilitySchema = availabilitySchema.extend({
  teacher_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Her confirmed bookings still to come. */
  upcoming: z.number().int(),
});
export type TeacherAvailability = z.infer<typeof teacherAvailabilitySchema>;

/** `POST /booking/sessions`: a consultation group session of 60 minutes. */
export const consultationSessionInput = z.strictObject({
  teacher_id: bodyId,
  starts_at: z.iso.datetime({ offset: true, message: 'datetime' }),
  language: z.enum(LANGUAGES),
  seats: bounded(BOOKING_BOUNDS.groupSeats).optional(),
});
export type ConsultationSessionInput = z.input<typeof consultationSessionInput>;

export const consultationSessionSchema = z.object({
  id: z.number().int(),
  teacher_id: z.number().int(),
  teacher_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  language: z.enum(LANGUAGES),
  seats: z.number().int(),
  seats_taken: z.number().int(),
});
export type ConsultationSession = z.infer<typeof consultationSessionSchema>;

// ——— The parents' side ———

/** The country as ISO 3166-1 alpha-2 (the form offers the list in the reader's language). */
export const countrySchema = z.string().regex(/^[A-Z]{2}$/, { message: 'country' });

/** Step 1 (who): the parent, the child, the language, the interests and what to book. */
export const bookingPersonInput = z.strictObject({
  kind: z.enum(BOOKING_KINDS),
  parent_name: clientNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  country: countrySchema,
  time_zone: timeZoneSchema,
  language: z.enum(LANGUAGES),
  child_name: clientNameSchema,
  birthdate: birthdateSchema,
  /** The project's themes the child likes (spec §3 Booking: interests). */
  theme_ids: themeIdsSchema,
});
export type BookingPersonInput = z.input<typeof bookingPersonInput>;

/**
 * `PATCH /bookings/:bookingId`: the child's name or birth date corrected by the school; a birth
 * date under 3 on the lesson's day cancels the booking (spec §8).
 */
export const bookingChildInput = z.strictObject({
  child_name: clientNameSchema.optional(),
  birthdate: birthdateSchema.optional(),
});
export type BookingChildInput = z.input<typeof bookingChildInput>;

/** What the public page knows of its school (`GET /appointment/:token`). */
export const bookingPageSchema = z.object({
  school: z.string(),
  /** The languages some teacher gives free lessons or consultation groups in. */
  languages: z.object({ free_lesson: z.array(z.enum(LANGUAGES)), consultation: z.array(z.enum(LANGUAGES)) }),
  themes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  lesson_minutes: z.number().int(),
  horizon_days: z.number().int(),
  change_notice_minutes: z.number().int(),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;

/** `GET /appointment/:token/slots`: the free slots for a kind, language and child. */
export const slotsQuery = z.strictObject({
  kind: z.enum(BOOKING_KINDS),
  language: z.enum(LANGUAGES),
  birthdate: birthdateSchema,
});
export type SlotsQuery = z.infer<typeof slotsQuery>;

/** A free slot: its start and end (instants), the teacher's zone when one teacher holds it, the seats left of a group. */
export const slotSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** A consultation group's session; absent for a free lesson. */
  session_id: z.number().int().optional(),
  seats_left: z.number().int().optional(),
  /** The time zones of the teachers free then (to show the time in the teacher's zone). */
  teacher_time_zones: z.array(z.string()),
});
export type SlotView = z.infer<typeof slotSchema>;

export const slotsAnswer = z.object({
  slots: z.array(slotSchema),
  /** The first day the child is old enough for (the age counts on the lesson's date), when it is not today. */
  old_enough_from: z.string().nullable(),
});
export type SlotsAnswer = z.infer<typeof slotsAnswer>;

/** `POST /appointment/:token/reservations`: step 1's answers and the chosen slot. */
export const reservationInput = bookingPersonInput.extend({
  start: z.iso.datetime({ offset: true, message: 'datetime' }),
  session_id: bodyId.optional(),
  /** The referral code the page was opened with (`?ref=`, decision 039); one that names no family is ignored. */
  ref: referralCodeSchema.optional(),
});
export type ReservationInput = z.input<typeof reservationInput>;

/** A booking as its parent sees it (the reservation, the confirmation, the manage page). */
export const parentBookingSchema = z.object({
  status: z.enum(BOOKING_STATUSES),
  kind: z.enum(BOOKING_KINDS),
  school: z.string(),
  teacher_name: z.string(),
  teacher_time_zone: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  language: z.enum(LANGUAGES),
  child_name: z.string(),
  parent_name: z.string(),
  email: z.string(),
  /** Until when the reservation holds (reserved only). */
  reserved_until: z.string().nullable(),
  /** Until when the parent can still cancel or move it. */
  changeable_until: z.string(),
  cancelled_by: z.enum(CANCELLED_BY).nullable(),
});
export type ParentBooking = z.infer<typeof parentBookingSchema>;

/** A reservation's answer: the booking, and the secret that confirms it (kept by the page only). */
export const reservationAnswer = z.object({
  booking: parentBookingSchema,
  reservation_id: z.number().int(),
  confirm_key: z.string(),
});
export type ReservationAnswer = z.infer<typeof reservationAnswer>;

/** `POST /appointment/:token/reservations/:id/confirm`. */
export const confirmInput = z.strictObject({ confirm_key: z.string().min(1).max(100) });

/** `POST /appointment/manage/:token/move`. */
export const moveInput = z.strictObject({
  start: z.iso.datetime({ offset: true, message: 'datetime' }),
  session_id: bodyId.optional(),
});

// ——— The school's side ———

export const BOOKING_VIEWS = ['upcoming', 'past', 'cancelled', 'no_show', 'all'] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];

/** `GET /bookings`: the project's bookings (a teacher's own). */
export const bookingsQuery = pageQuery.extend({
  workspace_id: idParam,
  role_id: idParam.optional(),
  view: z.enum(BOOKING_VIEWS).default('upcoming'),
  teacher_id: idParam.optional(),
  kind: z.enum(BOOKING_KINDS).optional(),
  search: z.string().trim().max(100).optional(),
});
export type BookingsQuery = z.input<typeof bookingsQuery>;

export const bookingRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(BOOKING_KINDS),
  status: z.enum(BOOKING_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  teacher_id: z.number().int(),
  teacher_name: z.string(),
  parent_name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  time_zone: z.string(),
  language: z.enum(LANGUAGES),
  child_name: z.string(),
  birthdate: z.string(),
  themes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  cancelled_by: z.enum(CANCELLED_BY).nullable(),
  /** The student made from it (`/appointment/client`), if any. */
  client_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type BookingRow = z.infer<typeof bookingRowSchema>;

/** `GET /bookings/week`: a teacher's week (Monday in her zone) with bookings, groups and lessons. */
export const bookingWeekQuery = z.strictObject({
  workspace_id: idParam,
  role_id: idParam.optional(),
  teacher_id: idParam,
  week: z.iso.date({ message: 'date' }),
});
export const weekItemSchema = z.object({
  kind: z.enum(['free_lesson', 'consultation', 'lesson']),
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  title: z.string(),
  status: z.string(),
});
export const bookingWeekSchema = z.object({
  teacher_id: z.number().int(),
  time_zone: z.string(),
  items: z.array(weekItemSchema),
  availability: availabilitySchema,
});
export type BookingWeek = z.infer<typeof bookingWeekSchema>;

/** `POST /bookings/:id/status`: what the school records of a booking. */
export const bookingStatusInput = z.strictObject({ status: z.enum(['held', 'no_show', 'cancelled']) });

/** `POST /appointment/client`: a booking becomes a student (spec §7). */
export const bookingToClientInput = z.strictObject({ booking_id: bodyId });

// ——— Age (spec §8, §9) ———

/** Why a child cannot be booked: under 3 for a lesson, under 6 for the course. */
export type AgeRefusal = 'too_young' | 'course_too_young';

/** The day a child is old enough for a kind: the birthday of its minimum age (29 February → 1 March). */
export function oldEnoughFrom(kind: BookingKind, birthdate: string): string {
  const year = Number(birthdate.slice(0, 4)) + MIN_AGE[kind];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  // A 29 February birthday in a common year: the year completes on 1 March.
  return birthdate.slice(5) === '02-29' && !leap ? `${year}-03-01` : `${year}-${birthdate.slice(5)}`;
}

/**
 * The age refusal, if any, for a lesson on `lessonDate` (the age counts on the lesson's date, spec §8).
 */
export function ageRefusal(kind: BookingKind, birthdate: string, lessonDate: string): AgeRefusal | undefined {
  if (ageInYears(birthdate, lessonDate) >= MIN_AGE[kind]) return undefined;
  return kind === 'consultation' ? 'course_too_young' : 'too_young';
}
