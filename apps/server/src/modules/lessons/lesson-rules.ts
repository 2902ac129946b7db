/**
 * A lesson judged against its plan (spec §5): the contract's `lessonProblems` (bounds per block,
 * repeats, usage across the plan's lessons) and what only the database knows, that every exercise
 * is an accepted one of its block's folder. The save refuses a lesson with any; the check reports
 * them.
 */
import { lessonProblems, type LessonProblem, type LessonRuleExercise } from '@logoschool/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { exercises, type ProtocolRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { folderExercises, usageInPlan, type PlanOutline } from './lesson-context.ts';

/** A problem of a lesson: the contract's, or an exercise that is no accepted one of the block's folder. */
export interface ServerLessonProblem extends Omit<LessonProblem, 'key'> {
  key: LessonProblem['key'] | 'lessonExerciseNotInFolder';
}

/** A block's presentations as given (its exercises in order) and the input field they came in. */
export interface GivenBlock {
  exercise_ids: readonly number[];
  field: string;
}

/**
 * What is wrong with a lesson of `plan` whose blocks hold `given` (by block key; a block not given
 * holds nothing and its problems are on `blocks`), against the plan's other lessons.
 */
export async function judgeLesson(
  tx: Tx,
  caller: ProjectActor,
  plan: ProtocolRow,
  outline: PlanOutline,
  lessonId: number,
  given: ReadonlyMap<string, GivenBlock>,
): Promise<ServerLessonProblem[]> {
  const folders = await folderExercises(
    tx,
    caller.workspaceId,
    outline.blocks.flatMap((block) => (block.folder_id === null ? [] : [block.folder_id])),
  );
  const rules = new Map<number, LessonRuleExercise>();
  const outside: { block: number; id: number }[] = [];
  outline.blocks.forEach((block, index) => {
    const offered = block.folder_id === null ? undefined : folders.get(block.folder_id);
    for (const id of given.get(block.key)?.exercise_ids ?? []) {
      const exercise = offered?.get(id);
      if (exercise) rules.set(id, { usage_frequency: exercise.usageFrequency, title: exercise.title });
      else outside.push({ block: index, id });
    }
  });
  const fieldOf = (key: string) => given.get(key)?.field ?? 'blocks';
  const problems: ServerLessonProblem[] = lessonProblems(
    outline.blocks.map((block) => ({ ...block, exercise_ids: given.get(block.key)?.exercise_ids ?? [] })),
    await usageInPlan(
      tx,
      plan.id,
      outline.blocks.map((block) => block.key),
      [lessonId],
    ),
    rules,
  ).map((problem) => ({ ...problem, field: fieldOf(problem.block_key) }));
  if (outside.length > 0) {
    // Titles only of the project's exercises: another project's id reads as an unknown one.
    const titles = new Map(
      (
        await tx
          .select({ id: exercises.id, title: exercises.title })
          .from(exercises)
          .where(
            and(
              eq(exercises.workspaceId, caller.workspaceId),
              inArray(
                exercises.id,
                outside.map((item) => item.id),
              ),
            ),
          )
      ).map((row) => [row.id, row.title]),
    );
    for (const { block: index, id } of outside) {
      const block = outline.blocks[index];
      if (!block) continue;
      problems.push({
        field: fieldOf(block.key),
        block_key: block.key,
        key: 'lessonExerciseNotInFolder',
        params: { target: block.target, title: titles.get(id) ?? `#${id}` },
      });
    }
  }
  return problems;
}

/** A problem in the caller's language. */
export const problemText = (caller: ProjectActor, problem: ServerLessonProblem) =>
  fieldMessage(caller.lang, problem.key, problem.params);

/** A 422 naming each problem on its field. */
export function problemsError(caller: ProjectActor, problems: readonly ServerLessonProblem[]): AppError {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) {
    const messages = (errors[problem.field] ??= []);
    const said = problemText(caller, problem);
    if (!messages.includes(said)) messages.push(said);
  }
  return new AppError('validation_failed', {}, errors);
}
