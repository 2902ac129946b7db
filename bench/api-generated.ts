/**
 * The API bench's generated list (issue 30) at 50,000 themed versions (BENCH_GENERATED) in one
 * project, spread over five themes: a theme's page and its "text overflows" tab, each against its
 * own SQL (`listGeneratedQueries` with `.toSQL()`: the page's rows and the tabs' counts), as the
 * exercise list is measured. The versions are written by set-based SQL on the bench's accepted
 * exercises (their files are rows only: the list never reads a deck).
 */
import { GENERATION_STATUS, ROLE, generatedListQuery } from '@logoschool/contract';
import type { Db } from '@logoschool/server/src/db/client.ts';
import { listGeneratedQueries } from '@logoschool/server/src/modules/generation/index.ts';
import { exerciseGenerated, themes } from '@logoschool/server/src/db/schema/index.ts';
import { and, eq, like, sql } from 'drizzle-orm';
import { printRows, ratio, run, through, type BenchContext, type Row } from './measure.ts';

const VERSIONS = Number(process.env.BENCH_GENERATED ?? 50_000);
const THEMES = 5;

/** Five themes of the project, each with a version of the same accepted exercises; every tenth overflows. */
async function seedBenchGenerated(db: Db, workspaceId: number, total: number) {
  const started = performance.now();
  const each = Math.ceil(total / THEMES);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into themes (workspace_id, name, for_boy, for_girl, age_from, age_to, type, ready)
      select ${workspaceId}, 'Bench theme ' || n, true, true, 3, 10, 'general', true
      from generate_series(1, ${THEMES}) n`);
    await tx.execute(sql`
      with
        t as (select id from themes where workspace_id = ${workspaceId} and name like 'Bench theme %'),
        e as (select id, title from exercises where workspace_id = ${workspaceId} and status_id = ${GENERATION_STATUS}
              order by id limit ${each})
      insert into exercise_files (exercise_id, kind, stored_name, mime, size, original_name)
      select e.id, 'generated', 'bench-generated-' || e.id || '-' || t.id || '.pptx',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation', 250000,
        e.title || ' — ' || t.id || '.pptx'
      from e, t`);
    await tx.execute(sql`
      insert into exercise_generated (workspace_id, exercise_id, theme_id, file_id, replaced_count, read_only)
      select ${workspaceId}, f.exercise_id, split_part(split_part(f.stored_name, '-', 4), '.', 1)::int, f.id,
        1 + f.id % 3, f.id % 7 = 0
      from exercise_files f where f.kind = 'generated' and f.stored_name like 'bench-generated-%'`);
    await tx.execute(sql`
      insert into generated_checks (generated_id, workspace_id, overflow_slide, overflow_text, lines_needed, lines_fit)
      select g.id, g.workspace_id, case when g.n % 10 = 0 then 2 end,
        case when g.n % 10 = 0 then 'A long name that does not fit its box' end,
        case when g.n % 10 = 0 then 3 end, case when g.n % 10 = 0 then 2 end
      from (select id, workspace_id, row_number() over (partition by theme_id order by exercise_id) n
            from exercise_generated where workspace_id = ${workspaceId}) g
      on conflict do nothing`);
  });
  await db.execute(sql`vacuum analyze exercise_files, exercise_generated, generated_checks, themes`);
  // The first bench theme's versions make the measured list; the count is the bench's versions.
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, theme: sql<number>`min(${exerciseGenerated.themeId})::int` })
    .from(exerciseGenerated)
    .innerJoin(themes, eq(themes.id, exerciseGenerated.themeId))
    .where(and(eq(exerciseGenerated.workspaceId, workspaceId), like(themes.name, 'Bench theme %')));
  return { versions: row?.n ?? 0, themeId: row?.theme ?? 0, seconds: (performance.now() - started) / 1000 };
}

/** Measures the generated list against its SQL. */
export async function benchGeneratedList(context: BenchContext): Promise<void> {
  const { db, address, schoolId, tokenOf, baselines } = context;
  const seeded = await seedBenchGenerated(db, schoolId, VERSIONS);
  const authorization = await tokenOf('moderator@demo.test');
  const lists = [
    { name: 'generated-page', title: 'GET /api/exercises/generated (theme, page 3)', query: { page: 3 } },
    {
      name: 'generated-overflow',
      title: 'GET /api/exercises/generated (overflow)',
      query: { state: 'overflow' },
    },
  ];
  const rows: Row[] = [];
  for (const list of lists) {
    const query = {
      workspace_id: schoolId,
      role_id: ROLE.moderator,
      theme_id: seeded.themeId,
      per_page: 20,
      ...list.query,
    };
    const built = listGeneratedQueries(db, schoolId, generatedListQuery.parse(query));
    baselines.set(list.name, [built.rows.toSQL(), built.counts.toSQL()]);
    const url = `/api/exercises/generated?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
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
    `\ngenerated list: ${seeded.versions.toLocaleString('en')} versions over ${THEMES} themes ` +
      `(every tenth overflowing, every seventh read-only), seeded in ${seeded.seconds.toFixed(1)} s; pages of 20`,
  );
  printRows(rows);
}
