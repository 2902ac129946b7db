/**
 * The rules a lesson keeps (spec §5, §9; issue 15), as pure functions the server judges a save with
 * and the editor can show before sending: every block of the plan has presentations, at least its
 * minimum and at most its maximum; an exercise comes once per block; no exercise is used more often
 * across the plan's lessons than its usage frequency (spec §3: 1 or 3 times).
 */

/** What a lesson's problem says; the server's catalogue words each as `fields.<key>`. */
export const LESSON_PROBLEM_KEYS = [
  'lessonBlockEmpty',
  'lessonBlockBelowMin',
  'lessonBlockAboveMax',
  'lessonExerciseRepeated',
  'lessonUsageExceeded',
  'lessonBlockCannotFill',
] as const;
export type LessonProblemKey = (typeof LESSON_PROBLEM_KEYS)[number];

/**
 * One thing wrong with a lesson: the field of the lesson's input it is about
 * (`blocks.<index>.exercise_ids`), the block (by key), what is wrong and the values its words need
 * (`target`, the block's target, always; `min`, `max`, `title`, `usage`, `available` as the key says).
 */
export interface LessonProblem {
  field: string;
  block_key: string;
  key: LessonProblemKey;
  params: Record<string, string | number>;
}

/** A block of a lesson as the rules see it: the plan's bounds and the exercises chosen, in order. */
export interface LessonRuleBlock {
  key: string;
  target: string;
  min_presentations: number;
  max_presentations: number;
  exercise_ids: readonly number[];
}

/** What the rules need of an exercise: how often a plan may use it, and its title for the message. */
export interface LessonRuleExercise {
  usage_frequency: number;
  title?: string;
}

/** The field of a block's presentations in the lesson's input. */
export const lessonBlockField = (index: number) => `blocks.${index}.exercise_ids`;

/** How many times each exercise occurs in the blocks. */
export function usageIn(blocks: readonly { exercise_ids: readonly number[] }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const block of blocks) {
    for (const id of block.exercise_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Which checks to make: `whole` every rule; `transfer` only those a lesson being prepared must keep. */
export type LessonRuleScope = 'whole' | 'transfer';

/**
 * What is wrong with a lesson. `usedElsewhere` counts each exercise's presentations in the plan's
 * other lessons; `exercises` gives each exercise's usage frequency (an exercise it does not name is
 * not judged for usage: the server refuses it as not in the block's folder). With `scope`
 * `transfer` a block may still be below its minimum (a lesson receiving the presentations another
 * did not reach is still being prepared): only the maximum, repeats and usage count. An empty list
 * is a lesson that may be saved.
 */
export function lessonProblems(
  blocks: readonly LessonRuleBlock[],
  usedElsewhere: ReadonlyMap<number, number>,
  exercises: ReadonlyMap<number, LessonRuleExercise>,
  scope: LessonRuleScope = 'whole',
): LessonProblem[] {
  const problems: LessonProblem[] = [];
  const titleOf = (id: number) => exercises.get(id)?.title ?? `#${id}`;
  blocks.forEach((block, index) => {
    const field = lessonBlockField(index);
    const problem = (key: LessonProblemKey, params: Record<string, string | number> = {}) =>
      problems.push({ field, block_key: block.key, key, params: { target: block.target, ...params } });
    const count = block.exercise_ids.length;
    if (scope === 'whole' && count === 0) problem('lessonBlockEmpty');
    else if (scope === 'whole' && count < block.min_presentations)
      problem('lessonBlockBelowMin', { min: block.min_presentations });
    if (count > block.max_presentations) problem('lessonBlockAboveMax', { max: block.max_presentations });
    const seen = new Set<number>();
    const repeated = new Set<number>();
    for (const id of block.exercise_ids) {
      if (seen.has(id) && !repeated.has(id)) {
        repeated.add(id);
        problem('lessonExerciseRepeated', { title: titleOf(id) });
      }
      seen.add(id);
    }
  });
  // Usage across the plan: this lesson's presentations and the other lessons', said once per
  // exercise, on the first block that holds it.
  const here = usageIn(blocks);
  for (const [id, count] of here) {
    const exercise = exercises.get(id);
    if (!exercise) continue;
    if ((usedElsewhere.get(id) ?? 0) + count <= exercise.usage_frequency) continue;
    const index = blocks.findIndex((block) => block.exercise_ids.includes(id));
    const block = blocks[index];
    if (!block) continue;
    problems.push({
      field: lessonBlockField(index),
      block_key: block.key,
      key: 'lessonUsageExceeded',
      params: { target: block.target, title: titleOf(id), usage: exercise.usage_frequency },
    });
  }
  return problems;
}
