/**
 * The Demo school's games (issue 31): the game theme "Футбол" (the library's football pitch, two
 * props and three characters), two published games of two levels each — "Скажи слово" for [Р],
 * every item said, and "Знайди картинку" for [Л], every item found — their pictures copied from the
 * library as the editor's "From the library" does. Sofiia (the demo teacher's student) has both,
 * with live links, and a few plays of the first. Made through the games module's entry; safe to run
 * again: a school with a game is left as it is.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { GameMode } from '@logoschool/contract';
import type { FileStore } from '../../files/files.ts';
import {
  assignGame,
  completeGame,
  createGame,
  createGameTheme,
  gameFileFromAsset,
  gameLinks,
  publishGame,
} from '../../modules/games/index.ts';
import { liveTokenOf } from '../../modules/public-links/index.ts';
import type { Db } from '../client.ts';
import { assetFiles, assets, categories, clients, users } from '../schema/index.ts';

/** A level: its title, stage and items, each a word and the library picture (asset name) it shows. */
interface DemoLevel {
  title: string;
  stage: 'words' | 'phrases';
  items: [word: string, picture: string][];
}

const SAY_LEVELS: readonly DemoLevel[] = [
  {
    title: 'Слова',
    stage: 'words',
    items: [
      ['трава', 'Зелена галявина'],
      ['траса', 'Гоночна траса'],
      ['зірка', 'Жовта зірочка'],
    ],
  },
  {
    title: 'Фрази',
    stage: 'phrases',
    items: [
      ['червона машинка', 'Червона машинка'],
      ['зоряна ніч', 'Зоряна ніч'],
      ['рожевий захід сонця', 'Рожевий захід сонця'],
    ],
  },
];

const FIND_LEVELS: readonly DemoLevel[] = [
  {
    title: 'Слова',
    stage: 'words',
    items: [
      ['галявина', 'Зелена галявина'],
      ['поле', 'Футбольне поле'],
      ['золото', 'Золота монетка'],
    ],
  },
  {
    title: 'Фрази',
    stage: 'phrases',
    items: [
      ['блакитне небо', 'Блакитне небо'],
      ['футбольний м’яч', 'Футбольний м’яч'],
      ['золота монетка', 'Золота монетка'],
    ],
  },
];

/** Sofiia's plays of the first game: level, right at the first try, tries, seconds. */
const PLAYS: readonly [level: number, right: number, tries: number, seconds: number][] = [
  [0, 2, 5, 95],
  [0, 3, 3, 61],
  [1, 1, 7, 140],
];

export async function seedGames(db: Db, files: FileStore, workspaceId: number): Promise<void> {
  const done = await db.execute(sql`select 1 from games where workspace_id = ${workspaceId}`);
  if ((done as unknown as { rows: unknown[] }).rows.length > 0) return;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['moderator@demo.test', 'teacher@demo.test']));
  const moderatorId = people.find((user) => user.email === 'moderator@demo.test')?.id;
  const teacherId = people.find((user) => user.email === 'teacher@demo.test')?.id;
  if (moderatorId === undefined || teacherId === undefined) return;
  const library = await db
    .select({ id: assets.id, name: assets.name, fileId: sql<number>`min(${assetFiles.id})` })
    .from(assets)
    .innerJoin(assetFiles, eq(assetFiles.assetId, assets.id))
    .groupBy(assets.id, assets.name)
    .orderBy(asc(assets.id));
  const asset = (name: string) => library.find((row) => row.name === name);
  const categoryOf = async (name: string) =>
    (
      await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.workspaceId, workspaceId), eq(categories.name, name)))
    )[0]?.id;
  const [soundR, soundL] = [await categoryOf('[Р]'), await categoryOf('[Л]')];
  const background = asset('Футбольне поле');
  const held = (names: string[]) => names.map(asset).filter((row) => row !== undefined);
  const props = held(['Золота монетка', 'Червоний прапорець']);
  const characters = held(['Червона машинка', 'Усміхнене сонечко', 'Зелений динозаврик']);
  const [character] = characters;
  if (!soundR || !soundL || !background || props.length < 2 || characters.length < 3 || !character) return;

  const moderator = { userId: moderatorId, workspaceId, role: 'moderator' as const, lang: 'uk' as const };
  const theme = await createGameTheme(db, moderator, {
    title: 'Футбол',
    background_asset_id: background.id,
    prop_asset_ids: props.map((row) => row.id),
    character_asset_ids: characters.map((row) => row.id),
  });
  const pictures = new Map<string, number>();
  const pictureOf = async (name: string) => {
    const found = pictures.get(name);
    if (found !== undefined) return found;
    const row = asset(name);
    if (!row) throw new Error(`demo games: no library picture ${name}`);
    const copied = (await gameFileFromAsset(db, files, moderator, row.fileId)).id;
    pictures.set(name, copied);
    return copied;
  };
  const make = async (
    title: string,
    description: string,
    categoryId: number,
    mode: GameMode,
    levels: readonly DemoLevel[],
  ) => {
    const filled = [];
    for (const level of levels) {
      const items = [];
      for (const [word, picture] of level.items) {
        items.push({ word, mode, picture_file_id: await pictureOf(picture), audio_file_id: null });
      }
      filled.push({ title: level.title, stage: level.stage, items });
    }
    const game = await createGame(db, moderator, {
      title,
      description,
      language: 'uk',
      category_id: categoryId,
      theme_id: theme.id,
      levels: filled,
    });
    return publishGame(db, moderator, game.id);
  };
  const say = await make(
    'Скажи слово',
    'Звук [Р] у словах і фразах: дитина називає картинку.',
    soundR,
    'say',
    SAY_LEVELS,
  );
  const find = await make(
    'Знайди картинку',
    'Звук [Л]: дитина чує слово і знаходить його картинку.',
    soundL,
    'find',
    FIND_LEVELS,
  );

  const [sofiia] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.workspaceId, workspaceId),
        eq(clients.teacherId, teacherId),
        eq(clients.childName, 'Софія Коваль'),
      ),
    );
  if (!sofiia) return;
  const teacher = { userId: teacherId, workspaceId, role: 'teacher' as const, lang: 'uk' as const };
  const given = await assignGame({ db, baseUrl: '' }, teacher, { client_id: sofiia.id, game_id: say.id });
  await assignGame({ db, baseUrl: '' }, teacher, { client_id: sofiia.id, game_id: find.id });
  const token = await liveTokenOf(db, gameLinks, given.id);
  if (!token) return;
  for (const [level, right, tries, seconds] of PLAYS) {
    const levelKey = say.levels[level]?.key;
    if (!levelKey) continue;
    await completeGame(db, token, 'uk', {
      key: randomUUID(),
      version: say.version,
      level_key: levelKey,
      character_asset_id: character.id,
      right,
      tries,
      time_ms: seconds * 1000,
    });
  }
}
