/**
 * The Demo school's story (issue 30 item 4): "Лисичка і барабан", published by the moderator, in
 * two episodes of two parts each, every slide an image of an asset the school's themes hold (copied
 * into the stories' files as the editor's "From a theme" does). Made through the stories module's
 * entry; safe to run again: a school with a story is left as it is.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FileStore } from '../../files/files.ts';
import { createStory, stepStory, storyFileFromAsset } from '../../modules/stories/index.ts';
import type { Db } from '../client.ts';
import { assetFiles, themeAssets, themes, users } from '../schema/index.ts';

/** The story's episodes: each part's title and its slides' text for the child and note for the teacher. */
const EPISODES: readonly { title: string; parts: { title: string; slides: [string, string][] }[] }[] = [
  {
    title: 'У лісі',
    parts: [
      {
        title: 'Барабан',
        slides: [
          ['Лисичка знайшла барабан: р-р-р!', 'Попросіть дитину довго тягнути [р].'],
          ['Барабан гуркоче: тр-р-р, др-р-р.', 'Склади «тр», «др»: тричі кожен.'],
          ['Прилетіла ворона: кар-р-р!', 'Нехай дитина покаже ворону і скаже «кар-р».'],
        ],
      },
      {
        title: 'Річка',
        slides: [
          ['Лисичка біжить до річки.', 'Запитайте: «Куди біжить лисичка?»'],
          ['Риба в річці робить бр-р-р.', 'Звук [р] у складі «бр».'],
        ],
      },
    ],
  },
  {
    title: 'Удома',
    parts: [
      {
        title: 'Вечеря',
        slides: [
          ['Лисичка варить рисову кашу.', 'Слова зі звуком [р] на початку: рис, рука.'],
          ['Горобчик просить: «Дай зернятко!»', 'Розрізняйте [р] і [л]: горобчик — голуб.'],
        ],
      },
      {
        title: 'Сон',
        slides: [
          ['Лисичка лягає спати: добраніч!', 'Повторіть усі слова історії зі звуком [р].'],
          ['Барабан теж спить: тихо-тихо.', 'Похваліть дитину за роботу.'],
        ],
      },
    ],
  },
];

export async function seedStories(db: Db, files: FileStore, workspaceId: number): Promise<void> {
  const done = await db.execute(sql`select 1 from stories where workspace_id = ${workspaceId}`);
  if ((done as unknown as { rows: unknown[] }).rows.length > 0) return;
  const [moderatorRow] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'moderator@demo.test'));
  if (!moderatorRow) return;
  // The images of the assets the school's own themes hold, one per asset.
  const images = await db
    .selectDistinctOn([assetFiles.assetId], { id: assetFiles.id })
    .from(assetFiles)
    .innerJoin(themeAssets, eq(themeAssets.assetId, assetFiles.assetId))
    .innerJoin(themes, eq(themes.id, themeAssets.themeId))
    .where(and(eq(themes.workspaceId, workspaceId), eq(assetFiles.kind, 'image')))
    .orderBy(asc(assetFiles.assetId), asc(assetFiles.id));
  if (images.length === 0) return;
  const moderator = { userId: moderatorRow.id, workspaceId, role: 'moderator' as const, lang: 'uk' as const };
  const copied: number[] = [];
  for (const image of images.slice(0, 6))
    copied.push((await storyFileFromAsset(db, files, moderator, image.id)).id);
  let next = 0;
  const imageOf = () => copied[next++ % copied.length] as number;
  const story = await createStory(db, moderator, {
    title: 'Лисичка і барабан',
    description: 'Історія для звука [р]: лисичка, барабан і її друзі.',
    language: 'uk',
    age_from: 4,
    age_to: 7,
    sounds: ['Р'],
    category_ids: [],
    episodes: EPISODES.map((episode) => ({
      title: episode.title,
      parts: episode.parts.map((part) => ({
        title: part.title,
        slides: part.slides.map(([text, note]) => ({
          image_file_id: imageOf(),
          text,
          note,
          audio_file_id: null,
        })),
      })),
    })),
  });
  await stepStory(db, moderator, story.id, 'publish');
}
