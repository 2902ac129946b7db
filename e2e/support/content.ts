import {
  API,
  EXERCISE_STATUS,
  themeAssetsPath,
  type Asset,
  type AssetType,
  type Category,
  type CategoryInput,
  type Exercise,
  type ExerciseInput,
  type ExerciseMedia,
  type ExerciseMediaUpdate,
  type ExerciseRequestInput,
  type ExerciseSlides,
  type ExerciseStatusInput,
  type ExerciseUpdate,
  type GenerationAssetType,
  type Tag,
  type TagInput,
  type Theme,
  type ThemeAssetsInput,
  type ThemeInput,
} from '@logoschool/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { encodePng, sineTone } from '../../apps/server/src/db/demo/encode.ts';
import { pptxDeck, type DeckMedia } from '../../apps/server/src/test/pptx.ts';
import { dayFromNow } from './dates.ts';
import { inSchool, rootToken, unique, type School } from './school.ts';

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

/** What an exercise is made of; absent slides are three of one word each. */
export interface ExerciseSpec {
  title: string;
  categoryId: number;
  tagIds: number[];
  /** Each slide's lines of text (the deck is made by the server tests' .pptx writer). */
  slides?: string[][];
  /** Pictures and sounds of the deck, with the slides they are on (`deckMedia` makes the usual ones). */
  media?: DeckMedia[];
  /** Further fields of the exercise (texts, language, usage). */
  fields?: Omit<ExerciseInput, 'title' | 'category_id' | 'tag_ids'>;
}

/** A request body that moves an exercise to a status, with a comment (a decline needs one). */
const toStatus = (status_id: ExerciseStatusInput['status_id'], comment?: string) =>
  (comment === undefined ? { status_id } : { status_id, comment }) satisfies ExerciseStatusInput;

/** The school's author writes a draft through the API: no deck yet. */
export async function draftExercise(
  school: School,
  spec: Pick<ExerciseSpec, 'title' | 'fields'> & Partial<Pick<ExerciseSpec, 'categoryId' | 'tagIds'>>,
): Promise<Exercise> {
  const author = await school.as('author');
  return author.call<Exercise>('post', API.exercises, {
    title: spec.title,
    ...(spec.categoryId === undefined ? {} : { category_id: spec.categoryId }),
    ...(spec.tagIds === undefined ? {} : { tag_ids: spec.tagIds }),
    ...spec.fields,
  } satisfies ExerciseInput);
}

/**
 * An exercise the school's author has written, given its deck and sent for review, through the
 * API. The deck's slide images are rendered by the server's job afterwards, as for any upload: one
 * LibreOffice run per call.
 */
export async function exerciseOnModeration(school: School, spec: ExerciseSpec): Promise<Exercise> {
  const author = await school.as('author');
  const draft = await draftExercise(school, spec);
  await author.upload(`${API.exercises}/${draft.id}/files`, {
    name: `${spec.title}.pptx`,
    mimeType: PPTX,
    buffer: pptxDeck(spec.slides ?? [[spec.title], ['Two'], ['Three']], { media: spec.media ?? [] }),
  });
  return author.call<Exercise>(
    'post',
    `${API.exercises}/${draft.id}/status`,
    toStatus(EXERCISE_STATUS.moderation),
  );
}

/**
 * An exercise as the school's author makes it and its moderator accepts it, through the API: the
 * draft, its deck, sent for review, accepted. The deck's slide images are rendered by the server's
 * job afterwards, as for any upload.
 */
export async function acceptedExercise(school: School, spec: ExerciseSpec): Promise<Exercise> {
  const moderator = await school.as('moderator');
  const sent = await exerciseOnModeration(school, spec);
  return moderator.call<Exercise>(
    'post',
    `${API.exercises}/${sent.id}/status`,
    toStatus(EXERCISE_STATUS.accepted),
  );
}

/** An exercise the school's moderator has declined with `comment`, through the API. */
export async function declinedExercise(
  school: School,
  spec: ExerciseSpec,
  comment: string,
): Promise<Exercise> {
  const moderator = await school.as('moderator');
  const sent = await exerciseOnModeration(school, spec);
  return moderator.call<Exercise>(
    'post',
    `${API.exercises}/${sent.id}/status`,
    toStatus(EXERCISE_STATUS.declined, comment),
  );
}

/**
 * An open request the school's moderator files: what is needed, for one interest and one age, due
 * in a week unless the request says otherwise.
 */
export async function openRequest(
  school: School,
  title: string,
  request: Partial<ExerciseRequestInput> & Pick<ExerciseRequestInput, 'description'>,
): Promise<Exercise> {
  const moderator = await school.as('moderator');
  return moderator.call<Exercise>('post', API.exercises, {
    title,
    request: { interests: ['Animals'], age_categories: ['5-6'], deadline: dayFromNow(7), ...request },
  } satisfies ExerciseInput);
}

/**
 * The request "Where is the mouse?" (`openRequest`'s body), for children of 5-6 who like animals:
 * its interests and ages are named, for the specs that read them back.
 */
export const MOUSE_REQUEST = {
  description: 'A mouse hides in, on, under and behind things: the child says where it is.',
  interests: ['Animals'],
  age_categories: ['5-6' as const],
};

/** A real 8×8 PNG of one colour: different colours, different bytes. */
export function solidPng(red: number, green: number, blue: number): Buffer {
  const pixels = new Uint8Array(8 * 8 * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([red, green, blue, 255], i);
  return encodePng(8, 8, pixels);
}

const EMU_PER_INCH = 914400;

/**
 * A deck's pictures as the demo decks have them: `image1.png` a background on every one of
 * `slides` slides and `image2.png` a character on the first; with `sound`, also `media1.wav` played
 * on the first slide, shown as the picture `image3.png`.
 */
export function deckMedia(slides: number, sound = false): DeckMedia[] {
  const all = Array.from({ length: slides }, (_, index) => index + 1);
  const corner = { x: EMU_PER_INCH / 4, y: 6.5 * EMU_PER_INCH, cx: EMU_PER_INCH / 2, cy: EMU_PER_INCH / 2 };
  const media: DeckMedia[] = [
    { name: 'image1.png', content: solidPng(225, 240, 255), slides: all },
    {
      name: 'image2.png',
      content: solidPng(220, 60, 60),
      slides: [1],
      frame: { x: 7 * EMU_PER_INCH, y: 4.5 * EMU_PER_INCH, cx: 2 * EMU_PER_INCH, cy: 2 * EMU_PER_INCH },
    },
  ];
  if (sound) {
    media.push(
      { name: 'image3.png', content: solidPng(0, 0, 0), slides: [], frame: corner },
      { name: 'media1.wav', content: sineTone(660, 0.5), slides: [1], poster: 'image3.png', frame: corner },
    );
  }
  return media;
}

/**
 * The school's moderator marks what themed versions put in place of the deck's pictures and sounds
 * (by their names in the deck) and, unless told otherwise, marks the exercise ready for them.
 */
export async function markMedia(
  school: School,
  exerciseId: number,
  marks: Readonly<Record<string, GenerationAssetType>>,
  ready = true,
): Promise<void> {
  const moderator = await school.as('moderator');
  const item = `${API.exercises}/${exerciseId}`;
  const media = [
    ...(await moderator.call<ExerciseMedia[]>('get', `${item}/images`)),
    ...(await moderator.call<ExerciseMedia[]>('get', `${item}/audios`)),
  ];
  for (const [name, asset_type] of Object.entries(marks)) {
    const found = media.find((each) => each.name === name);
    if (!found) throw new Error(`The deck of exercise ${exerciseId} has no ${name}`);
    await moderator.call('put', `${item}/media/${found.id}`, { asset_type } satisfies ExerciseMediaUpdate);
  }
  if (ready) await moderator.call('put', item, { ready_for_generation: true } satisfies ExerciseUpdate);
}

/**
 * Waits until the server's job has rendered the exercise's slide images (one LibreOffice run), as
 * its moderator reads them; fails at once when the rendering failed. An upload's render goes
 * before the demo's decks that the server queues at its start (`WAITED_FOR`, slide-render.service), so it
 * waits at most for the one render under way.
 */
export async function slidesRendered(school: School, exerciseId: number): Promise<void> {
  const moderator = await school.as('moderator');
  await expect
    .poll(
      async () => {
        const { status } = await moderator.call<ExerciseSlides>(
          'get',
          `${API.exercises}/${exerciseId}/slides`,
        );
        if (status === 'failed') throw new Error(`The slides of exercise ${exerciseId} failed to render`);
        return status;
      },
      { message: `the slides of exercise ${exerciseId}`, timeout: 45_000 },
    )
    .toBe('ready');
}

/**
 * An asset of the shared library (which belongs to no project), added by root with one file: root
 * of the demo is root of every project.
 */
export async function libraryAsset(
  request: APIRequestContext,
  asset: { name: string; type: AssetType; file: { name: string; mimeType: string; buffer: Buffer } },
): Promise<Asset> {
  // The library belongs to no project: root's session, without a project to act in.
  const token = await rootToken(request);
  const made = await request.post(`/api${API.assets}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { name: asset.name, type: asset.type, file: asset.file },
  });
  expect(made.status(), `the asset ${asset.name}: ${await made.text()}`).toBe(201);
  return (await made.json()).data as Asset;
}

/** An interest for boys and girls of these ages (3–10 unless said), ready for generation. */
export const interest = (name: string, [from, to]: [number, number] = [3, 10]): ThemeInput => ({
  name,
  genders: ['boy', 'girl'],
  age_from: from,
  age_to: to,
  type: 'general',
  ready: true,
});

/** A picture of the spec's own in the shared library (a solid PNG), of a game or theme asset type. */
export const libraryPicture = (request: APIRequestContext, type: AssetType, red: number) =>
  libraryAsset(request, {
    name: unique(type),
    type,
    file: { name: `${type}.png`, mimeType: 'image/png', buffer: solidPng(red, 40, 90) },
  });

/** A theme of the school's, made by its moderator, with library assets attached (by id). */
export async function themeOf(school: School, theme: ThemeInput, assetIds: number[] = []): Promise<Theme> {
  const moderator = await school.as('moderator');
  const made = await moderator.call<Theme>('post', API.themes, theme satisfies ThemeInput);
  if (assetIds.length === 0) return made;
  return moderator.call<Theme>('put', themeAssetsPath(made.id), {
    asset_ids: assetIds,
  } satisfies ThemeAssetsInput);
}
