/**
 * Free-lesson booking's tables (issue 28; decision 036). A teacher's time taken by booking is a
 * `booking_sessions` row: a free lesson (one seat) or a consultation group (its seats). The
 * database refuses two live sessions of one teacher whose times, each with the buffer after it,
 * overlap (the exclusion constraint added by hand in the migration, `booking_sessions_no_overlap`),
 * and a group's seats never overfill (`seats_taken <= seats`). A parent's booking is a `bookings`
 * row in one session; one child or one e-mail has at most one live booking per day (the parent's
 * calendar day), by two unique indexes.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Availability, BookingKind, BookingStatus, CancelledBy } from '@logoschool/contract';
import { clients } from '../../db/schema/clients.ts';
import { belongsTo, createdAt, id, timestamps } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

/** A project's booking rules (contract `bookingSettingsSchema`); a project without a row has the defaults. */
export const bookingSettings = pgTable(
  'booking_settings',
  {
    workspaceId: workspaceRef().primaryKey(),
    lessonMinutes: smallint('lesson_minutes').notNull(),
    bufferMinutes: smallint('buffer_minutes').notNull(),
    bookingNoticeMinutes: integer('booking_notice_minutes').notNull(),
    changeNoticeMinutes: integer('change_notice_minutes').notNull(),
    horizonDays: smallint('horizon_days').notNull(),
    groupSeats: smallint('group_seats').notNull(),
    ...timestamps(),
  },
  (table) => [check('booking_settings_lesson_check', sql`${table.lessonMinutes} between 45 and 60`)],
);

/** A teacher's availability in a project (contract `availabilitySchema`), in her own time zone. */
export const teacherAvailability = pgTable(
  'teacher_availability',
  {
    workspaceId: workspaceRef(),
    teacherId: belongsTo('teacher_id', () => users.id, 'cascade'),
    timeZone: text('time_zone').notNull(),
    weekly: jsonb('weekly').$type<Availability['weekly']>().notNull().default([]),
    exceptions: jsonb('exceptions').$type<Availability['exceptions']>().notNull().default([]),
    languages: text('languages').array().notNull().default([]),
    freeLessons: boolean('free_lessons').notNull().default(false),
    consultationGroups: boolean('consultation_groups').notNull().default(false),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.teacherId] })],
);

/**
 * A teacher's time taken: a free lesson (one seat, made when a parent reserves it) or a
 * consultation group (made by the school, `seats` of them). `blocks_until` is its end plus the
 * project's buffer when it was made; `cancelled_at` frees it.
 */
export const bookingSessions = pgTable(
  'booking_sessions',
  {
    id: id(),
    workspaceId: workspaceRef(),
    teacherId: belongsTo('teacher_id', () => users.id, 'restrict'),
    kind: text('kind').$type<BookingKind>().notNull(),
    language: text('language').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    blocksUntil: timestamp('blocks_until', { withTimezone: true }).notNull(),
    seats: smallint('seats').notNull().default(1),
    seatsTaken: smallint('seats_taken').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('booking_sessions_workspace_starts_idx').on(table.workspaceId, table.startsAt),
    index('booking_sessions_teacher_starts_idx').on(table.teacherId, table.startsAt),
    check('booking_sessions_kind_check', sql`${table.kind} in ('free_lesson', 'consultation')`),
    check(
      'booking_sessions_times_check',
      sql`${table.startsAt} < ${table.endsAt} and ${table.endsAt} <= ${table.blocksUntil}`,
    ),
    check('booking_sessions_seats_check', sql`${table.seatsTaken} between 0 and ${table.seats}`),
  ],
);

/**
 * A parent's booking of a session (spec §3 Booking: name, time zone, country, language, age,
 * interests, time slot). `reserved` until `reserved_until` (then the sweep frees it), then
 * `confirmed`; `parent_day` is the lesson's calendar day in the parent's time zone.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    workspaceId: workspaceRef(),
    sessionId: belongsTo('session_id', () => bookingSessions.id, 'cascade'),
    status: text('status').$type<BookingStatus>().notNull(),
    parentName: text('parent_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    timeZone: text('time_zone').notNull(),
    language: text('language').notNull(),
    childName: text('child_name').notNull(),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    themeIds: integer('theme_ids').array().notNull().default([]),
    parentDay: date('parent_day', { mode: 'string' }).notNull(),
    /** The interface language the parent booked in: mails and reminders speak it. */
    interfaceLanguage: text('interface_language').notNull(),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** sha256 of the secret that confirms the reservation (the page keeps the secret). */
    confirmKeyHash: text('confirm_key_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').$type<CancelledBy>(),
    /** The reminders sent (24 hours and 1 hour before): each claimed once, then sent. */
    reminded24At: timestamp('reminded_24_at', { withTimezone: true }),
    reminded1At: timestamp('reminded_1_at', { withTimezone: true }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bookings_workspace_status_idx').on(table.workspaceId, table.status),
    index('bookings_session_idx').on(table.sessionId),
    uniqueIndex('bookings_email_day_unique')
      .on(table.workspaceId, sql`lower(${table.email})`, table.parentDay)
      .where(sql`${table.status} in ('reserved', 'confirmed')`),
    uniqueIndex('bookings_child_day_unique')
      .on(table.workspaceId, sql`lower(${table.childName})`, table.birthdate, table.parentDay)
      .where(sql`${table.status} in ('reserved', 'confirmed')`),
    check(
      'bookings_status_check',
      sql`${table.status} in ('reserved', 'confirmed', 'held', 'no_show', 'cancelled')`,
    ),
  ],
);

export type BookingRowDb = typeof bookings.$inferSelect;
export type BookingSessionRow = typeof bookingSessions.$inferSelect;
