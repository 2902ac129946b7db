/**
 * The automatic fill of a lesson (spec §7 `/exercises/generate-lesson`; issue 15): for each block,
 * exercises of the block's folder, as many as its maximum when there are enough, never more often
 * across the plan than their usage frequency, the least used first and, where there are others,
 * not those of the previous lesson, so that lessons vary. Pure and seeded: the same input and seed
 * give the same lesson.
 */
import { lessonBlockField, lessonProblems, type LessonProblem, type LessonRuleExercise } from './rules.ts';

/** An exercise a block may take: one of its folder's, with how often a plan may use it. */
export interface GenerateCandidate {
  exercise_id: number;
  usage_frequency: number;
  title?: string;
}

/** A block to fill: the plan's bounds, its folder's exercises, and those the lesson keeps. */
export interface GenerateBlock {
  key: string;
  target: string;
  min_presentations: number;
  max_presentations: number;
  candidates: readonly GenerateCandidate[];
  /** The block's presentations that stay, first and in their order. */
  kept?: readonly number[];
}

export interface GenerateInput {
  blocks: readonly GenerateBlock[];
  /** Each exercise's presentations in the plan's other lessons. */
  usedElsewhere: ReadonlyMap<number, number>;
  /** The previous lesson's exercises, avoided while others remain. */
  previous: readonly number[];
  seed: number;
}

export interface GenerateResult {
  blocks: { key: string; exercise_ids: number[] }[];
  /**
   * Why the fill is not a lesson that may be saved: a block whose folder cannot give its minimum
   * (`lessonBlockCannotFill`, naming the block), or a rule the kept presentations already break.
   * Empty: the fill keeps every rule (`lessonProblems` finds nothing).
   */
  problems: LessonProblem[];
}

/** A small seeded generator of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Fills a lesson's blocks (see the module's comment and `GenerateResult`). */
export function generateLesson(input: GenerateInput): GenerateResult {
  const random = seededRandom(input.seed);
  const exercises = new Map<number, LessonRuleExercise>();
  for (const block of input.blocks) {
    for (const candidate of block.candidates) {
      exercises.set(candidate.exercise_id, {
        usage_frequency: candidate.usage_frequency,
        ...(candidate.title === undefined ? {} : { title: candidate.title }),
      });
    }
  }
  // A random rank per exercise, drawn in the order of the ids: ties between equally used exercises
  // go by it, the same for the same seed whatever order the candidates come in.
  const rank = new Map<number, number>();
  for (const id of [...exercises.keys()].sort((a, b) => a - b)) rank.set(id, random());
  const previous = new Set(input.previous);
  const uses = new Map(input.usedElsewhere);
  const inLesson = new Set<number>();
  const chosen = input.blocks.map((block) => {
    const kept = [...(block.kept ?? [])];
    for (const id of kept) {
      uses.set(id, (uses.get(id) ?? 0) + 1);
      inLesson.add(id);
    }
    return kept;
  });
  const capacity = (id: number) => (exercises.get(id)?.usage_frequency ?? 0) - (uses.get(id) ?? 0);

  /** Adds the best of the block's candidates until it holds `upTo` or none is left. */
  const fill = (index: number, upTo: number) => {
    const block = input.blocks[index];
    const list = chosen[index];
    if (!block || !list) return;
    while (list.length < upTo) {
      let best: number | undefined;
      let bestScore: number[] = [];
      for (const { exercise_id: id } of block.candidates) {
        if (list.includes(id) || capacity(id) <= 0) continue;
        const score = [
          inLesson.has(id) ? 1 : 0,
          previous.has(id) ? 1 : 0,
          uses.get(id) ?? 0,
          rank.get(id) ?? 0,
        ];
        if (best === undefined || isBefore(score, bestScore)) {
          best = id;
          bestScore = score;
        }
      }
      if (best === undefined) return;
      list.push(best);
      uses.set(best, (uses.get(best) ?? 0) + 1);
      inLesson.add(best);
    }
  };

  // Every block's minimum first, the block with the fewest usable exercises first, so that a block
  // with many does not take what a scarce one needs; then each up to its maximum.
  const usable = (block: GenerateBlock) =>
    block.candidates.filter((candidate) => capacity(candidate.exercise_id) > 0).length;
  const scarcity = input.blocks.map((block, index) => ({ index, usable: usable(block) }));
  scarcity.sort((a, b) => a.usable - b.usable || a.index - b.index);
  for (const { index } of scarcity) fill(index, input.blocks[index]?.min_presentations ?? 0);
  input.blocks.forEach((block, index) => fill(index, block.max_presentations));

  const blocks = input.blocks.map((block, index) => ({ key: block.key, exercise_ids: chosen[index] ?? [] }));
  const problems: LessonProblem[] = [];
  input.blocks.forEach((block, index) => {
    const count = chosen[index]?.length ?? 0;
    if (count >= block.min_presentations) return;
    problems.push({
      field: lessonBlockField(index),
      block_key: block.key,
      key: 'lessonBlockCannotFill',
      params: { target: block.target, min: block.min_presentations, available: count },
    });
  });
  const short = new Set(problems.map((problem) => problem.block_key));
  const ruled = lessonProblems(
    input.blocks.map((block, index) => ({ ...block, exercise_ids: chosen[index] ?? [] })),
    input.usedElsewhere,
    exercises,
  ).filter(
    (problem) =>
      !(
        short.has(problem.block_key) &&
        (problem.key === 'lessonBlockEmpty' || problem.key === 'lessonBlockBelowMin')
      ),
  );
  return { blocks, problems: [...problems, ...ruled] };
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
