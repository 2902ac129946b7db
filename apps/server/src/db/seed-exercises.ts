/**
 * The demo school's exercises (`demo/demo-exercises.ts`), each brought to its status through the
 * steps a moderator and an author take, with its deck, votes and status history, and the themed
 * variant the demo starts with.
 */
import {
  EXERCISE_STATUS,
  type ExerciseStatusName,
  type GenerationAssetType,
  type Language,
} from '@logoschool/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FileStore } from '../files/files.ts';
import { readPptx } from '../files/pptx.ts';
import { PPTX_MIME } from '../files/pptx-deck.ts';
import { pptxDeck, type DeckMedia } from './demo/pptx-writer.ts';
import { SLIDE_SEPARATOR, EXERCISE_FILES, checkGenerate } from '../modules/exercises/index.ts';
import type { Tx } from './client.ts';
import { DECK_PICTURES, deckChime } from './demo-assets.ts';
import {
  categories,
  exerciseFiles,
  themes,
  exerciseStatusHistory,
  exerciseTags,
  exerciseVotes,
  exercises,
  tags,
  users,
} from './schema/index.ts';
import { DEMO_EXERCISES, type DemoExercise } from './demo/demo-exercises.ts';

/** Demo users by the part they play in the exercises. */
const AUTHOR = 'author@demo.test';
const MODERATOR = 'moderator@demo.test';

/** The themed variant the demo starts with: an exercise (by title) made for a theme (by name). */
export const DEMO_VARIANT = { exercise: 'Запуск ракети [Р]', theme: 'Машини' };

/** What a demo deck says when its exercise has no instruction, and on its closing slide, by language. */
const DECK_WORDS: Readonly<Record<Language, { instruction: string; praise: string }>> = {
  uk: { instruction: 'Скажімо разом: спершу повільно, потім швидше.', praise: 'Молодець!' },
  ru: { instruction: 'Скажем вместе: сначала медленно, потом быстрее.', praise: 'Молодец!' },
  en: { instruction: 'Say it together, slowly, then faster.', praise: 'Well done!' },
  pl: { instruction: 'Powiedzmy razem: najpierw powoli, potem szybciej.', praise: 'Brawo!' },
};

/** What a themed variant of a demo deck replaces: its part names and asset types. */
const DEMO_MARKS: Readonly<Record<string, GenerationAssetType>> = {
  'image1.png': 'background',
  'image2.png': 'character',
  'media1.wav': 'sound',
};

/** The steps that bring an exercise to its status, from its creation. */
const PATHS: Record<ExerciseStatusName, ExerciseStatusName[]> = {
  request: ['request'],
  draft: ['draft'],
  moderation: ['draft', 'moderation'],
  accepted: ['draft', 'moderation', 'accepted'],
  declined: ['draft', 'moderation', 'declined'],
};

/** The steps of a demo exercise: an answered request starts as a request. */
const pathOf = (demo: DemoExercise) =>
  demo.request && demo.status !== 'request'
    ? ['request' as const, ...PATHS[demo.status]]
    : PATHS[demo.status];

/** Who makes the step into a status. */
const stepBy = (status: ExerciseStatusName) =>
  status === 'request' || status === 'accepted' || status === 'declined' ? MODERATOR : AUTHOR;

const EMU_PER_INCH = 914400;

/**
 * A demo exercise's deck, in the exercise's language: a title slide, what it trains, how to run it,
 * and a closing slide, with a
 * background on every slide, a character on the first three and, when it has one, a chime (shown as
 * a speaker) on the first. The parts are `image1.png` (background), `image2.png` (character),
 * `image3.png` (speaker) and `media1.wav`, as DEMO_MARKS names them.
 */
function demoDeck(demo: DemoExercise): { slides: string[][]; media: DeckMedia[] } {
  const words = DECK_WORDS[demo.language ?? 'uk'];
  const slides = [
    [demo.title],
    [demo.description || demo.title],
    [demo.instruction || words.instruction],
    [words.praise],
  ];
  const pictures = demo.pictures ?? { background: 'paleSky', character: 'rocket' };
  const media: DeckMedia[] = [
    { name: 'image1.png', content: DECK_PICTURES[pictures.background](), slides: [1, 2, 3, 4] },
    {
      name: 'image2.png',
      content: DECK_PICTURES[pictures.character](),
      slides: [1, 2, 3],
      frame: { x: 7 * EMU_PER_INCH, y: 4.5 * EMU_PER_INCH, cx: 2.5 * EMU_PER_INCH, cy: 2.5 * EMU_PER_INCH },
    },
  ];
  if (pictures.sound) {
    const corner = { x: EMU_PER_INCH / 4, y: 6.5 * EMU_PER_INCH, cx: EMU_PER_INCH / 2, cy: EMU_PER_INCH / 2 };
    media.push(
      { name: 'image3.png', content: DECK_PICTURES.speaker(), slides: [], frame: corner },
      { name: 'media1.wav', content: deckChime(), slides: [1], poster: 'image3.png', frame: corner },
    );
  }
  return { slides, media };
}

/**
 * Saves a demo deck with the file store and links it to its exercise as the presentation, with its
 * pictures and sounds as an upload keeps them (`marks` their asset types).
 */
async function storeDemoDeck(
  tx: Tx,
  files: FileStore,
  exerciseId: number,
  title: string,
  deck: ReturnType<typeof demoDeck>,
  marks: Readonly<Record<string, GenerationAssetType>>,
): Promise<void> {
  const content = pptxDeck(deck.slides, { media: deck.media });
  const storedName = await files.save(EXERCISE_FILES, content, 'pptx');
  const name =
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'exercise';
  await tx.insert(exerciseFiles).values({
    exerciseId,
    kind: 'presentation',
    storedName,
    mime: PPTX_MIME,
    size: content.length,
    originalName: `${name}.pptx`,
  });
  for (const item of (await readPptx(content)).media) {
    await tx.insert(exerciseFiles).values({
      exerciseId,
      kind: item.type.kind === 'image' ? 'image' : 'audio',
      storedName: await files.save(EXERCISE_FILES, item.content, item.type.ext),
      mime: item.type.mime,
      size: item.content.length,
      originalName: item.name,
      mediaPath: item.path,
      slides: item.slides,
      assetType: marks[item.name] ?? null,
    });
  }
}

const DAY_MS = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Adds the demo exercises the Demo school lacks (by title), with their tags, status history and
 * votes; the likes counts are those of the votes. Exercises under review, accepted or declined get
 * a real .pptx deck made for them (their slide images are rendered by the job the server queues
 * at start for waiting decks).
 */
export async function seedExercises(tx: Tx, workspaceId: number, files: FileStore): Promise<void> {
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(users.email, [
        AUTHOR,
        MODERATOR,
        ...DEMO_EXERCISES.flatMap((demo) => Object.keys(demo.votes ?? {})),
      ]),
    );
  const userId = new Map(people.map((person) => [person.email, person.id]));
  const author = userId.get(AUTHOR);
  const moderator = userId.get(MODERATOR);
  if (author === undefined || moderator === undefined) return;
  const categoryRows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.workspaceId, workspaceId), eq(categories.isFolder, false)));
  const categoryId = new Map(categoryRows.map((row) => [row.name, row.id]));
  const tagRows = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.workspaceId, workspaceId));
  const tagId = new Map(tagRows.map((row) => [row.name, row.id]));

  let madeVariantOf: number | null = null;
  for (const demo of DEMO_EXERCISES) {
    const [existing] = await tx
      .select({ id: exercises.id })
      .from(exercises)
      .where(
        and(eq(exercises.workspaceId, workspaceId), sql`lower(${exercises.title}) = lower(${demo.title})`),
      );
    if (existing) continue;
    const path = pathOf(demo);
    const created = new Date(Date.now() - demo.daysAgo * DAY_MS);
    const changed = new Date(created.getTime() + (path.length - 1) * DAY_MS);
    const votes = Object.entries(demo.votes ?? {}).flatMap(([email, liked]) => {
      const voter = userId.get(email);
      return voter === undefined ? [] : [{ userId: voter, value: liked ? 1 : 0 }];
    });
    const complete = demo.status === 'moderation' || demo.status === 'accepted' || demo.status === 'declined';
    const deck = complete ? demoDeck(demo) : null;
    const [row] = await tx
      .insert(exercises)
      .values({
        workspaceId,
        title: demo.title,
        statusId: EXERCISE_STATUS[demo.status],
        authorId: demo.request ? moderator : author,
        assignedId: demo.request && demo.status !== 'request' ? author : null,
        categoryId: demo.category === undefined ? null : (categoryId.get(demo.category) ?? null),
        usageFrequency: demo.usage ?? 1,
        comment: demo.comment ?? '',
        instruction: demo.instruction ?? '',
        description: demo.description ?? '',
        language: demo.language ?? 'uk',
        likesCount: votes.filter((vote) => vote.value === 1).length,
        dislikesCount: votes.filter((vote) => vote.value === 0).length,
        requestDescription: demo.request?.description ?? null,
        requestInterests: demo.request?.interests ?? null,
        requestAgeCategories: demo.request?.ages ?? null,
        requestDeadline: demo.request ? dayFromNow(demo.request.deadlineInDays) : null,
        readyForGeneration: demo.themed ?? false,
        ...(deck
          ? {
              slideCount: deck.slides.length,
              slideText: deck.slides.map((slide) => slide.join('\n')).join(SLIDE_SEPARATOR),
              slidesStatus: 'pending' as const,
            }
          : {}),
        createdAt: created,
        updatedAt: changed,
      })
      .returning({ id: exercises.id });
    if (!row) continue;
    if (deck) await storeDemoDeck(tx, files, row.id, demo.title, deck, demo.themed ? DEMO_MARKS : {});
    if (demo.title === DEMO_VARIANT.exercise) madeVariantOf = row.id;
    const tagIds = (demo.tags ?? []).flatMap((name) => tagId.get(name) ?? []);
    if (tagIds.length > 0)
      await tx.insert(exerciseTags).values(tagIds.map((id) => ({ exerciseId: row.id, tagId: id })));
    let from: number | null = null;
    const steps = path.map((status, index) => {
      const step = {
        workspaceId,
        exerciseId: row.id,
        fromStatus: from,
        toStatus: EXERCISE_STATUS[status],
        userId: userId.get(stepBy(status)) ?? null,
        comment: status === 'declined' ? (demo.comment ?? '') : '',
        createdAt: new Date(created.getTime() + index * DAY_MS),
      };
      from = step.toStatus;
      return step;
    });
    await tx.insert(exerciseStatusHistory).values(steps);
    if (votes.length > 0) {
      await tx.insert(exerciseVotes).values(votes.map((vote) => ({ exerciseId: row.id, ...vote })));
    }
  }
  if (madeVariantOf !== null) await seedVariant(tx, files, workspaceId, moderator, madeVariantOf);
}

/** The demo's themed variant (DEMO_VARIANT), made as the demo moderator would, when its theme is there. */
async function seedVariant(
  tx: Tx,
  files: FileStore,
  workspaceId: number,
  moderator: number,
  exerciseId: number,
) {
  const [theme] = await tx
    .select({ id: themes.id })
    .from(themes)
    .where(
      and(eq(themes.workspaceId, workspaceId), sql`lower(${themes.name}) = lower(${DEMO_VARIANT.theme})`),
    );
  if (!theme) return;
  const caller = { workspaceId, role: 'moderator' as const, userId: moderator, lang: 'en' as const };
  await checkGenerate(tx, files, caller, exerciseId, { theme_id: theme.id });
}
