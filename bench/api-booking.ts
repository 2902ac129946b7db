/**
 * The API bench's booking (issue 28): the parents' free slots and the school's bookings list at a
 * school's scale, against the bare route of the same run. Seeded in set-based SQL: `teachers`
 * teachers who take free lessons in Ukrainian every day 07:00–21:00 (Europe/London), each with
 * `each` bookings two hours apart, seven a day from 60 days ago on (the past ones held, one in ten
 * cancelled; 700 reach 40 days ahead, past the page's 30), so
 * that the slots' query reads a busy month of every teacher and the list pages through thousands.
 */
import { ROLE } from '@logoschool/contract';
import type { Db } from '@logoschool/server/src/db/client.ts';
import { sql } from 'drizzle-orm';
import { printTable, ratio, run, type BenchContext } from './measure.ts';

const BOOKING = {
  teachers: Number(process.env.BENCH_BOOKING_TEACHERS ?? 30),
  each: Number(process.env.BENCH_BOOKINGS_EACH ?? 700),
};

const TEACHERS = 'bench-booking-teacher-%@bench.test';

type Rows<T> = { rows: T[] };

/** Adds the teachers, their hours and their bookings to the demo school; the booking page's token. */
async function seedBookings(db: Db, workspaceId: number): Promise<{ token: string; seconds: number }> {
  const started = performance.now();
  const every = JSON.stringify(
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '07:00', end: '21:00' })),
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (email, name, password_hash, env_id)
      select 'bench-booking-teacher-' || n || '@bench.test', 'Bench booking teacher ' || n,
             (select password_hash from users where email = 'teacher@demo.test'), 1
      from generate_series(1, ${BOOKING.teachers}) n
      on conflict do nothing`);
    await tx.execute(sql`
      insert into assignments (user_id, workspace_id, roles)
      select id, ${workspaceId}, array[${ROLE.teacher}]::int[] from users where email like ${TEACHERS}
      on conflict do nothing`);
    await tx.execute(sql`
      insert into teacher_availability (workspace_id, teacher_id, time_zone, weekly, languages, free_lessons)
      select ${workspaceId}, id, 'Europe/London', ${every}::jsonb, '{uk}'::text[], true
      from users where email like ${TEACHERS}
      on conflict do nothing`);
    // A teacher's booking n: day n / 7 from 60 days ago, at 07:00, 09:00 … 19:00 UTC (every other hour).
    await tx.execute(sql`
      insert into booking_sessions (workspace_id, teacher_id, kind, language, starts_at, ends_at, blocks_until,
        seats, seats_taken, cancelled_at)
      select ${workspaceId}, t.id, 'free_lesson', 'uk', s.starts_at, s.starts_at + interval '45 minutes',
             s.starts_at + interval '60 minutes', 1, 1,
             case when n % 10 = 0 then now() end
      from (select id from users where email like ${TEACHERS}) t,
           generate_series(0, ${BOOKING.each - 1}) n,
           lateral (select date_trunc('day', now()) - interval '60 days'
                          + make_interval(days => n / 7, hours => 7 + 2 * (n % 7)) as starts_at) s`);
    await tx.execute(sql`
      insert into bookings (workspace_id, session_id, status, parent_name, email, phone, country, time_zone,
        language, child_name, birthdate, parent_day, interface_language, confirmed_at, cancelled_at, cancelled_by)
      select ${workspaceId}, s.id,
             case when s.cancelled_at is not null then 'cancelled'
                  when s.starts_at < now() then 'held' else 'confirmed' end,
             'Bench parent ' || s.id, 'bench-parent-' || s.id || '@bench.test', '+380671112233', 'GB',
             'Europe/London', 'uk', 'Bench child ' || s.id, date '2019-03-01',
             (s.starts_at at time zone 'Europe/London')::date, 'uk', s.starts_at - interval '3 days',
             s.cancelled_at, case when s.cancelled_at is not null then 'parent' end
      from booking_sessions s join users u on u.id = s.teacher_id
      where u.email like ${TEACHERS}`);
  });
  await db.execute(sql`vacuum analyze booking_sessions`);
  await db.execute(sql`vacuum analyze bookings`);
  const link = (await db.execute(sql`
    select token from public_links
    where workspace_id = ${workspaceId} and kind = 'booking' and withdrawn_at is null
    limit 1`)) as unknown as Rows<{ token: string }>;
  const token = link.rows[0]?.token;
  if (!token) throw new Error('the demo school has no booking page link (seed the demo first)');
  return { token, seconds: (performance.now() - started) / 1000 };
}

/** Measures the free slots and the bookings list. */
export async function benchBookingLists(context: BenchContext): Promise<void> {
  const { db, address, schoolId, tokenOf } = context;
  const seeded = await seedBookings(db, schoolId);
  const manager = await tokenOf('manager@demo.test');
  const lists = [
    {
      title: 'GET /api/appointment/:token/slots',
      url: `/api/appointment/${seeded.token}/slots?kind=free_lesson&language=uk&birthdate=2019-03-01`,
      headers: {} as Record<string, string>,
      check: (body: { data: { slots: unknown[] } }) => body.data.slots.length > 0,
    },
    {
      title: 'GET /api/bookings (all, page 3)',
      url: `/api/bookings?workspace_id=${schoolId}&role_id=${ROLE.manager}&view=all&page=3`,
      headers: { authorization: manager },
      check: (body: { data: unknown[] }) => body.data.length === 20,
    },
    {
      title: 'GET /api/bookings (upcoming, search)',
      url: `/api/bookings?workspace_id=${schoolId}&role_id=${ROLE.manager}&search=parent-1`,
      headers: { authorization: manager },
      check: (body: { data: unknown[] }) => body.data.length > 0,
    },
  ];
  for (const list of lists) {
    const answer = await fetch(`${address}${list.url}`, { headers: list.headers });
    const body = (await answer.json()) as never;
    if (!answer.ok || !list.check(body)) {
      throw new Error(`${list.title}: answered ${answer.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  const bare = await run('bare route (baseline)', `${address}/bench/hello`);
  const rows = [];
  for (const list of lists) rows.push(await run(list.title, `${address}${list.url}`, list.headers));
  console.log(
    `\nbooking: ${BOOKING.teachers} teachers taking free lessons every day 07:00–21:00, ` +
      `${(BOOKING.teachers * BOOKING.each).toLocaleString('en')} bookings (${BOOKING.each} each, seven a day ` +
      `from 60 days ago), seeded in ${seeded.seconds.toFixed(1)} s`,
  );
  printTable([bare, ...rows]);
  for (const row of rows) console.log(ratio(`${row.title} / bare route`, row, bare));
}
