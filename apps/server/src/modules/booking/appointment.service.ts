/**
 * The parents' booking page (spec §2 "/appointment, two forms in steps"; decision 036): what the
 * page shows of its school, the free slots, the reservation that holds a slot for a few minutes,
 * and its confirmation, which mails the parent their manage link and the teacher the news.
 */
import {
  ageRefusal,
  dayOf,
  LANGUAGES,
  pickTeacher,
  RESERVATION_MINUTES,
  type BookingPage,
  type BookingSettings,
  type Language,
  type ParentBooking,
  type ReservationAnswer,
  type ReservationInput,
  type SlotsQuery,
  type SlotsAnswer,
} from '@logoschool/contract';
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { themes, users, workspaces } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { invalidLink, newLinkToken, openLink } from '../public-links/index.ts';
import { visibleIn } from '../themes/index.ts';
import {
  availabilityView,
  DEFAULT_TEACHER_ZONE,
  projectTeachers,
  upcomingLoad,
} from './availability.service.ts';
import { isOverlap, oneADay, slotTaken } from './booking-errors.ts';
import { bookingReferrals } from './booking-referrals.ts';
import { bookingPageLinks } from './booking-links.ts';
import { releaseExpired, releaseOne } from './booking-release.ts';
import { readBookingSettings } from './booking-settings.ts';
import {
  bookingSessions,
  bookings,
  teacherAvailability,
  type BookingRowDb,
  type BookingSessionRow,
} from './booking.schema.ts';
import { findSlots, slotViews } from './slots.service.ts';

const MINUTE = 60_000;

/** The project a booking page's token opens: 404 (the kit's) for a wrong or withdrawn one, or an archived project. */
export async function openBookingPage(tx: Tx, token: string) {
  const { workspaceId } = await openLink(tx, bookingPageLinks, token);
  const [project] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!project || project.archived) throw invalidLink();
  return project;
}

/** `GET /appointment/:token`: the school, its languages per kind, its themes and rules. */
export async function bookingPage(db: Db, token: string): Promise<BookingPage> {
  const project = await openBookingPage(db, token);
  const settings = await readBookingSettings(db, project.id);
  const teachers = (await projectTeachers(db, project.id)).map((teacher) =>
    availabilityView(teacher.availability),
  );
  const offered = (on: (availability: (typeof teachers)[number]) => boolean) =>
    LANGUAGES.filter((language) =>
      teachers.some((teacher) => on(teacher) && teacher.languages.includes(language)),
    );
  const projectThemes = await db
    .select({ id: themes.id, name: themes.name })
    .from(themes)
    .where(visibleIn(project.id))
    .orderBy(themes.name, themes.id);
  return {
    school: project.title,
    languages: {
      free_lesson: offered((teacher) => teacher.free_lessons),
      consultation: offered((teacher) => teacher.consultation_groups),
    },
    themes: projectThemes,
    lesson_minutes: settings.lesson_minutes,
    horizon_days: settings.horizon_days,
    change_notice_minutes: settings.change_notice_minutes,
  };
}

/** `GET /appointment/:token/slots`. */
export async function pageSlots(
  db: Db,
  token: string,
  query: SlotsQuery,
  now = new Date(),
): Promise<SlotsAnswer> {
  const project = await openBookingPage(db, token);
  const settings = await readBookingSettings(db, project.id);
  return slotViews(await findSlots(db, project.id, settings, query, now));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A booking with its session, teacher and school, as its parent sees it. */
export async function parentView(tx: Tx, bookingId: number): Promise<ParentBooking> {
  const [row] = await tx
    .select({
      booking: bookings,
      session: bookingSessions,
      teacher: users.name,
      zone: teacherAvailability.timeZone,
      school: workspaces.title,
    })
    .from(bookings)
    .innerJoin(bookingSessions, eq(bookingSessions.id, bookings.sessionId))
    .innerJoin(users, eq(users.id, bookingSessions.teacherId))
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
    .leftJoin(
      teacherAvailability,
      and(
        eq(teacherAvailability.workspaceId, bookings.workspaceId),
        eq(teacherAvailability.teacherId, bookingSessions.teacherId),
      ),
    )
    .where(eq(bookings.id, bookingId));
  if (!row) throw notFound();
  const settings = await readBookingSettings(tx, row.booking.workspaceId);
  return presentBooking(row.booking, row.session, {
    teacher: row.teacher,
    teacherZone: row.zone ?? DEFAULT_TEACHER_ZONE,
    school: row.school,
    settings,
  });
}

export function presentBooking(
  booking: BookingRowDb,
  session: BookingSessionRow,
  facts: { teacher: string; teacherZone: string; school: string; settings: BookingSettings },
): ParentBooking {
  return {
    status: booking.status,
    kind: session.kind,
    school: facts.school,
    teacher_name: facts.teacher,
    teacher_time_zone: facts.teacherZone,
    starts_at: session.startsAt.toISOString(),
    ends_at: session.endsAt.toISOString(),
    time_zone: booking.timeZone,
    language: booking.language as Language,
    child_name: booking.childName,
    parent_name: booking.parentName,
    email: booking.email,
    reserved_until: booking.status === 'reserved' ? (booking.reservedUntil?.toISOString() ?? null) : null,
    changeable_until: new Date(
      session.startsAt.getTime() - facts.settings.change_notice_minutes * MINUTE,
    ).toISOString(),
    cancelled_by: booking.cancelledBy ?? null,
  };
}

/** 422 unless every theme is one the project sees. */
async function assertThemes(tx: Tx, workspaceId: number, themeIds: readonly number[], lang: Language) {
  if (themeIds.length === 0) return;
  const seen = await tx
    .select({ id: themes.id })
    .from(themes)
    .where(and(inArray(themes.id, [...new Set(themeIds)]), visibleIn(workspaceId)));
  if (seen.length < new Set(themeIds).size) {
    throw new AppError('validation_failed', {}, { theme_ids: [fieldMessage(lang, 'themeUnknown')] });
  }
}

/** 422 `too_young` / `course_too_young` when the child is under age on the lesson's day in the parent's zone. */
export function assertOldEnough(
  kind: BookingSessionRow['kind'],
  birthdate: string,
  start: Date,
  timeZone: string,
) {
  const refusal = ageRefusal(kind, birthdate, dayOf(start, timeZone));
  if (refusal) throw new AppError(refusal);
}

/**
 * A free-lesson session at `start` for one of the teachers free then: the least loaded first; one
 * whose time was just taken (the exclusion constraint, in a savepoint) gives way to the next.
 * 409 `slot_taken` when none is left. `prefer`: tried first (a move keeps its teacher if free).
 */
export async function takeFreeLesson(
  tx: Tx,
  workspaceId: number,
  settings: BookingSettings,
  slot: { start: Date; teacherIds: number[]; language: Language },
  now: Date,
  prefer?: number,
): Promise<BookingSessionRow> {
  const load = await upcomingLoad(tx, workspaceId, now);
  const left = [...slot.teacherIds];
  const end = new Date(slot.start.getTime() + settings.lesson_minutes * MINUTE);
  while (left.length > 0) {
    const teacherId = prefer !== undefined && left.includes(prefer) ? prefer : pickTeacher(left, load);
    if (teacherId === undefined) break;
    left.splice(left.indexOf(teacherId), 1);
    try {
      const [session] = await tx.transaction((savepoint) =>
        savepoint
          .insert(bookingSessions)
          .values({
            workspaceId,
            teacherId,
            kind: 'free_lesson',
            language: slot.language,
            startsAt: slot.start,
            endsAt: end,
            blocksUntil: new Date(end.getTime() + settings.buffer_minutes * MINUTE),
            seats: 1,
            seatsTaken: 1,
          })
          .returning(),
      );
      if (!session) throw new Error('the free lesson was not written');
      return session;
    } catch (error) {
      if (!isOverlap(error)) throw error;
    }
  }
  throw slotTaken();
}

/** A seat in a consultation group still open to booking, taken by one conditional update; 409 `slot_taken` otherwise. */
export async function takeSeat(
  tx: Tx,
  workspaceId: number,
  settings: BookingSettings,
  sessionId: number,
  language: Language,
  now: Date,
): Promise<BookingSessionRow> {
  const [session] = await tx
    .update(bookingSessions)
    .set({ seatsTaken: sql`${bookingSessions.seatsTaken} + 1`, updatedAt: now })
    .where(
      and(
        eq(bookingSessions.id, sessionId),
        eq(bookingSessions.workspaceId, workspaceId),
        eq(bookingSessions.kind, 'consultation'),
        eq(bookingSessions.language, language),
        isNull(bookingSessions.cancelledAt),
        lt(bookingSessions.seatsTaken, bookingSessions.seats),
        gte(bookingSessions.startsAt, new Date(now.getTime() + settings.booking_notice_minutes * MINUTE)),
        lt(bookingSessions.startsAt, new Date(now.getTime() + settings.horizon_days * 24 * 60 * MINUTE)),
      ),
    )
    .returning();
  if (!session) throw slotTaken();
  return session;
}

/** Gives a booking's time back: a free lesson's session is cancelled, a group's seat freed. */
export async function freeSession(tx: Tx, session: BookingSessionRow, now: Date) {
  await tx
    .update(bookingSessions)
    .set(
      session.kind === 'free_lesson'
        ? { cancelledAt: now, updatedAt: now }
        : { seatsTaken: sql`greatest(${bookingSessions.seatsTaken} - 1, 0)`, updatedAt: now },
    )
    .where(eq(bookingSessions.id, session.id));
}

/**
 * The session a booking takes at the chosen time: a free lesson's new session with a teacher free
 * then, or a group's seat. The slot must be one of the free ones at `now` (409 `slot_taken`).
 */
export async function takeSlot(
  tx: Tx,
  workspaceId: number,
  settings: BookingSettings,
  choice: {
    kind: BookingSessionRow['kind'];
    language: Language;
    birthdate: string;
    start: Date;
    sessionId?: number;
    excludeSessionId?: number;
    prefer?: number;
  },
  now: Date,
  lang: Language,
): Promise<BookingSessionRow> {
  if (choice.kind === 'consultation') {
    if (choice.sessionId === undefined) {
      throw new AppError('validation_failed', {}, { session_id: [fieldMessage(lang, 'required')] });
    }
    return takeSeat(tx, workspaceId, settings, choice.sessionId, choice.language, now);
  }
  const found = await findSlots(tx, workspaceId, settings, choice, now);
  const slot = found.slots.find((free) => new Date(free.start).getTime() === choice.start.getTime());
  if (!slot) throw slotTaken();
  return takeFreeLesson(
    tx,
    workspaceId,
    settings,
    { start: choice.start, teacherIds: slot.teacherIds, language: choice.language },
    now,
    choice.prefer,
  );
}

/**
 * `POST /appointment/:token/reservations`, in one transaction: lapsed reservations freed, the
 * themes and the age checked, the slot taken (the database settles a race), the booking written as
 * `reserved` for `RESERVATION_MINUTES` with the hash of a random confirm key (the answer alone
 * carries the key). A second live booking of the e-mail or child that day: 409 `booking_exists`.
 */
export async function reserve(
  db: Db,
  token: string,
  input: ReservationInput & { theme_ids: number[] },
  lang: Language,
  now = new Date(),
): Promise<ReservationAnswer> {
  // The confirm key has the public links' shape and generator: 32 random bytes, base64url.
  const key = newLinkToken();
  const id = await db
    .transaction(async (tx) => {
      const project = await openBookingPage(tx, token);
      const settings = await readBookingSettings(tx, project.id);
      await releaseExpired(tx, now, project.id);
      await assertThemes(tx, project.id, input.theme_ids, lang);
      const sessionStart = input.kind === 'consultation' ? undefined : new Date(input.start);
      if (sessionStart) assertOldEnough(input.kind, input.birthdate, sessionStart, input.time_zone);
      const session = await takeSlot(
        tx,
        project.id,
        settings,
        {
          kind: input.kind,
          language: input.language,
          birthdate: input.birthdate,
          start: new Date(input.start),
          ...(input.session_id === undefined ? {} : { sessionId: input.session_id }),
        },
        now,
        lang,
      );
      assertOldEnough(session.kind, input.birthdate, session.startsAt, input.time_zone);
      const [booking] = await tx
        .insert(bookings)
        .values({
          workspaceId: project.id,
          sessionId: session.id,
          status: 'reserved',
          parentName: input.parent_name,
          email: input.email,
          phone: input.phone,
          country: input.country,
          timeZone: input.time_zone,
          language: input.language,
          childName: input.child_name,
          birthdate: input.birthdate,
          themeIds: [...new Set(input.theme_ids)],
          parentDay: dayOf(session.startsAt, input.time_zone),
          interfaceLanguage: lang,
          reservedUntil: new Date(now.getTime() + RESERVATION_MINUTES * MINUTE),
          confirmKeyHash: sha256(key),
        })
        .returning({ id: bookings.id });
      if (!booking) throw new Error('the booking was not written');
      if (input.ref) {
        const reserved = { id: booking.id, workspaceId: project.id, email: input.email, phone: input.phone };
        await bookingReferrals()?.reserved(tx, reserved, input.ref);
      }
      return booking.id;
    })
    .catch((error: unknown) => {
      throw oneADay(error);
    });
  return { booking: await parentView(db, id), reservation_id: id, confirm_key: key };
}

/** Whether a key is the one whose hash is kept (compared in constant time). */
function keyMatches(key: string, hash: string | null): boolean {
  if (!hash) return false;
  const given = Buffer.from(sha256(key), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/**
 * `POST /appointment/:token/reservations/:id/confirm`: the reservation of the page's project whose
 * key matches becomes `confirmed` (a second call with the key answers the same); lapsed: 410
 * `reservation_expired`; a wrong key or id: 404. Gives the booking's id, and whether it was
 * confirmed now (then the caller issues the manage link's mails).
 */
export async function confirmReservation(
  tx: Tx,
  token: string,
  id: number,
  key: string,
  now = new Date(),
): Promise<{ bookingId: number; workspaceId: number; confirmedNow: boolean }> {
  const project = await openBookingPage(tx, token);
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.workspaceId, project.id), eq(bookings.id, id)))
    .for('update');
  if (!booking || !keyMatches(key, booking.confirmKeyHash)) throw notFound();
  if (booking.status === 'confirmed') return { bookingId: id, workspaceId: project.id, confirmedNow: false };
  if (booking.status !== 'reserved' || !booking.reservedUntil || booking.reservedUntil <= now) {
    throw new AppError('reservation_expired');
  }
  await tx
    .update(bookings)
    .set({ status: 'confirmed', confirmedAt: now, reservedUntil: null, updatedAt: now })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'reserved'), gt(bookings.reservedUntil, now)));
  return { bookingId: id, workspaceId: project.id, confirmedNow: true };
}

/**
 * `POST /appointment/:token/reservations/:id/release`: the parent chose another time, so the slot
 * held for them is freed at once rather than when it lapses. A wrong key or id: 404; a booking
 * confirmed meanwhile is kept (its manage link cancels it); one already freed answers the same.
 */
export async function releaseReservation(tx: Tx, token: string, id: number, key: string, now = new Date()) {
  const project = await openBookingPage(tx, token);
  const [booking] = await tx
    .select({ confirmKeyHash: bookings.confirmKeyHash })
    .from(bookings)
    .where(and(eq(bookings.workspaceId, project.id), eq(bookings.id, id)));
  if (!booking || !keyMatches(key, booking.confirmKeyHash)) throw notFound();
  await releaseOne(tx, now, id);
}
