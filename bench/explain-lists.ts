/**
 * EXPLAIN (ANALYZE, BUFFERS) of the exercise list's statements (counters, page rows, tags) for a
 * status tab's 50th page and a term search, at BENCH_EXERCISES exercises, on a scratch database of
 * the PostgreSQL server BENCH_DATABASE_URL names (dropped at the end): the plans behind bench:api.
 */
import { ROLE, exercisesQuery } from '@logoschool/contract';
import { openDatabase } from '@logoschool/server/src/db/client.ts';
import { users, workspaces } from '@logoschool/server/src/db/schema/index.ts';
import { seedDemo } from '@logoschool/server/src/db/seed.ts';
import { fileStoreIn } from '@logoschool/server/src/files/files.ts';
import { listExercisesQueries } from '@logoschool/server/src/modules/exercises/exercise-queries.ts';
import { createScratchDatabase } from '@logoschool/server/src/db/scratch.ts';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedBenchExercises } from './seed-exercises.ts';
const N = Number(process.env.BENCH_EXERCISES ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl) throw new Error('BENCH_DATABASE_URL names the PostgreSQL server to explain on');
const scratch = await createScratchDatabase(adminUrl, 'logoschool_explain');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ex-'));
const database = await openDatabase({ url: scratch.url });
try {
  await database.migrate();
  await seedDemo(database.db, fileStoreIn(dir));
  const db = database.db;
  const [school] = await db.select().from(workspaces).where(eq(workspaces.title, 'Demo school'));
  const [reader] = await db.select().from(users).where(eq(users.email, 'multi@demo.test'));
  if (!school || !reader) throw new Error('the demo school or its moderator is missing');
  await seedBenchExercises(db, school.id, reader.id, N);
  const caller = {
    workspaceId: school.id,
    role: 'moderator' as const,
    userId: reader.id,
    lang: 'en' as const,
  };
  for (const [name, q] of Object.entries({
    page: { workspace_id: school.id, role_id: ROLE.moderator, per_page: 20, status_id: 1, page: 50 },
    term: { workspace_id: school.id, role_id: ROLE.moderator, per_page: 20, term: 'rabbit', page: 1 },
  })) {
    const queries = listExercisesQueries(
      db,
      caller,
      exercisesQuery.parse(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]))),
    );
    const ids = (await queries.rows).map((r) => r.exercise.id);
    for (const [part, st] of Object.entries({
      counters: queries.counters.toSQL(),
      rows: queries.rows.toSQL(),
      tags: queries.tags(ids).toSQL(),
    })) {
      const plan = await database.executeSql(`explain (analyze, buffers) ${st.sql}`, st.params);
      console.log(
        `\n=== ${name} / ${part}\n${st.sql}\n${(plan.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    }
  }
} finally {
  await database.close();
  await scratch.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
