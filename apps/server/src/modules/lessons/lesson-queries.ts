/**
 * The reads of lessons: the teacher's list (by week, status, plan and student), one lesson, and
 * whether one is ready to be held. A plan's ten lessons are made the first time the teacher's
 * lessons exist from when the plan is first filled (`makePlanLessons`).
 */
import {
  weekStart,
  type LessonCheck,
  type LessonListItem,
  type LessonsPage,
  type LessonsQuery,
} from '@logoschool/contract';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { pageOf, pageOffset } from '../../db/pages.ts';
import {
  clients,
  lessonPresentations,
  lessons,
  protocolBlocks,
  protocolTemplateVersions,
  protocols,
} from '../../db/schema/index.ts';
import { text } from '../../i18n/index.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { planTemplateVersion } from '../plans/index.ts';
import {
  idsByBlock,
  isLocked,
  ownLesson,
  ownedLessons,
  planOf,
  planOutline,
  presentationsOf,
} from './lesson-context.ts';
import { judgeLesson, problemText } from './lesson-rules.ts';
import { lessonFields, lessonView } from './lesson-view.ts';

/** The caller with the time zone its query names (the list's weeks are judged in it). */
export interface LessonCaller extends ProjectActor {
  timeZone: string;
}

/** The start of a day in a time zone, as a timestamp with time zone. */
const startOfDay = (day: string, timeZone: string) => sql`(${day}::timestamp at time zone ${timeZone})`;

/** The day a week later, 'YYYY-MM-DD'. */
const weekAfter = (monday: string) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);

/** How many presentations a lesson holds in one block of its plan. */
const inBlock = sql`(select count(*) from ${lessonPresentations} lp where lp.lesson_id = ${lessons.id} and lp.block_key = ${protocolBlocks.key})`;

/**
 * The two statements of `GET /lessons` (the count, and the rows of the page's ids, whatever the
 * list's length): the caller's lessons, the earliest first and those without a date last, each
 * with its student, its plan's title, its neighbours and how many of its blocks are prepared.
 */
export function listLessonsQueries(tx: Tx, caller: LessonCaller, query: LessonsQuery) {
  const conditions: (SQL | undefined)[] = [ownedLessons(caller)];
  if (query.week !== undefined) {
    const monday = weekStart(query.week);
    conditions.push(
      gte(lessons.startsAt, startOfDay(monday, caller.timeZone)),
      lt(lessons.startsAt, startOfDay(weekAfter(monday), caller.timeZone)),
    );
  }
  if (query.status === 'open') conditions.push(isNull(lessons.finishedAt));
  if (query.status === 'finished') conditions.push(isNotNull(lessons.finishedAt));
  if (query.protocol_id !== undefined) conditions.push(eq(lessons.protocolId, query.protocol_id));
  if (query.client_id !== undefined) conditions.push(eq(protocols.clientId, query.client_id));
  const where = and(...conditions);
  const order = [sql`${lessons.startsAt} asc nulls last`, asc(lessons.protocolId), asc(lessons.number)];
  // The page's ids first, so that what each row shows is worked out for the page's rows only.
  const pageIds = tx
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset(pageOffset(query));
  return {
    // The plan is needed only to filter by its student.
    count:
      query.client_id === undefined
        ? tx.select({ count: count() }).from(lessons).where(where)
        : tx
            .select({ count: count() })
            .from(lessons)
            .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
            .where(where),
    rows: tx
      .select({
        lesson: lessons,
        clientId: protocols.clientId,
        childName: clients.childName,
        title: sql<string>`${protocolTemplateVersions.content}->>'title'`,
        presentations: sql<number>`(select count(*) from ${lessonPresentations} lp where lp.lesson_id = ${lessons.id})::int`,
        blocksTotal: sql<number>`(select count(*) from ${protocolBlocks} where ${protocolBlocks.protocolId} = ${lessons.protocolId})::int`,
        blocksReady: sql<number>`(select count(*) from ${protocolBlocks} where ${protocolBlocks.protocolId} = ${lessons.protocolId} and ${inBlock} between ${protocolBlocks.minPresentations} and ${protocolBlocks.maxPresentations})::int`,
        previous: sql<
          number | null
        >`(select l2.id from ${lessons} l2 where l2.protocol_id = ${lessons.protocolId} and l2.number = ${lessons.number} - 1)`,
        next: sql<
          number | null
        >`(select l2.id from ${lessons} l2 where l2.protocol_id = ${lessons.protocolId} and l2.number = ${lessons.number} + 1)`,
      })
      .from(lessons)
      .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
      .innerJoin(clients, eq(clients.id, protocols.clientId))
      .innerJoin(protocolTemplateVersions, planTemplateVersion())
      .where(inArray(lessons.id, pageIds))
      .orderBy(...order),
  };
}

/** `GET /lessons`: the page of `listLessonsQueries`, its two statements side by side. */
export async function listLessons(tx: Tx, caller: LessonCaller, query: LessonsQuery): Promise<LessonsPage> {
  const queries = listLessonsQueries(tx, caller, query);
  const [[total], rows] = await Promise.all([queries.count, queries.rows]);
  const data: LessonListItem[] = rows.map((row) => ({
    ...lessonFields(row.lesson),
    plan_title: row.title,
    client: { id: row.clientId, child_name: row.childName },
    previous_lesson_id: row.previous,
    next_lesson_id: row.next,
    presentations: row.presentations,
    blocks_ready: row.blocksReady,
    blocks_total: row.blocksTotal,
  }));
  return pageOf(data, total, query);
}

/** `GET /lesson/:id`. */
export async function getLesson(tx: Tx, caller: ProjectActor, id: number) {
  return lessonView(tx, caller, await ownLesson(tx, caller, id));
}

/**
 * `GET /lessons/check-lesson`: whether the lesson keeps the rules of spec §5 as it is (`valid`)
 * and can be held (`ready`: valid, dated, not being regenerated, not finished), with what each
 * block still lacks.
 */
export async function checkLesson(tx: Tx, caller: ProjectActor, id: number): Promise<LessonCheck> {
  const lesson = await ownLesson(tx, caller, id);
  const plan = await planOf(tx, lesson);
  const outline = await planOutline(tx, plan);
  const held = idsByBlock(await presentationsOf(tx, lesson.id));
  const given = new Map(
    outline.blocks.map((block) => [block.key, { exercise_ids: held.get(block.key) ?? [], field: block.key }]),
  );
  const problems = await judgeLesson(tx, caller, plan, outline, lesson.id, given);
  const lessonProblems: string[] = [];
  if (lesson.startsAt === null) lessonProblems.push(fieldMessage(caller.lang, 'lessonNoDate'));
  if (isLocked(lesson)) lessonProblems.push(text(caller.lang, 'errors.lesson_locked'));
  if (lesson.finishedAt !== null) lessonProblems.push(text(caller.lang, 'errors.lesson_finished'));
  const valid = problems.length === 0;
  return {
    lesson_id: lesson.id,
    valid,
    ready: valid && lessonProblems.length === 0,
    blocks: outline.blocks.map((block) => {
      const presentations = held.get(block.key)?.length ?? 0;
      return {
        key: block.key,
        target: block.target,
        presentations,
        min_presentations: block.min_presentations,
        max_presentations: block.max_presentations,
        missing: Math.max(0, block.min_presentations - presentations),
        problems: problems
          .filter((problem) => problem.block_key === block.key)
          .map((problem) => problemText(caller, problem)),
      };
    }),
    problems: lessonProblems,
  };
}
