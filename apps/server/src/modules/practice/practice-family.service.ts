/**
 * Home practice, the family's side (decision 038): what a practice link opens — the player's
 * presentations and slide images, one tap stored per key — and the family's list on its dashboard.
 * The teacher's side is `practice.service.ts`.
 */
import {
  API,
  API_BASE,
  firstNameOf,
  isLanguage,
  type FamilyPractice,
  type PracticeOutcome,
  type PracticePlay,
  type PracticeTry,
  type practiceTryInput,
} from '@logoschool/contract';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  clients,
  exerciseFiles,
  exerciseSlides,
  lessons,
  type ExerciseFileRow,
  type LessonRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { openFamily } from '../families/index.ts';
import { invalidLink, linkOf, liveTokenOf, openLink } from '../public-links/index.ts';
import { practiceLinks } from './practice-link.ts';
import { practiceAssignments, practiceTries } from './practice.schema.ts';

import {
  NO_TRIES,
  itemsOf,
  itemsWithTries,
  triesOf,
  daysOf,
  type PracticeContext,
} from './practice.service.ts';
/** The live assignment a token opens, its lesson and student; the kit's one 404 otherwise. */
async function openAssignment(db: Tx, token: string) {
  const { subjectId } = await openLink(db, practiceLinks, token);
  const [found] = await db
    .select({ assignment: practiceAssignments, lesson: lessons, client: clients })
    .from(practiceAssignments)
    .innerJoin(lessons, eq(lessons.id, practiceAssignments.lessonId))
    .innerJoin(clients, eq(clients.id, practiceAssignments.clientId))
    .where(and(eq(practiceAssignments.id, subjectId), isNull(practiceAssignments.withdrawnAt)));
  if (!found) throw invalidLink();
  return found;
}

/** Where the player reads a slide image, by the link's token. */
const slideUrl = (token: string, exerciseId: number, slide: number) =>
  `${API_BASE}${API.homePractice}/${token}/slide?exercise_id=${exerciseId}&slide=${slide}`;

/** How many rendered slide images each exercise's deck has. */
async function slideCounts(tx: Tx, exerciseIds: readonly number[]): Promise<Map<number, number>> {
  if (exerciseIds.length === 0) return new Map();
  const rows = await tx
    .select({ exerciseId: exerciseSlides.exerciseId, slides: count() })
    .from(exerciseSlides)
    .where(inArray(exerciseSlides.exerciseId, [...exerciseIds]))
    .groupBy(exerciseSlides.exerciseId);
  return new Map(rows.map((row) => [row.exerciseId, row.slides]));
}

/**
 * `GET /home-practice/:token` (public): the parent's player, in the student's language: the
 * child's first name, the lesson's number, and each presentation with its slide images and the
 * family's tries so far.
 */
export async function playPractice(db: Db, token: string): Promise<PracticePlay> {
  const { assignment, lesson, client } = await openAssignment(db, token);
  const items = await itemsOf(db, lesson, assignment.exerciseIds);
  const slides = await slideCounts(
    db,
    items.map((item) => item.exerciseId),
  );
  const tries = itemsWithTries(items, await triesOf(db, [assignment.id]));
  const counts = new Map(tries.map((item) => [item.exercise_id, item.counts]));
  return {
    language: isLanguage(client.language) ? client.language : 'uk',
    child_name: firstNameOf(client.childName),
    lesson_number: lesson.number,
    presentations: items.map((item) => ({
      exercise_id: item.exerciseId,
      title: item.title,
      image_urls: Array.from({ length: slides.get(item.exerciseId) ?? 0 }, (_, slide) =>
        slideUrl(token, item.exerciseId, slide),
      ),
      counts: counts.get(item.exerciseId) ?? { ...NO_TRIES },
    })),
  };
}

/** Whether an exercise is one the assignment plays now. */
const plays = async (db: Tx, lesson: LessonRow, chosen: readonly number[] | null, exerciseId: number) =>
  (await itemsOf(db, lesson, chosen)).some((item) => item.exerciseId === exerciseId);

/**
 * `GET /home-practice/:token/slide?exercise_id=&slide=` (public): a slide image of a presentation
 * the assignment plays; 404 for anything it does not have.
 */
export async function practiceSlide(
  db: Db,
  token: string,
  exerciseId: number,
  slide: number,
): Promise<ExerciseFileRow> {
  const { assignment, lesson } = await openAssignment(db, token);
  if (!(await plays(db, lesson, assignment.exerciseIds, exerciseId))) throw notFound();
  const [row] = await db
    .select({ file: exerciseFiles })
    .from(exerciseSlides)
    .innerJoin(exerciseFiles, eq(exerciseFiles.id, exerciseSlides.fileId))
    .where(eq(exerciseSlides.exerciseId, exerciseId))
    .orderBy(asc(exerciseSlides.position))
    .offset(slide)
    .limit(1);
  if (!row) throw notFound();
  return row.file;
}

/**
 * `POST /home-practice/:token/tries` (public): one tap, stored at once. The player's key is unique
 * in the table: the same key again (a double tap, a retry, two requests at once) inserts nothing and
 * answers `recorded: false` with the counts as they are. 422 for an exercise the assignment does
 * not play.
 */
export async function recordTry(
  db: Db,
  token: string,
  lang: ProjectActor['lang'],
  input: z.output<typeof practiceTryInput>,
): Promise<PracticeTry> {
  const { assignment, lesson } = await openAssignment(db, token);
  if (!(await plays(db, lesson, assignment.exerciseIds, input.exercise_id))) {
    throw new AppError(
      'validation_failed',
      {},
      { exercise_id: [fieldMessage(lang, 'practiceExerciseOutside')] },
    );
  }
  const inserted = await db
    .insert(practiceTries)
    .values({
      workspaceId: assignment.workspaceId,
      assignmentId: assignment.id,
      exerciseId: input.exercise_id,
      outcome: input.outcome,
      key: input.key,
    })
    .onConflictDoNothing({ target: practiceTries.key })
    .returning({ id: practiceTries.id });
  const counts = { ...NO_TRIES };
  for (const row of await db
    .select({ outcome: practiceTries.outcome, tries: count() })
    .from(practiceTries)
    .where(
      and(eq(practiceTries.assignmentId, assignment.id), eq(practiceTries.exerciseId, input.exercise_id)),
    )
    .groupBy(practiceTries.outcome)) {
    counts[row.outcome as PracticeOutcome] = row.tries;
  }
  return { recorded: inserted.length > 0, counts };
}

/**
 * `GET /parent-dashboard/:token/practice` (public, the family's dashboard link): the child's live
 * assignments that have a live link, the newest first, each with its player's link and how much it
 * was practised.
 */
export async function familyPractice(ctx: PracticeContext, token: string): Promise<FamilyPractice> {
  const family = await openFamily(ctx.db, token);
  const rows = await ctx.db
    .select({ assignment: practiceAssignments, lesson: lessons })
    .from(practiceAssignments)
    .innerJoin(lessons, eq(lessons.id, practiceAssignments.lessonId))
    .where(
      and(
        eq(practiceAssignments.workspaceId, family.workspaceId),
        eq(practiceAssignments.clientId, family.client.id),
        isNull(practiceAssignments.withdrawnAt),
      ),
    )
    .orderBy(desc(practiceAssignments.createdAt), desc(practiceAssignments.id));
  const assignments: FamilyPractice['assignments'] = [];
  for (const { assignment, lesson } of rows) {
    const live = await liveTokenOf(ctx.db, practiceLinks, assignment.id);
    if (!live) continue;
    const items = await itemsOf(ctx.db, lesson, assignment.exerciseIds);
    const tries = await triesOf(ctx.db, [assignment.id]);
    const { last } = await daysOf(ctx.db, [assignment.id]);
    assignments.push({
      lesson_number: lesson.number,
      url: (await linkOf(ctx.db, ctx.baseUrl, practiceLinks, assignment.id)).url ?? '',
      presentations: items.map((item) => item.title),
      tries: tries.reduce((sum, row) => sum + row.tries, 0),
      last_practised_at: last?.toISOString() ?? null,
    });
  }
  return {
    language: isLanguage(family.client.language) ? family.client.language : 'uk',
    assignments,
  };
}
