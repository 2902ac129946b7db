/**
 * The Demo school's free-lesson booking (issue 28 item 6): its settings, its two teachers'
 * availability (Tetiana in Kyiv, who also leads consultation groups; Laura in London), two
 * consultation groups next week, a few bookings (upcoming confirmed ones, one held and made a
 * student, one cancelled) and the booking page's public link, so that every booking screen and
 * `/appointment/<token>` show content. Written in SQL: the tables are the booking module's own, and
 * the seed uses modules only through their entries. Safe to run again: a school that has its
 * settings row is left as it is.
 */
import { DEFAULT_BOOKING_SETTINGS, type Availability } from '@logoschool/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { newLinkToken } from '../../modules/public-links/index.ts';
import { clients, users } from '../schema/index.ts';

/** The demo teachers who take free lessons, by e-mail, with their availability. */
export const DEMO_AVAILABILITY: readonly { email: string; availability: Availability }[] = [
  {
    email: 'teacher@demo.test',
    availability: {
      time_zone: 'Europe/Kyiv',
      weekly: [1, 2, 3, 4, 5]
        .map((weekday) => ({ weekday, start: '09:00', end: '13:00' }))
        .concat([
          { weekday: 2, start: '15:00', end: '19:00' },
          { weekday: 4, start: '15:00', end: '19:00' },
        ]),
      exceptions: [],
      languages: ['uk', 'ru'],
      free_lessons: true,
      consultation_groups: true,
    },
  },
  {
    email: 'teacher.london@demo.test',
    availability: {
      time_zone: 'Europe/London',
      weekly: [1, 3, 5].map((weekday) => ({ weekday, start: '10:00', end: '16:00' })),
      exceptions: [],
      languages: ['en', 'uk', 'pl'],
      free_lessons: true,
      consultation_groups: false,
    },
  },
];

const DAY = 24 * 3600_000;

/** An instant `days` from today at `hour` o'clock UTC (whole hours: the slots' grid). */
function at(days: number, hour: number): Date {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
}

type Inserted = { rows: { id: number }[] };
const idOf = (result: unknown): number => {
  const [row] = (result as Inserted).rows;
  if (!row) throw new Error('a demo booking row was not written');
  return row.id;
};

interface DemoBooking {
  teacher: number;
  kind: 'free_lesson' | 'consultation';
  start: Date;
  status: 'confirmed' | 'held' | 'cancelled';
  parent: string;
  email: string;
  child: string;
  birthdate: string;
  timeZone: string;
  language: string;
  session?: number;
}

/** The Demo school's booking, once. */
export async function seedBooking(db: Db, workspaceId: number): Promise<void> {
  const done = await db.execute(sql`select 1 from booking_settings where workspace_id = ${workspaceId}`);
  if ((done as unknown as Inserted).rows.length > 0) return;
  const settings = DEFAULT_BOOKING_SETTINGS;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into booking_settings (workspace_id, lesson_minutes, buffer_minutes, booking_notice_minutes,
        change_notice_minutes, horizon_days, group_seats)
      values (${workspaceId}, ${settings.lesson_minutes}, ${settings.buffer_minutes},
        ${settings.booking_notice_minutes}, ${settings.change_notice_minutes}, ${settings.horizon_days},
        ${settings.group_seats})`);
    const teachers = new Map<string, number>();
    for (const { email, availability: a } of DEMO_AVAILABILITY) {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) continue;
      teachers.set(email, user.id);
      await tx.execute(sql`
        insert into teacher_availability (workspace_id, teacher_id, time_zone, weekly, exceptions, languages,
          free_lessons, consultation_groups)
        values (${workspaceId}, ${user.id}, ${a.time_zone}, ${JSON.stringify(a.weekly)}::jsonb,
          ${JSON.stringify(a.exceptions)}::jsonb, ${`{${a.languages.join(',')}}`}::text[], ${a.free_lessons},
          ${a.consultation_groups})
        on conflict do nothing`);
    }
    const kyiv = teachers.get('teacher@demo.test');
    const london = teachers.get('teacher.london@demo.test');
    if (kyiv === undefined || london === undefined) return;

    const session = async (teacher: number, kind: DemoBooking['kind'], start: Date, language: string) => {
      const minutes = kind === 'consultation' ? 60 : settings.lesson_minutes;
      const end = new Date(start.getTime() + minutes * 60_000);
      const blocks = new Date(end.getTime() + settings.buffer_minutes * 60_000);
      return idOf(
        await tx.execute(sql`
          insert into booking_sessions (workspace_id, teacher_id, kind, language, starts_at, ends_at, blocks_until, seats)
          values (${workspaceId}, ${teacher}, ${kind}, ${language}, ${start.toISOString()}, ${end.toISOString()},
            ${blocks.toISOString()}, ${kind === 'consultation' ? settings.group_seats : 1})
          returning id`),
      );
    };
    // Two consultation groups next week, in the Kyiv afternoon.
    const groupTuesday = await session(kyiv, 'consultation', at(8, 14), 'uk');
    await session(kyiv, 'consultation', at(10, 14), 'ru');

    const book = async (b: DemoBooking) => {
      const sessionId = b.session ?? (await session(b.teacher, b.kind, b.start, b.language));
      if (b.session !== undefined) {
        await tx.execute(
          sql`update booking_sessions set seats_taken = seats_taken + 1 where id = ${sessionId}`,
        );
      } else if (b.status !== 'cancelled') {
        await tx.execute(sql`update booking_sessions set seats_taken = 1 where id = ${sessionId}`);
      } else {
        await tx.execute(sql`update booking_sessions set cancelled_at = now() where id = ${sessionId}`);
      }
      return idOf(
        await tx.execute(sql`
          insert into bookings (workspace_id, session_id, status, parent_name, email, phone, country, time_zone,
            language, child_name, birthdate, parent_day, interface_language, confirmed_at, cancelled_at,
            cancelled_by, reminded_24_at, reminded_1_at)
          values (${workspaceId}, ${sessionId}, ${b.status}, ${b.parent}, ${b.email}, '+380671112233',
            ${b.timeZone === 'Europe/London' ? 'GB' : b.timeZone === 'Asia/Jerusalem' ? 'IL' : 'UA'},
            ${b.timeZone}, ${b.language}, ${b.child}, ${b.birthdate},
            (${b.start.toISOString()}::timestamptz at time zone ${b.timeZone})::date, ${b.language},
            ${new Date(b.start.getTime() - 3 * DAY).toISOString()},
            ${b.status === 'cancelled' ? new Date().toISOString() : null},
            ${b.status === 'cancelled' ? 'parent' : null},
            ${b.status === 'held' ? b.start.toISOString() : null}, ${b.status === 'held' ? b.start.toISOString() : null})
          returning id`),
      );
    };
    await book({
      teacher: kyiv,
      kind: 'free_lesson',
      start: at(2, 7),
      status: 'confirmed',
      parent: 'Оксана Коваль',
      email: 'oksana.koval@example.com',
      child: 'Мирослав',
      birthdate: '2020-04-12',
      timeZone: 'Europe/Kyiv',
      language: 'uk',
    });
    await book({
      teacher: london,
      kind: 'free_lesson',
      start: at(3, 11),
      status: 'confirmed',
      parent: 'Miriam Levi',
      email: 'miriam.levi@example.com',
      child: 'Noa',
      birthdate: '2019-09-03',
      timeZone: 'Asia/Jerusalem',
      language: 'en',
    });
    await book({
      teacher: kyiv,
      kind: 'consultation',
      start: at(8, 14),
      status: 'confirmed',
      parent: 'Ірина Савчук',
      email: 'iryna.savchuk@example.com',
      child: 'Софія',
      birthdate: '2017-11-20',
      timeZone: 'Europe/Kyiv',
      language: 'uk',
      session: groupTuesday,
    });
    await book({
      teacher: london,
      kind: 'free_lesson',
      start: at(4, 13),
      status: 'cancelled',
      parent: 'Anna Nowak',
      email: 'anna.nowak@example.com',
      child: 'Zosia',
      birthdate: '2021-01-15',
      timeZone: 'Europe/Warsaw',
      language: 'pl',
    });
    // Held last week and made a student of Laura's (Tetiana's students are the plans' demo).
    const held = await book({
      teacher: london,
      kind: 'free_lesson',
      start: at(-6, 10),
      status: 'held',
      parent: 'Наталія Бойко',
      email: 'natalia.boiko@example.com',
      child: 'Тимофій',
      birthdate: '2019-02-07',
      timeZone: 'Europe/Kyiv',
      language: 'uk',
    });
    const [client] = await tx
      .insert(clients)
      .values({
        workspaceId,
        teacherId: london,
        clientName: 'Наталія Бойко',
        childName: 'Тимофій',
        birthdate: '2019-02-07',
        language: 'uk',
        parentEmail: 'natalia.boiko@example.com',
        parentPhone: '+380671112233',
      })
      .returning({ id: clients.id });
    await tx.execute(sql`update bookings set client_id = ${client?.id ?? null} where id = ${held}`);

    // The booking page's link (decision 036: kind 'booking', its subject the project).
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
    await tx.execute(sql`
      insert into public_links (workspace_id, kind, subject_id, token, issued_by)
      values (${workspaceId}, 'booking', ${workspaceId}, ${newLinkToken()}, ${admin?.id ?? null})`);
    // Each confirmed booking's private link, as its confirmation mailed it (kind 'booking-manage').
    const confirmed = await tx.execute(
      sql`select id from bookings where workspace_id = ${workspaceId} and status = 'confirmed'`,
    );
    for (const row of (confirmed as Inserted).rows) {
      await tx.execute(sql`
        insert into public_links (workspace_id, kind, subject_id, token)
        values (${workspaceId}, 'booking-manage', ${row.id}, ${newLinkToken()})`);
    }
  });
}
