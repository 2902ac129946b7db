import {
  API,
  inWorkspace,
  type Category,
  type CategoryInput,
  type Client,
  type ClientInput,
  type Exercise,
  type FinishLessonInput,
  type GenerateLessonInput,
  type Lesson,
  type Language,
  type LessonInput,
  type LessonListItem,
  type Plan,
  type PlanCreateInput,
  type PlanInput,
  type ProtocolTemplate,
  type RoleName,
  type TemplateInput,
  type templateReviewInput,
  weekStart,
} from '@logoschool/contract';
import type { APIRequestContext } from '@playwright/test';
import { acceptedExercise, tagOf } from './content.ts';
import { dayFromNow } from './dates.ts';
import { newSchool, unique, type Caller, type School } from './school.ts';

/** The body of a moderator's verdict on a template (the contract names only its schema). */
type TemplateReviewInput = (typeof templateReviewInput)['_zod']['input'];

/**
 * A category of the school's tree that holds folders, each folder with leaf categories, as a
 * template's block wants them: the block takes the category, offers its folders, and a lesson takes
 * exercises of the leaves. Made by the school's moderator; the ids by name.
 */
export async function soundsTree(school: School, category: string, folders: Record<string, string[]>) {
  const moderator = await school.as('moderator');
  const make = (name: string, parent: number, isFolder: boolean) =>
    moderator.call<Category>('post', inWorkspace(school.workspaceId, API.categories), {
      workspace_id: school.workspaceId,
      name,
      parent,
      is_folder: isFolder,
    } satisfies CategoryInput);
  const top = await make(category, 0, true);
  const ids: Record<string, number> = {};
  for (const [folder, leaves] of Object.entries(folders)) {
    ids[folder] = (await make(folder, top.id, true)).id;
    for (const leaf of leaves) ids[leaf] = (await make(leaf, ids[folder], false)).id;
  }
  const id = (name: string) => {
    const found = ids[name];
    if (found === undefined) throw new Error(`No category ${name} in this tree.`);
    return found;
  };
  return { category: top.id, id };
}

/**
 * Accepted exercises of one category, a deck of three slides each, usable three times in a plan
 * (spec §3), in `language` (Ukrainian, a new student's lesson language, unless said: the fill
 * prefers the student's language, decision 035), as the school's author writes them and its
 * moderator accepts them. Each deck costs a LibreOffice run on the server: ask for no more than the
 * blocks need.
 */
export async function acceptedExercises(
  school: School,
  categoryId: number,
  titles: string[],
  language: Language = 'uk',
): Promise<Exercise[]> {
  const tag = await tagOf(school, unique('tag'));
  const made: Exercise[] = [];
  for (const title of titles) {
    made.push(
      await acceptedExercise(school, {
        title,
        categoryId,
        tagIds: [tag.id],
        fields: { usage_frequency: 3, language },
      }),
    );
  }
  return made;
}

/** A day of this week (UTC; Monday 0) at an hour, as an ISO time: a lesson's date. */
export const thisWeekAt = (day: number, hour: number) =>
  new Date(
    Date.parse(`${weekStart(new Date().toISOString().slice(0, 10))}T00:00:00Z`) +
      day * 86_400_000 +
      hour * 3_600_000,
  ).toISOString();

/** A template the school's moderator writes and publishes (version 1). */
export async function publishedTemplate(school: School, input: TemplateInput): Promise<ProtocolTemplate> {
  const moderator = await school.as('moderator');
  const template = await moderator.call<ProtocolTemplate>('post', API.templates, input);
  return publish(moderator, template.id);
}

/** Publishes a template's working copy as its next version, as the moderator does. */
export function publish(moderator: Caller, templateId: number): Promise<ProtocolTemplate> {
  return moderator.call<ProtocolTemplate>('post', `${API.templates}/${templateId}/review`, {
    action: 'publish',
  } satisfies TemplateReviewInput);
}

/** A student of the school's teacher. */
export async function studentOf(school: School, input: ClientInput): Promise<Client> {
  const teacher = await school.as('teacher');
  return teacher.call<Client>('post', API.clients, input);
}

/**
 * A plan of the teacher's student from a published template, each block filled as the seed fills
 * the demo's: its first folder and the template's bounds.
 */
export async function filledPlan(teacher: Caller, plan: PlanCreateInput): Promise<Plan> {
  const made = await teacher.call<Plan>('post', API.protocols, plan);
  return teacher.call<Plan>('put', `${API.protocols}/${made.id}`, {
    deadline: made.deadline,
    blocks: made.blocks.map((block) => ({
      key: block.key,
      folder_id: block.folders[0]!.category_id,
      min_presentations: block.template_min,
      max_presentations: block.template_max,
    })),
  } satisfies PlanInput);
}

/** A plan's lessons, by number (the list makes them on its first call). */
export async function lessonsOf(teacher: Caller, planId: number): Promise<LessonListItem[]> {
  const lessons = await teacher.call<LessonListItem[]>(
    'get',
    `${API.lessons}?protocol_id=${planId}&per_page=20`,
  );
  return lessons.sort((a, b) => a.number - b.number);
}

/** Fills a lesson automatically from its blocks' folders, as the editor's button does. */
export function fillLesson(teacher: Caller, lessonId: number): Promise<Lesson> {
  return teacher.call<Lesson>('post', API.exercisesGenerateLesson, {
    lesson_id: lessonId,
  } satisfies GenerateLessonInput);
}

/** Saves a lesson as it is, with a date (ISO) and a length. */
export function scheduleLesson(
  teacher: Caller,
  lesson: Lesson,
  startsAt: string | null,
  durationMinutes = lesson.duration_minutes,
): Promise<Lesson> {
  return teacher.call<Lesson>('put', `${API.lesson}/${lesson.id}`, {
    starts_at: startsAt,
    duration_minutes: durationMinutes,
    blocks: lesson.blocks.map((block) => ({
      key: block.key,
      exercise_ids: block.presentations.map((presentation) => presentation.exercise_id),
    })),
  } satisfies LessonInput);
}

/** Finishes a lesson with every presentation reached: nothing moves to the next one. */
export function finishWhole(teacher: Caller, lesson: Lesson): Promise<unknown> {
  return teacher.call('post', API.lessonFinish, {
    lesson_id: lesson.id,
    reached: lesson.blocks.flatMap((block) => block.presentations.map((p) => p.exercise_id)),
  } satisfies FinishLessonInput);
}

/** A school whose one-block [R] template's folder holds accepted exercises (`settingR`). */
export interface SettingRSchool {
  school: School;
  template: ProtocolTemplate;
  exercises: Exercise[];
}

/**
 * A school of its own (a moderator, an author, a teacher and any other roles asked for) whose
 * published template has one block, "Setting [R]", with the bounds given, and whose folder
 * ("Sonorant sounds", its category "[R]") holds an accepted exercise for each title (one deck, one
 * LibreOffice run, each).
 */
export async function settingR(
  request: APIRequestContext,
  titles: string[],
  bounds: { min: number; max: number },
  roles: Exclude<RoleName, 'root' | 'moderator' | 'author' | 'teacher'>[] = [],
  language: Language = 'uk',
): Promise<SettingRSchool> {
  const school = await newSchool(request, ['moderator', 'author', 'teacher', ...roles]);
  const tree = await soundsTree(school, 'Sounds', { 'Sonorant sounds': ['[R]'] });
  const exercises = await acceptedExercises(school, tree.id('[R]'), titles, language);
  const template = await publishedTemplate(school, {
    title: 'Setting the sound [R]',
    description: 'From the vibration of the tongue tip to an isolated [R].',
    blocks: [
      {
        target: 'Setting [R]',
        category_id: tree.category,
        min_presentations: bounds.min,
        max_presentations: bounds.max,
        folders: [{ category_id: tree.id('Sonorant sounds') }],
      },
    ],
  });
  return { school, template, exercises };
}

/** A new student of the school's teacher with a filled plan of the template, and its ten lessons. */
export async function studentWithPlan(school: School, templateId: number, student: ClientInput) {
  const teacher = await school.as('teacher');
  const client = await studentOf(school, student);
  const plan = await filledPlan(teacher, {
    client_id: client.id,
    template_id: templateId,
    deadline: dayFromNow(60),
  });
  return { teacher, student: client, plan, lessons: await lessonsOf(teacher, plan.id) };
}
