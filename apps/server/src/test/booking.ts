import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** What a test booking is made of; every field has a default. */
export interface BookingValues {
  workspaceId: number;
  teacherId: number;
  kind?: 'free_lesson' | 'consultation';
  status?: 'reserved' | 'confirmed' | 'held' | 'no_show' | 'cancelled';
  /** The lesson's start; in two days and some hours unless said (each booking its own time). */
  startsAt?: Date;
  minutes?: number;
  parentName?: string;
  email?: string;
  childName?: string;
  birthdate?: string;
  timeZone?: string;
  language?: string;
  interfaceLanguage?: string;
  themeIds?: number[];
  /** A consultation group's seats (the session is made with one seat taken). */
  seats?: number;
  /** An existing session to book (a group's); a new one otherwise. */
  sessionId?: number;
}

let counter = 0;

/** What `insert … returning id` answers through the driver. */
type Inserted = { rows: { id: number }[] };

/**
 * A booking and its session written straight to the tables, as the public page would leave them
 * (in SQL: the tables are the booking module's own, and test helpers use modules only as the app does).
 */
export async function buildBooking(
  db: Db,
  values: BookingValues,
): Promise<{ id: number; sessionId: number }> {
  counter += 1;
  const startsAt = values.startsAt ?? new Date(Date.now() + (48 + 2 * counter) * 3600_000);
  const minutes = values.minutes ?? (values.kind === 'consultation' ? 60 : 45);
  const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
  const kind = values.kind ?? 'free_lesson';
  const timeZone = values.timeZone ?? 'Europe/Kyiv';
  let sessionId: number;
  if (values.sessionId === undefined) {
    const session = await db.execute(sql`
      insert into booking_sessions (workspace_id, teacher_id, kind, language, starts_at, ends_at, blocks_until, seats, seats_taken)
      values (${values.workspaceId}, ${values.teacherId}, ${kind}, ${values.language ?? 'uk'}, ${startsAt.toISOString()},
        ${endsAt.toISOString()}, ${endsAt.toISOString()}, ${values.seats ?? 1}, 1)
      returning id`);
    const [made] = (session as unknown as Inserted).rows;
    if (!made) throw new Error('the test session was not written');
    sessionId = made.id;
  } else {
    sessionId = values.sessionId;
    await db.execute(sql`update booking_sessions set seats_taken = seats_taken + 1 where id = ${sessionId}`);
  }
  const status = values.status ?? 'confirmed';
  const unique = `${Date.now().toString(36)}${counter}`;
  const themeIds = `{${(values.themeIds ?? []).join(',')}}`;
  const booking = await db.execute(sql`
    insert into bookings (workspace_id, session_id, status, parent_name, email, phone, country, time_zone,
      language, child_name, birthdate, theme_ids, parent_day, interface_language, confirmed_at, cancelled_at, cancelled_by)
    values (${values.workspaceId}, ${sessionId}, ${status}, ${values.parentName ?? 'Olena Kovalenko'},
      ${values.email ?? `parent-${unique}@example.test`}, '+380501234567', 'UA', ${timeZone},
      ${values.language ?? 'uk'}, ${values.childName ?? `Taras ${unique}`}, ${values.birthdate ?? '2020-05-10'},
      ${themeIds}::int[], (${startsAt.toISOString()}::timestamptz at time zone ${timeZone})::date,
      ${values.interfaceLanguage ?? 'uk'}, ${status === 'reserved' ? null : new Date().toISOString()},
      ${status === 'cancelled' ? new Date().toISOString() : null}, ${status === 'cancelled' ? 'school' : null})
    returning id`);
  const [made] = (booking as unknown as Inserted).rows;
  if (!made) throw new Error('the test booking was not written');
  return { id: made.id, sessionId };
}
