/** A project set up for the games' API tests (issue 31): assets, files, a theme, students, another project. */
import type { AssetType, Game, GameFile, GameInput, GameTheme } from '@logoschool/contract';
import type { App } from '../app.ts';
import type { Db } from '../db/client.ts';
import { sineTone } from '../db/demo/encode.ts';
import { assetFiles, assets, clients } from '../db/schema/index.ts';
import { detectFileType } from '../files/file-type.ts';
import type { FileStore } from '../files/files.ts';
import { ASSET_FILES } from '../modules/assets/index.ts';
import { apiAs } from './api.ts';
import { buildSchool, type School } from './exercises.ts';
import { buildCategory, buildSignedInMember, buildWorkspace, type Member } from './factories.ts';
import { dataOf } from './lessons.ts';
import { solidPng } from './media.ts';
import { filePart } from './multipart.ts';

let counter = 0;

/** A library asset with one file (library assets belong to no project), and that file's id. */
export async function buildLibraryAsset(db: Db, files: FileStore, type: AssetType, content: Buffer) {
  counter += 1;
  const [asset] = await db
    .insert(assets)
    .values({ type, name: `${type} ${counter}` })
    .returning();
  if (!asset) throw new Error('insert returned no row');
  const found = await detectFileType(content);
  if (!found) throw new Error('a test asset must be an image or a sound');
  const storedName = await files.save(ASSET_FILES, content, found.ext);
  const [file] = await db
    .insert(assetFiles)
    .values({
      assetId: asset.id,
      kind: found.kind,
      storedName,
      mime: found.mime,
      size: content.length,
      originalName: `asset-${counter}.${found.ext}`,
    })
    .returning();
  if (!file) throw new Error('insert returned no row');
  return { id: asset.id, name: asset.name, fileId: file.id };
}

/** A student of a teacher, written straight to the table. */
async function buildStudent(db: Db, teacher: Member, childName: string) {
  const [row] = await db
    .insert(clients)
    .values({
      workspaceId: teacher.workspace.id,
      teacherId: teacher.user.id,
      clientName: 'Parent',
      childName,
      language: 'uk',
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export const png = (shade: number) => solidPng(shade, 120, 200);

/** A game file uploaded by a member. */
export const uploadGameFile = (
  app: App,
  who: Member,
  content: Buffer,
  name = 'word.png',
  type = 'image/png',
) => apiAs(app, who).upload('/api/games/files', [filePart(content, name, type)]);

/**
 * A school (moderator, authors, teacher, manager) with a second teacher, a student of each, the
 * sound category "[R]", library assets for games (a background, two props, two characters, and a
 * plain background that games do not take), three pictures and a sound among its game files, a
 * game theme, and another project with a moderator, a teacher, a student and a picture of its own.
 */
export async function buildGameSchool(app: App, db: Db) {
  const s = await buildSchool(db);
  const otherTeacher = await buildSignedInMember(db, s.workspace, 'teacher', { name: 'Olena Teacher' });
  const student = await buildStudent(db, s.teacher, 'Taras Shevchuk');
  const otherStudent = await buildStudent(db, otherTeacher, 'Marta Koval');
  const background = await buildLibraryAsset(db, app.files, 'game_background', png(5));
  const props = [
    await buildLibraryAsset(db, app.files, 'game_prop', png(15)),
    await buildLibraryAsset(db, app.files, 'game_prop', png(25)),
  ];
  const characters = [
    await buildLibraryAsset(db, app.files, 'character', png(35)),
    await buildLibraryAsset(db, app.files, 'character', png(45)),
  ];
  const plainBackground = await buildLibraryAsset(db, app.files, 'background', png(55));
  const picture = async (shade: number) =>
    dataOf<GameFile>(await uploadGameFile(app, s.moderator, png(shade)), 201);
  const images: [GameFile, GameFile, GameFile] = [await picture(10), await picture(90), await picture(170)];
  const sound = dataOf<GameFile>(
    await uploadGameFile(app, s.moderator, sineTone(440, 0.05), 'rak.wav', 'audio/wav'),
    201,
  );
  const theme = dataOf<GameTheme>(
    await apiAs(app, s.moderator).post('/api/game-themes', {
      title: 'Football',
      background_asset_id: background.id,
      prop_asset_ids: props.map((asset) => asset.id),
      character_asset_ids: characters.map((asset) => asset.id),
    }),
    201,
  );
  const other = await buildWorkspace(db);
  const otherModerator = await buildSignedInMember(db, other, 'moderator');
  const otherProjectTeacher = await buildSignedInMember(db, other, 'teacher');
  const otherProjectStudent = await buildStudent(db, otherProjectTeacher, 'Ivan Franko');
  const otherImage = dataOf<GameFile>(await uploadGameFile(app, otherModerator, png(250)), 201);
  const otherCategory = await buildCategory(db, other.id, { name: '[L]' });
  return {
    ...s,
    otherTeacher,
    student,
    otherStudent,
    background,
    props,
    characters,
    plainBackground,
    images,
    sound,
    theme,
    otherModerator,
    otherProjectTeacher,
    otherProjectStudent,
    otherImage,
    otherCategory: otherCategory.id,
  };
}
export type GameSchool = School & Awaited<ReturnType<typeof buildGameSchool>>;

/** A game of two levels (words, then phrases), its items played as `mode` says. */
export function gameBody(
  g: GameSchool,
  values: Partial<GameInput> = {},
  mode: 'say' | 'find' = 'say',
): GameInput {
  const [first, second, third] = g.images;
  return {
    title: 'Rocket to the Moon',
    description: 'The sound R in words and phrases',
    language: 'uk',
    category_id: g.leaf,
    theme_id: g.theme.id,
    levels: [
      {
        title: 'Words',
        stage: 'words',
        items: [
          { word: 'рак', mode, picture_file_id: first.id, audio_file_id: g.sound.id },
          { word: 'риба', mode, picture_file_id: second.id },
          { word: 'ракета', mode, picture_file_id: third.id },
        ],
      },
      {
        title: 'Phrases',
        stage: 'phrases',
        items: [
          { word: 'рак у річці', mode, picture_file_id: first.id },
          { word: 'руда риба', mode, picture_file_id: second.id },
        ],
      },
    ],
    ...values,
  };
}

/** A game made and published by the school's moderator. */
export async function buildPublishedGame(app: App, g: GameSchool, values: Partial<GameInput> = {}) {
  const as = apiAs(app, g.moderator);
  const created = dataOf<Game>(await as.post('/api/games', gameBody(g, values)), 201);
  return dataOf<Game>(await as.post(`/api/games/${created.id}/publish`), 200);
}
