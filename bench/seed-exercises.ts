/**
 * The API bench's exercise library: many exercises in one project, written by set-based SQL
 * (`insert … select … from generate_series`) so that 100,000 take seconds, not minutes.
 */
import { ROLE } from '@logoschool/contract';
import type { Db } from '@logoschool/server/src/db/client.ts';
import { exerciseTags, exerciseVotes, exercises } from '@logoschool/server/src/db/schema/index.ts';
import { and, count, eq, gt, sql } from 'drizzle-orm';

/** A word of every fifth exercise's slide text: the term of the bench's filtered list. */
export const BENCH_TERM = 'rabbit';

const AUTHORS = 5;

export interface SeededExercises {
  exercises: number;
  tags: number;
  votes: number;
  seconds: number;
}

/**
 * Adds `total` exercises to a project that has categories and tags: five new authors write them;
 * statuses spread as a working library (60 % accepted, 5 % declined, 10 % moderation, 15 % draft,
 * 10 % request); one to three tags each; a deck on every other one; votes by the authors and by
 * `voterId` (so that the list's own-vote join finds some), with the counts on the rows matching.
 * Then `vacuum analyze`, as autovacuum would after such a load, so the planner knows the tables.
 */
export async function seedBenchExercises(
  db: Db,
  workspaceId: number,
  voterId: number,
  total: number,
): Promise<SeededExercises> {
  const started = performance.now();
  const [before] = await db
    .select({ id: sql<number>`coalesce(max(${exercises.id}), 0)::int` })
    .from(exercises);
  const firstId = before?.id ?? 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (email, name, env_id)
      select 'bench-author-' || n || '@bench.test', 'Bench author ' || n, 1
      from generate_series(1, ${AUTHORS}) n
      on conflict do nothing`);
    await tx.execute(sql`
      insert into assignments (user_id, workspace_id, roles)
      select id, ${workspaceId}, array[${ROLE.author}]::int[] from users where email like 'bench-author-%'
      on conflict do nothing`);
    await tx.execute(sql`
      with
        a as (select array_agg(id order by id) ids from users where email like 'bench-author-%'),
        c as (select array_agg(id order by id) ids from categories
              where workspace_id = ${workspaceId} and not is_folder),
        s as (select n, case
                when n % 20 < 12 then 1 when n % 20 < 13 then 2 when n % 20 < 15 then 3
                when n % 20 < 18 then 4 else 5 end as status
              -- Numbered on from the last id, so that a second call (a larger library) adds new titles.
              from generate_series(${firstId + 1}::int, ${firstId + total}::int) n)
      insert into exercises (
        workspace_id, title, status_id, author_id, assigned_id, category_id, usage_frequency,
        instruction, description, language, slide_count, slide_text, request_description,
        request_interests, request_age_categories, request_deadline, created_at, updated_at)
      select
        ${workspaceId},
        'Bench exercise ' || n,
        status,
        a.ids[1 + n % ${AUTHORS}],
        case when status <> 5 and n % 3 = 0 then a.ids[1 + (n / 7) % ${AUTHORS}] end,
        c.ids[1 + n % cardinality(c.ids)],
        case when n % 4 = 0 then 3 else 1 end,
        'Say it slowly, then faster.',
        'A bench exercise for sound ' || n % 30,
        (array['uk', 'ru', 'en', 'pl'])[1 + n % 4],
        1 + n % 12,
        'Slide ' || n || ': ' || (array['sun', 'fish', 'rabbit', 'moon', 'ball'])[1 + n % 5] || ' and a house',
        case when status = 5 then 'Needed: an exercise on sound ' || n % 30 end,
        case when status = 5 then array['animals'] end,
        case when status = 5 then array['5-6'] end,
        case when status = 5 then current_date + (n % 60 - 20) end,
        now() - (${firstId + total}::int - n) * interval '1 minute',
        now() - (${firstId + total}::int - n) * interval '1 minute'
      from s, a, c`);
    await tx.execute(sql`
      with t as (select array_agg(id order by id) ids from tags where workspace_id = ${workspaceId})
      insert into exercise_tags (exercise_id, tag_id)
      select e.id, t.ids[1 + (e.id + k * 3) % cardinality(t.ids)]
      from exercises e, t, generate_series(0, e.id % 3) k
      where e.id > ${firstId}`);
    await tx.execute(sql`
      insert into exercise_files (exercise_id, kind, stored_name, mime, size, original_name)
      select id, 'presentation', 'bench-' || id || '.pptx',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation', 250000,
        title || '.pptx'
      from exercises where id > ${firstId} and id % 2 = 0`);
    await tx.execute(sql`
      insert into exercise_votes (exercise_id, user_id, value)
      select e.id, u.id, case when (e.id / 8 + u.id) % 3 = 0 then 0 else 1 end
      from exercises e,
        (select id from users where email like 'bench-author-%' or id = ${voterId}) u
      where e.id > ${firstId} and (e.id + u.id) % 8 = 0`);
    await tx.execute(sql`
      update exercises e set likes_count = v.likes, dislikes_count = v.dislikes
      from (select exercise_id, count(*) filter (where value = 1)::int likes,
              count(*) filter (where value = 0)::int dislikes
            from exercise_votes where exercise_id > ${firstId} group by exercise_id) v
      where e.id = v.exercise_id`);
  });
  await db.execute(sql`vacuum analyze exercises, exercise_tags, exercise_files, exercise_votes`);
  const seconds = (performance.now() - started) / 1000;
  const countOf = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
  return {
    exercises: await countOf(
      db
        .select({ n: count() })
        .from(exercises)
        .where(and(eq(exercises.workspaceId, workspaceId), gt(exercises.id, firstId))),
    ),
    tags: await countOf(
      db.select({ n: count() }).from(exerciseTags).where(gt(exerciseTags.exerciseId, firstId)),
    ),
    votes: await countOf(
      db.select({ n: count() }).from(exerciseVotes).where(gt(exerciseVotes.exerciseId, firstId)),
    ),
    seconds,
  };
}
