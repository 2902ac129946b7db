/**
 * The school's side of booking (issue 28 item 5; decision 036): the bookings list, a teacher's week,
 * what became of a booking (held, no-show, cancelled by the school), a corrected child, and a
 * booking made a student (`/appointment/client`). A teacher sees and changes only her own bookings;
 * a manager (and root) the project's.
 */
import {
  addDays,
  ageRefusal,
  dayOf,
  instantAt,
  weekdayOf,
  type Availability,
  type BookingRow,
  type BookingStatus,
  type BookingWeek,
  type bookingStatusInput,
  type bookingWeekQuery,
  type bookingsQuery,
} from '@logoschool/contract';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { assignments, clients, lessons, protocols, themes, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { freeSession } from './appointment.service.ts';
import { oneADay } from './booking-errors.ts';
import { bookingScope } from './booking-scope.ts';
import {
  bookingSessions,
  bookings,
  teacherAvailability,
  type BookingRowDb,
  type BookingSessionRow,
} from './booking.schema.ts';

/**
 * The bookings a caller may reach: the project's, and for a teacher only her own sessions'. The
 * project is read on the session (a booking's is its session's): the lists then walk the sessions'
 * (project, start) index in order and stop at the page, rather than sort every booking (bench:
 * 21,000 bookings, a page in 4 ms instead of 150).
 */
function reachable(actor: ProjectActor): SQL | undefined {
  return and(
    eq(bookingSessions.workspaceId, actor.workspaceId),
    bookingScope(actor.role) === 'own' ? eq(bookingSessions.teacherId, actor.userId) : undefined,
  );
}

const LIVE: BookingStatus[] = ['reserved', 'confirmed'];

/** The list's tabs (contract `BOOKING_VIEWS`). */
function viewFilter(view: z.output<typeof bookingsQuery>['view']): SQL | undefined {
  const now = sql`now()`;
  switch (view) {
    case 'upcoming':
      return and(inArray(bookings.status, LIVE), gte(bookingSessions.startsAt, now));
    case 'past':
      return or(
        eq(bookings.status, 'held'),
        and(eq(bookings.status, 'confirmed'), lt(bookingSessions.startsAt, now)),
      );
    case 'cancelled':
      return eq(bookings.status, 'cancelled');
    case 'no_show':
      return eq(bookings.status, 'no_show');
    case 'all':
      return undefined;
  }
}

/** `%` and `_` typed by the user are letters, not patterns. */
const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

type Joined = { booking: BookingRowDb; session: BookingSessionRow; teacherName: string };

/** Rows as the contract's `BookingRow`, with the names of their themes (the project's only). */
async function rowViews(tx: Tx, workspaceId: number, rows: readonly Joined[]): Promise<BookingRow[]> {
  const ids = [...new Set(rows.flatMap((row) => row.booking.themeIds))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ id: themes.id, name: themes.name })
            .from(themes)
            .where(and(eq(themes.workspaceId, workspaceId), inArray(themes.id, ids)))
        ).map((theme) => [theme.id, theme.name]),
  );
  return rows.map(({ booking, session, teacherName }) => ({
    id: booking.id,
    kind: session.kind,
    status: booking.status,
    starts_at: session.startsAt.toISOString(),
    ends_at: session.endsAt.toISOString(),
    teacher_id: session.teacherId,
    teacher_name: teacherName,
    parent_name: booking.parentName,
    email: booking.email,
    phone: booking.phone,
    country: booking.country,
    time_zone: booking.timeZone,
    language: booking.language as BookingRow['language'],
    child_name: booking.childName,
    birthdate: booking.birthdate,
    themes: booking.themeIds.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    cancelled_by: booking.cancelledBy,
    client_id: booking.clientId,
    created_at: booking.createdAt.toISOString(),
  }));
}

const joined = (tx: Tx) =>
  tx
    .select({ booking: bookings, session: bookingSessions, teacherName: users.name })
    .from(bookings)
    .innerJoin(bookingSessions, eq(bookingSessions.id, bookings.sessionId))
    .innerJoin(users, eq(users.id, bookingSessions.teacherId));

/** `GET /bookings`: a page of the bookings the caller may see, in the view and filters asked. */
export async function listBookings(db: Db, actor: ProjectActor, query: z.output<typeof bookingsQuery>) {
  const search = query.search ? likeOf(query.search) : undefined;
  const where = and(
    reachable(actor),
    viewFilter(query.view),
    query.teacher_id === undefined ? undefined : eq(bookingSessions.teacherId, query.teacher_id),
    query.kind === undefined ? undefined : eq(bookingSessions.kind, query.kind),
    search === undefined
      ? undefined
      : or(
          ilike(bookings.parentName, search),
          ilike(bookings.childName, search),
          ilike(bookings.email, search),
        ),
  );
  // What is to come reads soonest first; what has been, the latest first.
  const order = query.view === 'upcoming' ? asc(bookingSessions.startsAt) : desc(bookingSessions.startsAt);
  const rows = await joined(db)
    .where(where)
    .orderBy(order, asc(bookings.id))
    .limit(query.per_page)
    .offset(pageOffset(query));
  const [total] = await db
    .select(rowCount())
    .from(bookings)
    .innerJoin(bookingSessions, eq(bookingSessions.id, bookings.sessionId))
    .where(where);
  return pageOf(await rowViews(db, actor.workspaceId, rows), total, query);
}

/** One booking the caller may reach, its row locked when asked; 404 otherwise. */
async function reachableBooking(tx: Tx, actor: ProjectActor, id: number, lock = false): Promise<Joined> {
  const query = joined(tx).where(and(reachable(actor), eq(bookings.id, id)));
  const [found] = lock ? await query.for('update', { of: bookings }) : await query;
  if (!found) throw notFound();
  return found;
}

async function bookingRow(tx: Tx, actor: ProjectActor, id: number): Promise<BookingRow> {
  const [row] = await rowViews(tx, actor.workspaceId, [await reachableBooking(tx, actor, id)]);
  if (!row) throw new Error(`booking ${id} has no row after changing it`);
  return row;
}

/** Frees a cancelled booking's time: a free lesson's session ends, a group gets its seat back. */
/** Cancels a live booking and frees its time, in the caller's transaction. */
async function cancelBooking(tx: Tx, found: Joined, by: 'school' | 'too_young'): Promise<void> {
  await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelledBy: by,
      reservedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(bookings.id, found.booking.id));
  await freeSession(tx, found.session, new Date());
}

/** What the caller should tell after a change committed. */
export interface BookingChange {
  row: BookingRow;
  /** The parent's mail to send ('cancelled', 'too_young'), if any; and whether the teacher is told. */
  mail: 'cancelled' | 'too_young' | null;
}

/**
 * `POST /bookings/:bookingId/status`: held or no-show once the lesson has started (a confirmed booking, or
 * one of the two corrected), cancelled by the school before it starts (a live booking; its time is
 * freed). 409 `status_unchanged`, `transition_refused` (not from this state, or held before the
 * start), `too_late` (cancelling after the start).
 */
export async function setBookingStatus(
  db: Db,
  actor: ProjectActor,
  id: number,
  input: z.output<typeof bookingStatusInput>,
): Promise<BookingChange> {
  return db.transaction(async (tx) => {
    const found = await reachableBooking(tx, actor, id, true);
    const { booking, session } = found;
    if (booking.status === input.status) throw new AppError('status_unchanged');
    const started = session.startsAt.getTime() <= Date.now();
    if (input.status === 'cancelled') {
      if (!LIVE.includes(booking.status)) throw new AppError('transition_refused');
      if (started) throw new AppError('too_late');
      await cancelBooking(tx, found, 'school');
    } else {
      const from: BookingStatus[] = ['confirmed', 'held', 'no_show'];
      if (!from.includes(booking.status) || !started) throw new AppError('transition_refused');
      await tx
        .update(bookings)
        .set({ status: input.status, updatedAt: new Date() })
        .where(eq(bookings.id, booking.id));
    }
    return {
      row: await bookingRow(tx, actor, id),
      mail: input.status === 'cancelled' ? 'cancelled' : null,
    };
  });
}

/** Whether an error is PostgreSQL's unique violation (drizzle keeps the driver's error as its cause). */
/**
 * `PATCH /bookings/:bookingId`: the child's name or birth date corrected. A birth date that makes the
 * child under 3 on the lesson's date (in the parent's zone; spec §8) cancels a live booking as the
 * system (`cancelled_by: too_young`), frees its time, and the parent is told why. 409
 * `booking_exists` when the corrected child already has a live booking that day.
 */
export async function updateBooking(
  db: Db,
  actor: ProjectActor,
  id: number,
  input: { child_name?: string | undefined; birthdate?: string | undefined },
): Promise<BookingChange> {
  try {
    return await db.transaction(async (tx) => {
      const found = await reachableBooking(tx, actor, id, true);
      const { booking, session } = found;
      await tx
        .update(bookings)
        .set({
          ...(input.child_name === undefined ? {} : { childName: input.child_name }),
          ...(input.birthdate === undefined ? {} : { birthdate: input.birthdate }),
          updatedAt: new Date(),
        })
        .where(eq(bookings.id, booking.id));
      const birthdate = input.birthdate ?? booking.birthdate;
      const lessonDay = dayOf(session.startsAt, booking.timeZone);
      const tooYoung =
        LIVE.includes(booking.status) &&
        ageRefusal('free_lesson', birthdate, lessonDay) === 'too_young' &&
        input.birthdate !== undefined;
      if (tooYoung) await cancelBooking(tx, found, 'too_young');
      return { row: await bookingRow(tx, actor, id), mail: tooYoung ? ('too_young' as const) : null };
    });
  } catch (error) {
    throw oneADay(error);
  }
}

const NO_AVAILABILITY = (timeZone: string): Availability => ({
  time_zone: timeZone,
  weekly: [],
  exceptions: [],
  languages: [],
  free_lessons: false,
  consultation_groups: false,
});

/**
 * `GET /bookings/week`: a teacher's week from Monday in her zone (the week of the day asked): her
 * free lessons (with their booking), her consultation groups, her plans' lessons, and her
 * availability. A teacher asks for her own week only; another teacher's, or one outside the
 * project, is 404.
 */
export async function bookingWeek(
  db: Db,
  actor: ProjectActor,
  query: z.output<typeof bookingWeekQuery>,
): Promise<BookingWeek> {
  const teacherId = query.teacher_id;
  if (bookingScope(actor.role) === 'own' && teacherId !== actor.userId) throw notFound();
  const [member] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.workspaceId, actor.workspaceId), eq(assignments.userId, teacherId)));
  if (!member) throw notFound();
  const [kept] = await db
    .select()
    .from(teacherAvailability)
    .where(
      and(
        eq(teacherAvailability.workspaceId, actor.workspaceId),
        eq(teacherAvailability.teacherId, teacherId),
      ),
    );
  const availability: Availability = kept
    ? {
        time_zone: kept.timeZone,
        weekly: kept.weekly,
        exceptions: kept.exceptions,
        languages: kept.languages as Availability['languages'],
        free_lessons: kept.freeLessons,
        consultation_groups: kept.consultationGroups,
      }
    : NO_AVAILABILITY('UTC');
  const zone = availability.time_zone;
  const monday = addDays(query.week, 1 - weekdayOf(query.week));
  const from = instantAt(monday, '00:00', zone);
  const to = instantAt(addDays(monday, 7), '00:00', zone);

  const sessions = await db
    .select({ session: bookingSessions, booking: bookings })
    .from(bookingSessions)
    .leftJoin(
      bookings,
      and(
        eq(bookings.sessionId, bookingSessions.id),
        inArray(bookings.status, ['reserved', 'confirmed', 'held', 'no_show']),
      ),
    )
    .where(
      and(
        eq(bookingSessions.workspaceId, actor.workspaceId),
        eq(bookingSessions.teacherId, teacherId),
        isNull(bookingSessions.cancelledAt),
        lt(bookingSessions.startsAt, to),
        gte(bookingSessions.endsAt, from),
      ),
    )
    .orderBy(asc(bookingSessions.startsAt), asc(bookingSessions.id));
  const items: BookingWeek['items'] = [];
  const groups = new Set<number>();
  for (const { session, booking } of sessions) {
    const times = { starts_at: session.startsAt.toISOString(), ends_at: session.endsAt.toISOString() };
    if (session.kind === 'consultation') {
      // A group appears once, whatever the number of its bookings.
      if (groups.has(session.id)) continue;
      groups.add(session.id);
      items.push({
        kind: 'consultation',
        id: session.id,
        ...times,
        title: `${session.language.toUpperCase()} ${session.seatsTaken}/${session.seats}`,
        status: 'group',
      });
    } else if (booking) {
      items.push({
        kind: 'free_lesson',
        id: booking.id,
        ...times,
        title: booking.childName,
        status: booking.status,
      });
    }
  }
  const planLessons = await db
    .select({
      id: lessons.id,
      startsAt: lessons.startsAt,
      minutes: lessons.durationMinutes,
      finishedAt: lessons.finishedAt,
      child: clients.childName,
    })
    .from(lessons)
    .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
    .innerJoin(clients, eq(clients.id, protocols.clientId))
    .where(
      and(
        eq(lessons.workspaceId, actor.workspaceId),
        eq(lessons.teacherId, teacherId),
        gte(lessons.startsAt, from),
        lt(lessons.startsAt, to),
      ),
    )
    .orderBy(asc(lessons.startsAt), asc(lessons.id));
  for (const lesson of planLessons) {
    // The query asked for lessons within the week: each has its date.
    const start = lesson.startsAt ?? from;
    items.push({
      kind: 'lesson',
      id: lesson.id,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + lesson.minutes * 60_000).toISOString(),
      title: lesson.child,
      status: lesson.finishedAt ? 'finished' : 'planned',
    });
  }
  items.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.kind.localeCompare(b.kind) || a.id - b.id);
  return { teacher_id: teacherId, time_zone: zone, items, availability };
}
