/**
 * A student's progress from the marks (issue 15, item 6): per block target, the trials of each
 * lesson that marked some (correct, incorrect, cued) with the accuracy (correct of all) and the
 * share that needed a cue, so that a speech therapist compares one lesson with the next.
 */
import { z } from 'zod';
import type { MarkResult } from './marks.ts';

/** The counts of trials and the shares they make; the shares are 0 when there is no trial. */
export const progressCountsSchema = z.object({
  correct: z.number().int(),
  incorrect: z.number().int(),
  cued: z.number().int(),
  total: z.number().int(),
  /** Correct trials of all trials, 0 to 1. */
  accuracy: z.number(),
  /** Cued trials of all trials, 0 to 1. */
  cued_share: z.number(),
});
export type ProgressCounts = z.infer<typeof progressCountsSchema>;

/** A target's trials in one lesson. */
export const progressPointSchema = progressCountsSchema.extend({
  lesson_id: z.number().int(),
  /** The lesson's place in its plan, 1 to the plan's lessons. */
  number: z.number().int(),
  plan_id: z.number().int(),
  /** The plan's name: the title of its template version. */
  plan_title: z.string(),
  /** When the lesson was finished, else when it starts (ISO, UTC); null when it has neither. */
  date: z.string().nullable(),
});
export type ProgressPoint = z.infer<typeof progressPointSchema>;

/** A block target (the same text in two plans is one target), its points in lesson order and totals. */
export const progressTargetSchema = z.object({
  target: z.string(),
  points: z.array(progressPointSchema),
  totals: progressCountsSchema,
});
export type ProgressTarget = z.infer<typeof progressTargetSchema>;

/** `GET /clients/:clientId/progress`: the targets in the order they first appear. */
export const studentProgressSchema = z.object({
  client_id: z.number().int(),
  targets: z.array(progressTargetSchema),
});
export type StudentProgress = z.infer<typeof studentProgressSchema>;

/**
 * One mark as the server reads it, once per block of its lesson that presents the mark's exercise
 * (`block_key`), or once with `block_key` null when no block of the lesson presents it.
 */
export interface ProgressMarkRow {
  mark_id: number;
  result: MarkResult;
  lesson_id: number;
  lesson_number: number;
  plan_id: number;
  /** The lesson's `finished_at`, else its `starts_at` (ISO); null when it has neither. */
  date: string | null;
  block_key: string | null;
}

/** A plan as progress reads it: its title and its blocks' keys and targets in play order. */
export interface ProgressPlan {
  title: string;
  blocks: readonly { key: string; target: string }[];
}

/** The counts with their shares. */
export function progressCounts(correct: number, incorrect: number, cued: number): ProgressCounts {
  const total = correct + incorrect + cued;
  return {
    correct,
    incorrect,
    cued,
    total,
    accuracy: total === 0 ? 0 : correct / total,
    cued_share: total === 0 ? 0 : cued / total,
  };
}

/** The lesson a point or row belongs to, as lesson order reads it. */
interface LessonPlace {
  date: string | null;
  plan_id: number;
  number: number;
}

/**
 * Lesson order: by date (a lesson without one last), then by plan, then by number; the points of
 * every target follow it.
 */
export function compareLessons(a: LessonPlace, b: LessonPlace): number {
  if (a.date !== b.date) {
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    const byTime = Date.parse(a.date) - Date.parse(b.date);
    if (byTime !== 0) return byTime;
  }
  return a.plan_id - b.plan_id || a.number - b.number;
}

interface Tally {
  correct: number;
  incorrect: number;
  cued: number;
}

/**
 * The progress of a student from the rows of their marks and their plans. A mark belongs to the
 * block of its lesson that presents its exercise, the first in play order when two do; a mark
 * whose exercise no block of the plan presents in that lesson (a block a newer template version
 * dropped) counts nowhere. Each mark counts once however many rows repeat it.
 */
export function buildProgress(
  clientId: number,
  rows: readonly ProgressMarkRow[],
  plans: ReadonlyMap<number, ProgressPlan>,
): StudentProgress {
  /** Each mark's target: the one of its first block in play order. */
  const marks = new Map<number, { row: ProgressMarkRow; order: number; target: string }>();
  for (const row of rows) {
    const blocks = plans.get(row.plan_id)?.blocks ?? [];
    const order = blocks.findIndex((block) => block.key === row.block_key);
    const block = blocks[order];
    if (!block) continue;
    const known = marks.get(row.mark_id);
    if (known && known.order <= order) continue;
    marks.set(row.mark_id, { row, order, target: block.target });
  }

  const lessons = new Map<number, LessonPlace & { lesson_id: number }>();
  for (const { row } of marks.values())
    lessons.set(row.lesson_id, {
      lesson_id: row.lesson_id,
      date: row.date,
      plan_id: row.plan_id,
      number: row.lesson_number,
    });
  const inOrder = [...lessons.values()].sort((a, b) => compareLessons(a, b) || a.lesson_id - b.lesson_id);

  /** Per target, per lesson: the counts. */
  const byTarget = new Map<string, Map<number, Tally>>();
  /** Where each target first appears: its lesson's place, then its block's. */
  const firstSeen = new Map<string, [number, number]>();
  const lessonIndex = new Map(inOrder.map((lesson, index) => [lesson.lesson_id, index]));
  for (const { row, order, target } of marks.values()) {
    const perLesson = byTarget.get(target) ?? new Map<number, Tally>();
    byTarget.set(target, perLesson);
    const tally = perLesson.get(row.lesson_id) ?? { correct: 0, incorrect: 0, cued: 0 };
    perLesson.set(row.lesson_id, tally);
    tally[row.result] += 1;
    const seen: [number, number] = [lessonIndex.get(row.lesson_id) ?? 0, order];
    const before = firstSeen.get(target);
    if (!before || seen[0] < before[0] || (seen[0] === before[0] && seen[1] < before[1]))
      firstSeen.set(target, seen);
  }

  const targets = [...byTarget.keys()].sort((a, b) => {
    const [lessonA, blockA] = firstSeen.get(a) ?? [0, 0];
    const [lessonB, blockB] = firstSeen.get(b) ?? [0, 0];
    return lessonA - lessonB || blockA - blockB || a.localeCompare(b);
  });
  return {
    client_id: clientId,
    targets: targets.map((target) => {
      const perLesson = byTarget.get(target) ?? new Map<number, Tally>();
      const points = inOrder.flatMap((lesson) => {
        const tally = perLesson.get(lesson.lesson_id);
        if (!tally) return [];
        return [
          {
            lesson_id: lesson.lesson_id,
            number: lesson.number,
            plan_id: lesson.plan_id,
            plan_title: plans.get(lesson.plan_id)?.title ?? '',
            date: lesson.date,
            ...progressCounts(tally.correct, tally.incorrect, tally.cued),
          },
        ];
      });
      const sum = (key: keyof Tally) => points.reduce((total, point) => total + point[key], 0);
      return { target, points, totals: progressCounts(sum('correct'), sum('incorrect'), sum('cued')) };
    }),
  };
}
