/**
 * The students' courses (issue 30 item 2): a teacher starts a course of a published course
 * template on one of her student's plans. Its lessons take the plan's lessons still free (not
 * held, not being regenerated, nothing in them yet), in order, dated weekly as the plan's schedule
 * dates them, each presenting its template lesson's accepted exercises; the course shows the
 * themed versions of those exercises for the child's interests where they exist. When the
 * template gets a newer version, each lesson's change (added, removed, changed) waits until the
 * teacher applies or keeps it; a lesson held never changes.
 *
 * Every write takes the course's row (or, to start one, the plan's) first, so two applies of one
 * change cannot both happen: the second finds nothing left to apply.
 */
import {
  addDays,
  dayIn,
  type Course,
  type CourseListItem,
  type CourseLessonContent,
  type CoursesQuery,
  type courseStartInput,
} from '@logoschool/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  lessonPresentations,
  lessons,
  protocols,
  type LessonRow,
  type ProtocolRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { refuseBookedTimes } from '../booking/index.ts';
import {
  folderExercises,
  judgeLesson,
  planOutline,
  problemText,
  writePresentations,
} from '../lessons/index.ts';
import { weeklyDates } from '../plans/index.ts';
import { acceptedExercises, exerciseTitles, readableTemplate } from './course-templates.service.ts';
import { courseLessons, courses, type CourseRow } from './courses.schema.ts';
import { latestOf, lessonIn, pendingChanges, stateOf, viewOf, type CourseState } from './course-view.ts';

type StartInput = z.output<typeof courseStartInput>;

/** Whether a lesson is being regenerated now (no write until it is done). */
const locked = (row: LessonRow, now: Date) => row.lockedUntil !== null && row.lockedUntil > now;

/** The caller's plan, locked for the transaction when asked; 404 when it is not theirs. */
async function ownPlan(tx: Tx, caller: ProjectActor, id: number, lock = false): Promise<ProtocolRow> {
  const query = tx
    .select()
    .from(protocols)
    .where(
      and(
        eq(protocols.workspaceId, caller.workspaceId),
        eq(protocols.teacherId, caller.userId),
        eq(protocols.id, id),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The caller's course, locked when asked; 404 when it is not theirs. */
async function ownCourse(tx: Tx, caller: ProjectActor, id: number, lock = false): Promise<CourseRow> {
  const query = tx
    .select()
    .from(courses)
    .where(
      and(
        eq(courses.workspaceId, caller.workspaceId),
        eq(courses.teacherId, caller.userId),
        eq(courses.id, id),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The plan's lessons in order, locked for the transaction's writes. */
async function planLessons(tx: Tx, planId: number): Promise<LessonRow[]> {
  return tx
    .select()
    .from(lessons)
    .where(eq(lessons.protocolId, planId))
    .orderBy(asc(lessons.number))
    .for('update');
}

/** The plan's lessons a course may take: not held, not being regenerated, nothing in them, no course's. */
async function freeLessons(tx: Tx, planId: number): Promise<LessonRow[]> {
  const rows = await planLessons(tx, planId);
  if (rows.length === 0) return rows;
  const ids = rows.map((row) => row.id);
  const [filled, taken] = await Promise.all([
    tx
      .selectDistinct({ id: lessonPresentations.lessonId })
      .from(lessonPresentations)
      .where(inArray(lessonPresentations.lessonId, ids)),
    tx.select({ id: courseLessons.lessonId }).from(courseLessons).where(inArray(courseLessons.lessonId, ids)),
  ]);
  const busy = new Set([...filled, ...taken].map((row) => row.id));
  const now = new Date();
  return rows.filter((row) => row.finishedAt === null && !locked(row, now) && !busy.has(row.id));
}

/** The plan's blocks with their folders' accepted exercises; 409 while a block has no folder. */
async function planBlocks(tx: Tx, caller: ProjectActor, plan: ProtocolRow) {
  const outline = await planOutline(tx, plan);
  if (outline.blocks.length === 0 || outline.blocks.some((block) => block.folder_id === null)) {
    throw new AppError('conflict').saying('coursePlanNotFilled');
  }
  const folders = await folderExercises(
    tx,
    caller.workspaceId,
    outline.blocks.flatMap((block) => (block.folder_id === null ? [] : [block.folder_id])),
  );
  return { outline, folders };
}
type PlanBlocks = Awaited<ReturnType<typeof planBlocks>>;

/** The refusal of a course lesson that does not fit the plan, saying why in the caller's language. */
const notPlaced = (lesson: CourseLessonContent, problems: readonly string[]) =>
  new AppError('conflict', { title: lesson.title, reason: problems.join(' ') }).saying(
    'courseLessonNotPlaced',
  );

/**
 * Writes a course lesson's exercises (those still accepted, in the template lesson's order) into
 * the plan's blocks as the lesson editor would take them: each into a block whose folder holds it
 * and that has room for it, one still below its minimum first (folders may nest, so one exercise
 * may suit several blocks), else the first such block (or, when none has room, the first whose
 * folder holds it). The
 * lesson is then judged with the lesson editor's rules (spec §5: every block within its bounds, no
 * exercise twice in a block nor more often across the plan than its usage frequency), counting the
 * plan's other lessons as they are in this transaction; 409 naming the course lesson and the
 * exercise or block when it breaks one, or holds an exercise of no block's folder.
 */
async function placeCourseLesson(
  tx: Tx,
  caller: ProjectActor,
  plan: ProtocolRow,
  { outline, folders }: PlanBlocks,
  lessonId: number,
  content: CourseLessonContent,
): Promise<void> {
  const ids = await stillAccepted(tx, caller.workspaceId, content.exercise_ids);
  const placed = new Map(outline.blocks.map((block) => [block.key, [] as number[]]));
  const homeless: number[] = [];
  for (const id of ids) {
    const holding = outline.blocks.filter(
      (block) => block.folder_id !== null && folders.get(block.folder_id)?.has(id),
    );
    const roomy = holding.filter((block) => {
      const there = placed.get(block.key) ?? [];
      return there.length < block.max_presentations && !there.includes(id);
    });
    const block =
      roomy.find((one) => (placed.get(one.key)?.length ?? 0) < one.min_presentations) ??
      roomy[0] ??
      holding[0];
    if (block) placed.get(block.key)?.push(id);
    else homeless.push(id);
  }
  if (homeless.length > 0) {
    const titles = await exerciseTitles(tx, caller.workspaceId, homeless);
    throw notPlaced(
      content,
      homeless.map((id) =>
        fieldMessage(caller.lang, 'courseExerciseInNoBlock', { title: titles.get(id) ?? `#${id}` }),
      ),
    );
  }
  const given = new Map(
    outline.blocks.map((block) => [
      block.key,
      { exercise_ids: placed.get(block.key) ?? [], field: 'blocks' },
    ]),
  );
  const problems = await judgeLesson(tx, caller, plan, outline, lessonId, given);
  if (problems.length > 0) {
    throw notPlaced(content, [...new Set(problems.map((problem) => problemText(caller, problem)))]);
  }
  await writePresentations(
    tx,
    lessonId,
    outline.blocks.map((block) => ({ key: block.key, exercise_ids: placed.get(block.key) ?? [] })),
  );
}

/** A lesson's exercises that are still accepted exercises of the project, in order. */
async function stillAccepted(tx: Tx, workspaceId: number, ids: readonly number[]): Promise<number[]> {
  const accepted = await acceptedExercises(tx, workspaceId, ids);
  return ids.filter((id) => accepted.has(id));
}

/** `GET /courses/:courseId`: the caller's course; 404 for another's. */
export async function getCourse(db: Tx, caller: ProjectActor, id: number): Promise<Course> {
  return viewOf(db, await stateOf(db, await ownCourse(db, caller, id)));
}

/** `GET /courses`: the caller's courses (of one plan with `protocol_id`), the latest first. */
export async function listCourses(
  db: Tx,
  caller: ProjectActor,
  query: CoursesQuery,
): Promise<CourseListItem[]> {
  const rows = await db
    .select()
    .from(courses)
    .where(
      and(
        eq(courses.workspaceId, caller.workspaceId),
        eq(courses.teacherId, caller.userId),
        query.protocol_id === undefined ? undefined : eq(courses.protocolId, query.protocol_id),
      ),
    )
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(100);
  const items: CourseListItem[] = [];
  for (const row of rows) {
    const { lessons: taken, changes, ...course } = await viewOf(db, await stateOf(db, row));
    items.push({
      id: course.id,
      protocol_id: course.protocol_id,
      client: course.client,
      template: course.template,
      started_version: course.started_version,
      latest_version: course.latest_version,
      created_at: course.created_at,
      lessons: taken.length,
      changes: changes.length,
    });
  }
  return items;
}

/** Dates lessons and places their exercises in the plan's blocks: course lessons made (see `placeCourseLesson`). */
async function takeLessons(
  tx: Tx,
  caller: ProjectActor,
  plan: ProtocolRow,
  taken: readonly { lesson: LessonRow; startsAt: Date; content: CourseLessonContent }[],
  timeZone: string,
): Promise<void> {
  const [first] = taken;
  if (!first) return;
  await refuseBookedTimes(
    tx,
    caller,
    plan.teacherId,
    taken.map(({ lesson, startsAt }) => ({
      number: lesson.number,
      startsAt,
      minutes: lesson.durationMinutes,
    })),
    timeZone,
  );
  const blocks = await planBlocks(tx, caller, plan);
  const now = new Date();
  for (const { lesson, startsAt, content } of taken) {
    await tx.update(lessons).set({ startsAt, updatedAt: now }).where(eq(lessons.id, lesson.id));
    await placeCourseLesson(tx, caller, plan, blocks, lesson.id, content);
  }
}

/**
 * `POST /courses`: a course of the template's latest published version on the caller's plan.
 * 404 for another's plan or a template the caller does not read (another project's, never
 * published); 409 when the plan has a course, is not filled, or has fewer free lessons than the
 * template's, or `lesson_overlaps_booking` for a date its teacher has booked.
 */
export async function startCourse(db: Db, caller: ProjectActor, input: StartInput): Promise<Course> {
  return db.transaction(async (tx) => {
    const plan = await ownPlan(tx, caller, input.protocol_id, true);
    const template = await readableTemplate(tx, caller, input.course_template_id);
    const [existing] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.protocolId, plan.id));
    if (existing) throw new AppError('conflict').saying('planHasCourse');
    const latest = await latestOf(tx, template.id);
    const all = await planLessons(tx, plan.id);
    if (all.length === 0) throw new AppError('conflict').saying('coursePlanNotFilled');
    const free = await freeLessons(tx, plan.id);
    const wanted = latest.content.lessons;
    if (free.length < wanted.length) {
      throw new AppError('conflict', { free: free.length, needed: wanted.length }).saying(
        'courseTooFewLessons',
      );
    }
    const dates = weeklyDates(wanted.length, input.weekdays, input.time, input.start_date, input.time_zone);
    const taken = wanted.flatMap((content, index) => {
      const lesson = free[index];
      const startsAt = dates[index];
      return lesson && startsAt ? [{ lesson, startsAt, content }] : [];
    });
    await takeLessons(tx, caller, plan, taken, input.time_zone);
    const [course] = await tx
      .insert(courses)
      .values({
        workspaceId: caller.workspaceId,
        teacherId: caller.userId,
        clientId: plan.clientId,
        protocolId: plan.id,
        templateId: template.id,
        templateVersion: latest.version,
        weekdays: input.weekdays,
        time: input.time,
        timeZone: input.time_zone,
      })
      .returning();
    if (!course) throw new Error('the course was not written');
    await tx.insert(courseLessons).values(
      taken.map(({ lesson, content }) => ({
        workspaceId: caller.workspaceId,
        courseId: course.id,
        key: content.key,
        lessonId: lesson.id,
        version: latest.version,
      })),
    );
    return viewOf(tx, await stateOf(tx, course));
  });
}

/** The course locked, its state, and the change of one lesson waiting; 409 when none waits. */
async function pendingOf(tx: Tx, caller: ProjectActor, courseId: number, key: string) {
  const course = await ownCourse(tx, caller, courseId, true);
  const state = await stateOf(tx, course);
  const change = pendingChanges(state).find((one) => one.key === key);
  if (!change) throw new AppError('conflict').saying('courseNothingToApply');
  return { course, state, change };
}

/** The first day after the course's last dated lesson (today at the earliest), in its time zone. */
function nextDay(state: CourseState): string {
  const today = dayIn(state.course.timeZone);
  const last = state.rows
    .flatMap((row) => (row.lesson?.startsAt ? [row.lesson.startsAt] : []))
    .reduce<Date | null>((latest, at) => (latest === null || at > latest ? at : latest), null);
  const after = last ? addDays(dayIn(state.course.timeZone, last), 1) : today;
  return after > today ? after : today;
}

/**
 * `POST /courses/:courseId/apply`: the latest version's change of one lesson taken: a changed
 * lesson gets the newer content and exercises, a removed one is emptied and leaves the course, an
 * added one takes the plan's next free lesson on the course's next weekday. 409 when no change of
 * that lesson waits (applied or kept already), `lesson_finished` for a held lesson,
 * `lesson_locked` while it is being regenerated, or when the plan has no free lesson left.
 */
export async function applyCourseChange(
  db: Db,
  caller: ProjectActor,
  courseId: number,
  key: string,
): Promise<Course> {
  return db.transaction(async (tx) => {
    const { course, state, change } = await pendingOf(tx, caller, courseId, key);
    const plan = await ownPlan(tx, caller, course.protocolId, true);
    const row = state.rows.find((one) => one.key === key);
    const now = new Date();
    const newer = lessonIn(state.latest.content, key);
    if (change.change === 'added') {
      if (!newer) throw new AppError('conflict').saying('courseNothingToApply');
      const [lesson] = await freeLessons(tx, plan.id);
      if (!lesson) throw new AppError('conflict').saying('courseNoFreeLesson');
      const [startsAt] = weeklyDates(1, course.weekdays, course.time, nextDay(state), course.timeZone);
      if (!startsAt) throw new AppError('conflict').saying('courseNoFreeLesson');
      await takeLessons(tx, caller, plan, [{ lesson, startsAt, content: newer }], course.timeZone);
      if (row) {
        await tx
          .update(courseLessons)
          .set({ lessonId: lesson.id, version: state.latest.version, updatedAt: now })
          .where(eq(courseLessons.id, row.id));
      } else {
        await tx.insert(courseLessons).values({
          workspaceId: caller.workspaceId,
          courseId: course.id,
          key,
          lessonId: lesson.id,
          version: state.latest.version,
        });
      }
    } else {
      if (!row?.lessonId) throw new AppError('conflict').saying('courseNothingToApply');
      const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, row.lessonId)).for('update');
      if (!lesson) throw notFound();
      if (lesson.finishedAt !== null) throw new AppError('lesson_finished');
      if (locked(lesson, now)) throw new AppError('lesson_locked');
      if (change.change === 'removed' || !newer) {
        await writePresentations(tx, lesson.id, []);
        await tx.delete(courseLessons).where(eq(courseLessons.id, row.id));
      } else {
        await placeCourseLesson(tx, caller, plan, await planBlocks(tx, caller, plan), lesson.id, newer);
        await tx
          .update(courseLessons)
          .set({ version: state.latest.version, updatedAt: now })
          .where(eq(courseLessons.id, row.id));
      }
      await tx.update(lessons).set({ updatedAt: now }).where(eq(lessons.id, lesson.id));
    }
    return viewOf(tx, await stateOf(tx, course));
  });
}

/**
 * `POST /courses/:courseId/keep`: the lesson stays as the course has it; its change of the latest
 * version is no longer offered (a newer version's is). 409 when no change of that lesson waits.
 */
export async function keepCourseLesson(
  db: Db,
  caller: ProjectActor,
  courseId: number,
  key: string,
): Promise<Course> {
  return db.transaction(async (tx) => {
    const { course, state } = await pendingOf(tx, caller, courseId, key);
    const row = state.rows.find((one) => one.key === key);
    const now = new Date();
    if (row) {
      await tx
        .update(courseLessons)
        .set({ keptVersion: state.latest.version, updatedAt: now })
        .where(eq(courseLessons.id, row.id));
    } else {
      await tx.insert(courseLessons).values({
        workspaceId: caller.workspaceId,
        courseId: course.id,
        key,
        lessonId: null,
        version: 0,
        keptVersion: state.latest.version,
      });
    }
    return viewOf(tx, await stateOf(tx, course));
  });
}
