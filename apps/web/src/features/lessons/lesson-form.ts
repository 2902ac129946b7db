import {
  lessonInput,
  lessonProblems,
  type Lesson,
  type LessonInput,
  type LessonPresentation,
  type LessonProblem,
  type LessonRuleExercise,
} from '@logoschool/contract';
import type { FormErrors } from '@mantine/form';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client.ts';
import { contractValidate } from '../../lib/form.ts';

/** A block as the editor holds it: its presentations in order. */
export interface LessonBlockValues {
  key: string;
  presentations: LessonPresentation[];
}

export interface LessonValues {
  /** 'YYYY-MM-DD' where the teacher is; null while none. */
  date: string | null;
  /** 'HH:mm' where the teacher is; '' while none. */
  time: string;
  /** '' while the field is emptied. */
  duration_minutes: number | string;
  blocks: LessonBlockValues[];
}

/** The editor's values of a lesson as the server has it, its time shown where the teacher is. */
export function lessonValuesOf(lesson: Lesson): LessonValues {
  const starts = lesson.starts_at === null ? null : dayjs(lesson.starts_at);
  return {
    date: starts?.format('YYYY-MM-DD') ?? null,
    time: starts?.format('HH:mm') ?? '',
    duration_minutes: lesson.duration_minutes,
    blocks: lesson.blocks.map((block) => ({ key: block.key, presentations: block.presentations })),
  };
}

/** The moment a day and a time stand for where the teacher is (ISO with its offset); null without both. */
export function startsAtOf(date: string | null, time: string): string | null {
  if (!date || !time) return null;
  const moment = dayjs(`${date}T${time}`);
  return moment.isValid() ? moment.format('YYYY-MM-DDTHH:mm:ssZ') : null;
}

/** The `PUT /lesson/:id` body the values stand for (what the contract's `lessonInput` judges). */
export function lessonBodyOf(values: LessonValues): LessonInput {
  return {
    starts_at: startsAtOf(values.date, values.time),
    duration_minutes: (values.duration_minutes === ''
      ? undefined
      : Number(values.duration_minutes)) as number,
    blocks: values.blocks.map((block) => ({
      key: block.key,
      exercise_ids: block.presentations.map((presentation) => presentation.exercise_id),
    })),
  };
}

/** The editor's error field of a block's presentations: the body's own path. */
export const blockField = (index: number) => `blocks.${index}.exercise_ids`;

/** Where a body path's message shows in the editor. */
function fieldOf(path: string): string {
  if (path === 'starts_at') return 'date';
  const block = /^blocks\.(\d+)(\.|$)/.exec(path);
  return block ? blockField(Number(block[1])) : (path.split('.')[0] ?? path);
}

/** A problem of the contract's lesson rules in the interface's words. */
export const problemText = (t: TFunction, problem: Pick<LessonProblem, 'key' | 'params'>) =>
  t(`lessons.problems.${problem.key}`, { replace: problem.params });

/**
 * What the rules of spec §5 say of the values in the browser, with the contract's `lessonProblems`:
 * every block within its bounds, no exercise twice in a block, none more often in this lesson than
 * its usage frequency (the plan's other lessons are the server's to count). One sentence per block.
 */
export function lessonRuleErrors(lesson: Lesson, values: LessonValues, t: TFunction): FormErrors {
  const exercises = new Map<number, LessonRuleExercise>();
  for (const block of values.blocks) {
    for (const presentation of block.presentations) {
      exercises.set(presentation.exercise_id, {
        usage_frequency: presentation.usage_frequency,
        title: presentation.title,
      });
    }
  }
  const problems = lessonProblems(
    lesson.blocks.map((block, index) => ({
      key: block.key,
      target: block.target,
      min_presentations: block.min_presentations,
      max_presentations: block.max_presentations,
      exercise_ids: values.blocks[index]?.presentations.map((presentation) => presentation.exercise_id) ?? [],
    })),
    new Map(),
    exercises,
  );
  const errors: Record<string, string[]> = {};
  for (const problem of problems) (errors[fieldOf(problem.field)] ??= []).push(problemText(t, problem));
  return Object.fromEntries(Object.entries(errors).map(([field, said]) => [field, said.join(' ')]));
}

/**
 * The editor's rules: the contract's `lessonInput` (each field's message as the server would say
 * it), a date with its time, and the lesson rules of spec §5 block by block.
 */
export function lessonValidate(lesson: Lesson, t: TFunction): (values: LessonValues) => FormErrors {
  const contract = contractValidate<LessonValues>(lessonInput, t, { toBody: lessonBodyOf, fieldOf });
  return (values) => {
    const errors: FormErrors = { ...contract(values), ...lessonRuleErrors(lesson, values, t) };
    if (values.date && !values.time) errors.time = t('lessons.edit.timeRequired');
    if (!values.date && values.time) errors.date = t('lessons.edit.dateRequired');
    return errors;
  };
}

export { blockErrorIndexes } from '../../lib/form.ts';

/**
 * A refused save or fill split for the editor: the messages of its own fields (the date, the
 * length, a block's presentations, all of a block's sentences together) and the rest as sentences
 * for above the form.
 */
export function lessonRefusal(
  error: unknown,
  values: LessonValues,
): { fields: FormErrors; general: string[] } {
  if (!(error instanceof ApiError)) return { fields: {}, general: [] };
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    if (messages.length === 0) continue;
    const field = fieldOf(path);
    const block = /^blocks\.(\d+)\.exercise_ids$/.exec(field);
    const own =
      field === 'date' ||
      field === 'duration_minutes' ||
      (block !== null && values.blocks[Number(block[1])] !== undefined);
    if (own) fields[field] = [fields[field], ...messages].filter(Boolean).join(' ');
    else general.push(...messages);
  }
  return { fields, general };
}
