/**
 * The automatic fill over a whole plan (issue 27 item 4): a folder's supply is spread over the
 * plan's lessons, so that every lesson gets each block's minimum before any lesson gets more, never
 * using an exercise more often across the plan than its usage frequency. `planSupply` says before
 * filling which blocks run short in which lessons, and what would fix it. The student's lesson
 * language comes first (decision 035): another language's exercise only for a minimum. Pure and
 * seeded.
 */
import { seededRandom, type GenerateCandidate } from './generate.ts';
import { lessonBlockField, lessonProblems, type LessonProblem, type LessonRuleExercise } from './rules.ts';

/** A block of the plan: its bounds and its folder's exercises. */
export interface PlanFillBlock {
  key: string;
  target: string;
  min_presentations: number;
  max_presentations: number;
  /** The folder the block takes its exercises from; blocks of one folder share its supply. */
  folder_id?: number | null;
  candidates: readonly PlanFillCandidate[];
}

/**
 * An exercise a block may take. `foreign`: its content is not in the student's lesson language
 * (decision 035): the fill takes it only for a minimum the student's language cannot give, never
 * beyond, and the supply does not count it.
 */
export interface PlanFillCandidate extends GenerateCandidate {
  foreign?: boolean;
}

/**
 * A lesson of the plan, in the plan's order. `fill`: it is filled, its minimums and, from what is
 * left, more up to each maximum; `reserve`: it is not filled now, but what its minimums need is kept
 * for it; `fixed`: it holds what it holds (held, or being regenerated).
 */
export type PlanFillMode = 'fill' | 'reserve' | 'fixed';

export interface PlanFillLesson {
  mode: PlanFillMode;
  /** Its presentations that stay, by block (in the blocks' order), first and in their order. */
  kept: readonly (readonly number[])[];
}

export interface PlanFillInput {
  blocks: readonly PlanFillBlock[];
  lessons: readonly PlanFillLesson[];
  seed: number;
}

export interface PlanFillLessonResult {
  blocks: { key: string; exercise_ids: number[] }[];
  /**
   * Why this lesson is not one that may be saved: a block below its minimum
   * (`lessonBlockCannotFill`), or a rule its kept presentations break. Empty for a lesson to write.
   */
  problems: LessonProblem[];
}

/** Each exercise's usage frequency (and title), from the blocks' candidates. */
function exercisesOf(blocks: readonly PlanFillBlock[]): Map<number, LessonRuleExercise> {
  const exercises = new Map<number, LessonRuleExercise>();
  for (const block of blocks) {
    for (const candidate of block.candidates) {
      exercises.set(candidate.exercise_id, {
        usage_frequency: candidate.usage_frequency,
        ...(candidate.title === undefined ? {} : { title: candidate.title }),
      });
    }
  }
  return exercises;
}

/**
 * Fills the plan's `fill` lessons (see the module's comment). First every `fill` lesson, then every
 * `reserve` one, gets each block's minimum, lesson by lesson, each time taking the exercises with
 * the most uses left (which spreads a scarce folder as far as it goes), the previous lesson's only
 * when no other is left; then, round after round, each `fill` lesson one more per block up to its
 * maximum while the folder has uses to spare. The answer has one entry per lesson, in order.
 */
export function fillPlan(input: PlanFillInput): PlanFillLessonResult[] {
  const random = seededRandom(input.seed);
  const exercises = exercisesOf(input.blocks);
  // The student's language's ties drawn first: other languages do not change its fill.
  const foreign = new Set(
    input.blocks.flatMap((block) => block.candidates.filter((c) => c.foreign).map((c) => c.exercise_id)),
  );
  const rank = new Map<number, number>();
  const ids = [...exercises.keys()].sort((a, b) => a - b);
  for (const id of [...ids.filter((id) => !foreign.has(id)), ...ids.filter((id) => foreign.has(id))])
    rank.set(id, random());
  const uses = new Map<number, number>();
  const chosen = input.lessons.map((lesson) =>
    input.blocks.map((_, index) => {
      const kept = [...(lesson.kept[index] ?? [])];
      for (const id of kept) uses.set(id, (uses.get(id) ?? 0) + 1);
      return kept;
    }),
  );
  const left = (id: number) => (exercises.get(id)?.usage_frequency ?? 0) - (uses.get(id) ?? 0);

  /** Adds to one block of one lesson its best candidate; false when none may be added. */
  const addOne = (lessonIndex: number, blockIndex: number, spread: boolean): boolean => {
    const block = input.blocks[blockIndex];
    const lesson = chosen[lessonIndex];
    const list = lesson?.[blockIndex];
    if (!block || !lesson || !list) return false;
    const inLesson = new Set(lesson.flat());
    const previous = new Set(chosen[lessonIndex - 1]?.flat() ?? []);
    let best: number | undefined;
    let bestScore: number[] = [];
    for (const { exercise_id: id, foreign } of block.candidates) {
      if (list.includes(id) || left(id) <= 0 || (foreign && !spread)) continue;
      // Another language's exercise only when the student's has none left; then, for the minimums,
      // the uses left come first: a folder lasts the most lessons that way.
      const score = [
        foreign ? 1 : 0,
        inLesson.has(id) ? 1 : 0,
        spread ? -left(id) : 0,
        previous.has(id) ? 1 : 0,
        uses.get(id) ?? 0,
        rank.get(id) ?? 0,
      ];
      if (best === undefined || isBefore(score, bestScore)) {
        best = id;
        bestScore = score;
      }
    }
    if (best === undefined) return false;
    list.push(best);
    uses.set(best, (uses.get(best) ?? 0) + 1);
    return true;
  };

  // The blocks with the fewest usable exercises first, so that a block with many does not take what
  // a scarce one needs from a folder they share.
  const usable = (block: PlanFillBlock) =>
    block.candidates.filter((c) => !c.foreign && left(c.exercise_id) > 0).length;
  const order = input.blocks
    .map((block, index) => ({ index, usable: usable(block) }))
    .sort((a, b) => a.usable - b.usable || a.index - b.index)
    .map(({ index }) => index);
  const minimums = (mode: PlanFillMode) =>
    input.lessons.forEach((lesson, lessonIndex) => {
      if (lesson.mode !== mode) return;
      for (const blockIndex of order) {
        const block = input.blocks[blockIndex];
        const list = chosen[lessonIndex]?.[blockIndex];
        if (!block || !list) continue;
        while (list.length < block.min_presentations && addOne(lessonIndex, blockIndex, true));
      }
    });
  minimums('fill');
  minimums('reserve');
  // A lesson short of a minimum gets no more: it is not written, and its extras would be lost.
  const reached = (lessonIndex: number) =>
    input.blocks.every(
      (block, index) => (chosen[lessonIndex]?.[index]?.length ?? 0) >= block.min_presentations,
    );
  for (let added = true; added;) {
    added = false;
    input.lessons.forEach((lesson, lessonIndex) => {
      if (lesson.mode !== 'fill' || !reached(lessonIndex)) return;
      input.blocks.forEach((block, blockIndex) => {
        if ((chosen[lessonIndex]?.[blockIndex]?.length ?? 0) >= block.max_presentations) return;
        if (addOne(lessonIndex, blockIndex, false)) added = true;
      });
    });
  }

  return input.lessons.map((lesson, lessonIndex) => {
    const lists = chosen[lessonIndex] ?? [];
    const blocks = input.blocks.map((block, index) => ({ key: block.key, exercise_ids: lists[index] ?? [] }));
    if (lesson.mode === 'fixed') return { blocks, problems: [] };
    const problems: LessonProblem[] = [];
    input.blocks.forEach((block, index) => {
      const count = lists[index]?.length ?? 0;
      if (count >= block.min_presentations) return;
      problems.push({
        field: lessonBlockField(index),
        block_key: block.key,
        key: 'lessonBlockCannotFill',
        params: { target: block.target, min: block.min_presentations, available: count },
      });
    });
    const short = new Set(problems.map((problem) => problem.block_key));
    const others = new Map<number, number>(uses);
    for (const id of lists.flat()) others.set(id, (others.get(id) ?? 0) - 1);
    const ruled = lessonProblems(
      input.blocks.map((block, index) => ({ ...block, exercise_ids: lists[index] ?? [] })),
      others,
      exercises,
    ).filter(
      (problem) =>
        !(
          short.has(problem.block_key) &&
          (problem.key === 'lessonBlockEmpty' || problem.key === 'lessonBlockBelowMin')
        ),
    );
    return { blocks, problems: [...problems, ...ruled] };
  });
}

/** How often a new exercise the fix proposes may be used in a plan (the most spec §3 allows). */
export const SUPPLY_FIX_USAGE = 3;

/** A block whose folder runs short for the plan, and what would fix it. */
export interface BlockShortage {
  key: string;
  target: string;
  folder_id: number | null;
  min_presentations: number;
  /** The numbers (from 1) of the lessons still to fill that would stay below the block's minimum. */
  lessons: number[];
  /**
   * The presentations the lessons still to fill need at least in this block, and the uses its
   * folder has left for them (for every block that shares the folder: `shared_with`).
   */
  need: number;
  supply: number;
  /** The other blocks (by target) that take their exercises from the same folder. */
  shared_with: string[];
  /** How many new exercises usable `SUPPLY_FIX_USAGE` times the folder would need for every lesson. */
  add_exercises: number;
  /** The largest minimum every lesson would reach with the folder as it is; null when none would. */
  lower_min_to: number | null;
}

/** Whether every `fill` lesson of the plan would reach the blocks' minimums. */
const allReach = (input: PlanFillInput, blocks: readonly PlanFillBlock[], indexes: readonly number[]) =>
  fillPlan({ ...input, blocks }).every(
    (lesson, lessonIndex) =>
      input.lessons[lessonIndex]?.mode !== 'fill' ||
      indexes.every(
        (index) =>
          !lesson.problems.some(
            (problem) => problem.key === 'lessonBlockCannotFill' && problem.block_key === blocks[index]?.key,
          ),
      ),
  );

/**
 * Where the plan's supply runs short (issue 27 item 4), judged by filling every `fill` lesson as
 * `fillPlan` does: per block that some lesson would not get its minimum, which lessons, the need
 * against the supply, and the two fixes (more exercises in the folder, or a lower minimum), each
 * checked by filling again, counting only the exercises in the student's language (not `foreign`).
 * Empty when every lesson to fill reaches its minimums with them.
 */
export function planSupply(given: PlanFillInput): BlockShortage[] {
  // Only the student's language counts: a minimum reached with another's is still a shortage.
  const input: PlanFillInput = {
    ...given,
    blocks: given.blocks.map((block) => ({
      ...block,
      candidates: block.candidates.filter((candidate) => !candidate.foreign),
    })),
  };
  const filled = fillPlan(input);
  const exercises = exercisesOf(input.blocks);
  const used = new Map<number, number>();
  input.lessons.forEach((lesson) => {
    for (const id of lesson.kept.flat()) used.set(id, (used.get(id) ?? 0) + 1);
  });
  const toFill = input.lessons.filter((lesson) => lesson.mode === 'fill');
  const shortages: BlockShortage[] = [];
  input.blocks.forEach((block, blockIndex) => {
    const lessons = filled.flatMap((lesson, lessonIndex) =>
      input.lessons[lessonIndex]?.mode === 'fill' &&
      lesson.problems.some(
        (problem) => problem.block_key === block.key && problem.key === 'lessonBlockCannotFill',
      )
        ? [lessonIndex + 1]
        : [],
    );
    if (lessons.length === 0) return;
    // The blocks of the same folder share its supply: a fix must do for all of them at once.
    const folder = block.folder_id ?? null;
    const sharing = input.blocks.flatMap((other, index) =>
      index === blockIndex || (folder !== null && (other.folder_id ?? null) === folder) ? [index] : [],
    );
    // The block's own need; the folder's uses left serve every block that shares it.
    const need = toFill.reduce(
      (sum, lesson) => sum + Math.max(0, block.min_presentations - (lesson.kept[blockIndex]?.length ?? 0)),
      0,
    );
    const supply = block.candidates.reduce(
      (sum, candidate) =>
        sum +
        Math.max(
          0,
          Math.min(
            (exercises.get(candidate.exercise_id)?.usage_frequency ?? 0) -
              (used.get(candidate.exercise_id) ?? 0),
            toFill.length * sharing.length,
          ),
        ),
      0,
    );
    const withMore = (count: number) =>
      input.blocks.map((other, index) =>
        sharing.includes(index)
          ? {
              ...other,
              candidates: [
                ...other.candidates,
                ...Array.from({ length: count }, (_, n) => ({
                  exercise_id: -(n + 1),
                  usage_frequency: SUPPLY_FIX_USAGE,
                })),
              ],
            }
          : other,
      );
    // As many new exercises as presentations needed always do: the fewest that do, by halving.
    let low = 1;
    let add = Math.max(1, need);
    while (low < add) {
      const middle = Math.floor((low + add) / 2);
      if (allReach(input, withMore(middle), sharing)) add = middle;
      else low = middle + 1;
    }
    let lower: number | null = null;
    for (let min = block.min_presentations - 1; min >= 1; min -= 1) {
      const blocks = input.blocks.map((other, index) =>
        index === blockIndex ? { ...other, min_presentations: min } : other,
      );
      if (allReach(input, blocks, [blockIndex])) {
        lower = min;
        break;
      }
    }
    shortages.push({
      key: block.key,
      target: block.target,
      folder_id: folder,
      min_presentations: block.min_presentations,
      lessons,
      need,
      supply,
      shared_with: sharing
        .filter((index) => index !== blockIndex)
        .map((index) => input.blocks[index]?.target ?? ''),
      add_exercises: add,
      lower_min_to: lower,
    });
  });
  return shortages;
}

/** Whether one score comes before another (compared field by field). */
function isBefore(score: number[], other: number[]): boolean {
  for (let index = 0; index < score.length; index += 1) {
    const a = score[index] ?? 0;
    const b = other[index] ?? 0;
    if (a !== b) return a < b;
  }
  return false;
}
