/**
 * The API bench's problem reports (issue 33 item 1) at 20,000 reports (BENCH_TICKETS) in one
 * project, from the demo school's people, about its exercises: the moderators' list (its status
 * tab, page 3) and its search, each against its own SQL (`listTicketsQueries` with `.toSQL()`: the
 * page's rows, their total and the status counts), as the exercise list is measured. The reports are
 * written by set-based SQL.
 */
import { ROLE, TICKET_STATUSES, ticketsQuery } from '@logoschool/contract';
import type { Db } from '@logoschool/server/src/db/client.ts';
import { listTicketsQueries } from '@logoschool/server/src/modules/tickets/index.ts';
import { sql } from 'drizzle-orm';
import { printRows, ratio, run, through, type BenchContext, type Row } from './measure.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 20_000);
/** Who reads the list: the demo school's moderator. */
const READER = 'moderator@demo.test';

/** Reports spread over the statuses, the project's people and its exercises; every fifth mentions a rabbit. */
async function seedBenchTickets(db: Db, workspaceId: number, total: number) {
  const started = performance.now();
  const statuses = sql.raw(`array[${TICKET_STATUSES.map((status) => `'${status}'`).join(', ')}]`);
  await db.execute(sql`
    with
      people as (select array_agg(user_id order by user_id) ids from assignments where workspace_id = ${workspaceId}),
      decks as (select array_agg(id order by id) ids from exercises where workspace_id = ${workspaceId})
    insert into tickets (workspace_id, reporter_id, key, status, description, screen, role, user_agent,
                         object_kind, object_id, slide, lang, created_at, updated_at)
    select ${workspaceId}, people.ids[1 + n % cardinality(people.ids)], gen_random_uuid(),
      (${statuses})[1 + n % ${TICKET_STATUSES.length}],
      case when n % 5 = 0 then 'The rabbit on slide ' || (1 + n % 9) || ' has no sound'
           else 'Report ' || n || ': the text on the slide overflows its box' end,
      '/edit-exercise/' || decks.ids[1 + n % cardinality(decks.ids)], 'teacher', 'bench',
      'exercise', decks.ids[1 + n % cardinality(decks.ids)], 1 + n % 9, 'uk',
      now() - n * interval '1 minute', now() - n * interval '1 minute'
    from generate_series(1, ${total}) n, people, decks`);
  await db.execute(sql`vacuum analyze tickets`);
  return { seconds: (performance.now() - started) / 1000 };
}

/** Measures the moderators' list of problem reports against its SQL. */
export async function benchTicketsList(context: BenchContext): Promise<void> {
  const { db, address, schoolId, tokenOf, baselines } = context;
  const seeded = await seedBenchTickets(db, schoolId, TICKETS);
  const authorization = await tokenOf(READER);
  const lists = [
    {
      name: 'tickets-page',
      title: 'GET /api/report-tickets (new, page 3)',
      query: { status: 'new', page: 3 },
    },
    { name: 'tickets-term', title: 'GET /api/report-tickets (term)', query: { term: 'rabbit' } },
  ];
  const rows: Row[] = [];
  for (const list of lists) {
    const query = { workspace_id: schoolId, role_id: ROLE.moderator, per_page: 20, ...list.query };
    const built = listTicketsQueries(db, { workspaceId: schoolId }, ticketsQuery.parse(query));
    baselines.set(list.name, [built.rows.toSQL(), built.total.toSQL(), built.counts.toSQL()]);
    const url = `/api/report-tickets?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
    const answer = await fetch(`${address}${url}`, { headers: { authorization } });
    const page = (await answer.json()) as { data: { id: number }[] };
    const bare = (await (await fetch(`${address}/bench/sql/${list.name}`)).json()) as unknown[][][];
    if (!answer.ok || page.data.length !== 20 || bare[0]?.length !== 20) {
      throw new Error(`${list.title}: the app gave ${page.data?.length} rows, its SQL ${bare[0]?.length}`);
    }
    const baseline = await run(
      `${list.name} SQL via ${through} (baseline)`,
      `${address}/bench/sql/${list.name}`,
    );
    const app = await run(list.title, `${address}${url}`, { authorization });
    rows.push(baseline, app);
    console.log(ratio(`${list.title} / its SQL via ${through}`, app, baseline));
  }
  console.log(
    `\nproblem reports: ${TICKETS.toLocaleString('en')} in one project over ${TICKET_STATUSES.length} statuses ` +
      `(every fifth about a rabbit), seeded in ${seeded.seconds.toFixed(1)} s; pages of 20`,
  );
  printRows(rows);
}
