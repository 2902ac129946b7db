import {
  API,
  EXERCISE_STATUS,
  type Category,
  type CategoryInput,
  type Exercise,
  type ExerciseInput,
  type ExerciseStatusInput,
  type Tag,
  type TagInput,
} from '@logoschool/contract';
import { pptxDeck } from '../../apps/server/src/test/pptx.ts';
import { inSchool, type School } from './school.ts';

/** The type a browser sends a .pptx file with. */
export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/**
 * A folder of the school's category tree with categories in it, made by its moderator: the
 * folder's id and each category's, by name.
 */
export async function categoryFolder(school: School, folder: string, names: string[]) {
  const moderator = await school.as('moderator');
  const path = inSchool(school, API.categories);
  const make = (name: string, parent: number, isFolder: boolean) =>
    moderator.call<Category>('post', path, {
      workspace_id: school.workspaceId,
      name,
      parent,
      is_folder: isFolder,
    } satisfies CategoryInput);
  const made = await make(folder, 0, true);
  const ids: Record<string, number> = {};
  for (const name of names) ids[name] = (await make(name, made.id, false)).id;
  return { folder: made.id, ids };
}

/** A tag of the school's, made by its moderator. */
export async function tagOf(school: School, name: string): Promise<Tag> {
  const moderator = await school.as('moderator');
  return moderator.call<Tag>('post', inSchool(school, API.tags), { name } satisfies TagInput);
}

/** What an accepted exercise is made of; absent slides are three of one word each. */
export interface ExerciseSpec {
  title: string;
  categoryId: number;
  tagIds: number[];
  /** Each slide's lines of text (the deck is made by the server tests' .pptx writer). */
  slides?: string[][];
  /** Further fields of the exercise (texts, language, usage). */
  fields?: Omit<ExerciseInput, 'title' | 'category_id' | 'tag_ids'>;
}

/**
 * An exercise as the school's author makes it and its moderator accepts it, through the API: the
 * draft, its deck, sent for review, accepted. The deck's slide images are rendered by the server's
 * job afterwards, as for any upload.
 */
export async function acceptedExercise(school: School, spec: ExerciseSpec): Promise<Exercise> {
  const author = await school.as('author');
  const moderator = await school.as('moderator');
  const draft = await author.call<Exercise>('post', API.exercises, {
    title: spec.title,
    category_id: spec.categoryId,
    tag_ids: spec.tagIds,
    ...spec.fields,
  } satisfies ExerciseInput);
  await author.upload(`${API.exercises}/${draft.id}/files`, {
    name: `${spec.title}.pptx`,
    mimeType: PPTX,
    buffer: pptxDeck(spec.slides ?? [[spec.title], ['Two'], ['Three']]),
  });
  const status = (status_id: ExerciseStatusInput['status_id']) =>
    ({ status_id }) satisfies ExerciseStatusInput;
  await author.call('post', `${API.exercises}/${draft.id}/status`, status(EXERCISE_STATUS.moderation));
  return moderator.call<Exercise>(
    'post',
    `${API.exercises}/${draft.id}/status`,
    status(EXERCISE_STATUS.accepted),
  );
}
