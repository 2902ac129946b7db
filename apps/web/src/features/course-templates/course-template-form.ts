import {
  courseTemplateInput,
  type CourseTemplate,
  type CourseTemplateInput,
  type Language,
} from '@logoschool/contract';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { fieldErrorsOf } from '../../api/form-errors.ts';
import { contractValidate } from '../../lib/form.ts';

/** An exercise of a lesson as the form holds it: its id and its title to show. */
export interface ExerciseValue {
  id: number;
  title: string;
}

/** A lesson as the form holds it: `uid` names it on the screen, `key` across versions once saved. */
export interface LessonValues {
  uid: string;
  key: string | null;
  title: string;
  description_parents: string;
  description_teacher: string;
  exercises: ExerciseValue[];
}

export interface TemplateValues {
  name: string;
  description: string;
  language: Language;
  lessons: LessonValues[];
}

let counter = 0;
const newUid = () => `lesson-${String((counter += 1))}`;

/** A new lesson, empty. */
export const newLesson = (): LessonValues => ({
  uid: newUid(),
  key: null,
  title: '',
  description_parents: '',
  description_teacher: '',
  exercises: [],
});

/** The form's values of a template (or of a new one, in the user's language with one lesson). */
export function valuesOf(template: CourseTemplate | null, language: Language): TemplateValues {
  if (!template) return { name: '', description: '', language, lessons: [newLesson()] };
  return {
    name: template.name,
    description: template.description,
    language: template.language,
    lessons: template.lessons.map((lesson) => ({
      uid: lesson.key,
      key: lesson.key,
      title: lesson.title,
      description_parents: lesson.description_parents,
      description_teacher: lesson.description_teacher,
      exercises: lesson.exercises.map((exercise) => ({ id: exercise.id, title: exercise.title })),
    })),
  };
}

/** What the API takes of the values. */
export function toBody(values: TemplateValues): CourseTemplateInput {
  return {
    name: values.name,
    description: values.description,
    language: values.language,
    lessons: values.lessons.map((lesson) => ({
      ...(lesson.key ? { key: lesson.key } : {}),
      title: lesson.title,
      description_parents: lesson.description_parents,
      description_teacher: lesson.description_teacher,
      exercise_ids: lesson.exercises.map((exercise) => exercise.id),
    })),
  };
}

/** A field of the API's body as the form names it: a lesson's `exercise_ids.N` is its exercises list. */
export const fieldOf = (path: string) =>
  path.replace(/^lessons\.(\d+)\.exercise_ids(\.\d+)?$/, 'lessons.$1.exercises');

/** The form's check: the contract's schema, its messages under the form's fields. */
export const templateValidate = (t: TFunction): ((values: TemplateValues) => FormErrors) =>
  contractValidate<TemplateValues>(courseTemplateInput, t, { toBody, fieldOf });

/** Whether the values hold a path (`lessons.1.exercises`). */
function holds(values: unknown, path: string): boolean {
  let value = values;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return false;
    value = (value as Record<string, unknown>)[part];
  }
  return true;
}

/** Puts a refused save's field messages where the form shows them; false when none of them is shown. */
export function showTemplateErrors(
  form: { getValues(): TemplateValues; setErrors(errors: FormErrors): void },
  error: unknown,
): boolean {
  const values = form.getValues();
  const shown = Object.entries(fieldErrorsOf(error, fieldOf) ?? {}).filter(([path]) => holds(values, path));
  form.setErrors(Object.fromEntries(shown));
  return shown.length > 0;
}
