/**
 * Games (issue 31): a project's moderators keep a working copy and publish it as numbered versions
 * (decision 030; only moderators write, so a game never waits in review); teachers read the latest
 * published version and give it to their students.
 */
import {
  documentStepsFor,
  gameFileIds,
  gameGaps,
  gameWithKeys,
  roleMay,
  statusAfterEdit,
  type DocumentActor,
  type DocumentVersion,
  type Game,
  type GameContent,
  type GameStatus,
  type GamesPage,
  type GamesQuery,
  type Language,
  type VersionsDiff,
  type VersionsDiffQuery,
  type gameInput,
} from '@logoschool/contract';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { gameFileKinds } from './game-files.service.ts';
import { themeInProject } from './game-themes.service.ts';
import { gameVersionsKit } from './game-versions.ts';
import { gameThemes, gameVersions, games, type GameRow } from './games.schema.ts';

type GameParsed = z.output<typeof gameInput>;

/** Whether the caller builds games (reads and changes every working copy). */
const manages = (caller: ProjectActor) => roleMay(caller.role, 'games.manage');

/** Only moderators write games: they are the document's only actors. */
const ACTORS: readonly DocumentActor[] = ['moderator'];

/** The games the caller reads: every one of the project for a builder, else the published ones. */
function readable(caller: ProjectActor): SQL | undefined {
  const inProject = eq(games.workspaceId, caller.workspaceId);
  return manages(caller) ? inProject : and(inProject, gt(games.version, 0));
}

const readableRow = (db: Tx, caller: ProjectActor, id: number, lock = false) =>
  gameVersionsKit.row(db, readable(caller), id, lock);

/** The game's row for a builder's change, locked; 404 when out of reach. */
const keptRow = (db: Tx, caller: ProjectActor, id: number) =>
  gameVersionsKit.row(db, eq(games.workspaceId, caller.workspaceId), id, true);

/** The names of a category and a theme, for showing ('' once gone). */
async function namesOf(db: Tx, content: GameContent) {
  // One after the other: inside a transaction the queries share one connection.
  const [category] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.id, content.category_id));
  const [theme] = await db
    .select({ title: gameThemes.title })
    .from(gameThemes)
    .where(eq(gameThemes.id, content.theme_id));
  return { category_name: category?.name ?? '', theme_title: theme?.title ?? '' };
}

/** The game as the caller sees it: builders the working copy, teachers the latest version. */
async function viewOf(db: Tx, caller: ProjectActor, row: GameRow): Promise<Game> {
  const working = manages(caller);
  const content = working ? row.content : await gameVersionsKit.content(db, row.id, row.version);
  if (!content) throw notFound();
  const status = working ? (row.status as GameStatus) : 'published';
  return {
    id: row.id,
    ...content,
    ...(await namesOf(db, content)),
    status,
    version: row.version,
    writer: await gameVersionsKit.writerOf(db, row.writerId),
    steps: working ? documentStepsFor(status, ACTORS) : [],
    editable: working,
    assignments: working ? await gameVersionsKit.usage(db, row.id) : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `GET /games/:gameId`. */
export async function getGame(db: Db, caller: ProjectActor, id: number): Promise<Game> {
  return viewOf(db, caller, await readableRow(db, caller, id));
}

/** `GET /games/:gameId/versions`. */
export async function listGameVersions(db: Db, caller: ProjectActor, id: number): Promise<DocumentVersion[]> {
  return gameVersionsKit.list(db, (await readableRow(db, caller, id)).id);
}

/** `GET /games/:gameId/versions/diff`. */
export async function diffGameVersions(
  db: Db,
  caller: ProjectActor,
  id: number,
  query: VersionsDiffQuery,
): Promise<VersionsDiff> {
  const row = await readableRow(db, caller, id);
  const working = manages(caller);
  return gameVersionsKit.diff(db, id, query, async () => ({
    content: working ? row.content : await gameVersionsKit.content(db, id, row.version),
    working,
    version: row.version,
  }));
}

/** `GET /games`: a page of the games the caller reads, the latest change first, with counts per status. */
export async function listGames(db: Db, caller: ProjectActor, query: GamesQuery): Promise<GamesPage> {
  const working = manages(caller);
  const content = working ? sql`${games.content}` : sql`${gameVersions.content}`;
  const status = working ? sql<GameStatus>`${games.status}` : sql<GameStatus>`'published'`;
  const filters: (SQL | undefined)[] = [readable(caller)];
  if (query.language) filters.push(sql`${content}->>'language' = ${query.language}`);
  if (query.category_id) filters.push(sql`(${content}->>'category_id')::int = ${query.category_id}`);
  if (query.term) filters.push(sql`strpos(lower(${content}->>'title'), lower(${query.term})) > 0`);
  const joined = and(eq(gameVersions.gameId, games.id), eq(gameVersions.version, games.version));
  const base = and(...filters);
  const where = query.status ? and(base, sql`${status} = ${query.status}`) : base;
  const [countRows, [total], rows] = await Promise.all([
    db
      .select({ status, count: count() })
      .from(games)
      .leftJoin(gameVersions, joined)
      .where(base)
      .groupBy(sql`1`),
    db.select({ count: count() }).from(games).leftJoin(gameVersions, joined).where(where),
    db
      .select({
        id: games.id,
        content: sql<GameContent>`${content}`,
        status,
        version: games.version,
        updatedAt: games.updatedAt,
        categoryName: sql<string>`coalesce((select ${categories.name} from ${categories} where ${categories.id} = (${content}->>'category_id')::int), '')`,
        themeTitle: sql<string>`coalesce((select ${gameThemes.title} from ${gameThemes} where ${gameThemes.id} = (${content}->>'theme_id')::int), '')`,
      })
      .from(games)
      .leftJoin(gameVersions, joined)
      .where(where)
      .orderBy(desc(games.updatedAt), desc(games.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const counts = { draft: 0, moderation: 0, published: 0 };
  for (const row of countRows) counts[row.status] = row.count;
  const data = rows.map((row) => {
    const items = row.content.levels.flatMap((level) => level.items);
    return {
      id: row.id,
      title: row.content.title,
      language: row.content.language,
      category_id: row.content.category_id,
      category_name: row.categoryName,
      theme_title: row.themeTitle,
      status: row.status,
      version: row.version,
      levels: row.content.levels.length,
      items: items.length,
      modes: [...new Set(items.map((item) => item.mode))].sort(),
      cover_file_id: items[0]?.picture_file_id ?? null,
      updated_at: row.updatedAt.toISOString(),
    };
  });
  return { data, meta: { total: total?.count ?? 0, page: query.page, per_page: query.per_page }, counts };
}

/**
 * What the schema cannot see of a game: its category and theme are the project's, its pictures and
 * sounds the project's game files of the right kind. A 422 naming every field at fault.
 */
async function assertGame(db: Tx, caller: ProjectActor, input: GameParsed): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: Parameters<typeof fieldMessage>[1]) =>
    (errors[field] ??= []).push(fieldMessage(caller.lang, message));
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.workspaceId, caller.workspaceId), eq(categories.id, input.category_id)));
  if (!category) add('category_id', 'categoryNotFound');
  if (!(await themeInProject(db, caller.workspaceId, input.theme_id))) add('theme_id', 'gameThemeNotFound');
  const kinds = await gameFileKinds(db, caller.workspaceId, gameFileIds(input));
  const check = (path: string, id: number | null, kind: 'image' | 'sound') => {
    if (id === null) return;
    const found = kinds.get(id);
    if (found === undefined) add(path, 'gameFileNotFound');
    else if (found !== kind) add(path, kind === 'image' ? 'gameFileNotImage' : 'gameFileNotSound');
  };
  input.levels.forEach((level, l) =>
    level.items.forEach((item, i) => {
      check(`levels.${l}.items.${i}.picture_file_id`, item.picture_file_id, 'image');
      check(`levels.${l}.items.${i}.audio_file_id`, item.audio_file_id, 'sound');
    }),
  );
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', {}, errors);
}

const columnsOf = (content: GameContent) => ({
  title: content.title,
  language: content.language,
  categoryId: content.category_id,
  themeId: content.theme_id,
  content,
});

/** `POST /games`: a new draft, its writer the caller. */
export async function createGame(db: Db, caller: ProjectActor, input: GameParsed): Promise<Game> {
  const content = gameWithKeys(input, randomUUID);
  return db.transaction(async (tx) => {
    await assertGame(tx, caller, input);
    const [row] = await tx
      .insert(games)
      .values({
        workspaceId: caller.workspaceId,
        writerId: caller.userId,
        status: 'draft',
        ...columnsOf(content),
      })
      .returning();
    if (!row) throw new Error('the game was not written');
    return viewOf(tx, caller, row);
  });
}

/**
 * `PUT /games/:gameId`: replaces the working copy; a published game becomes a draft again, children
 * playing the latest version until the next is published.
 */
export async function updateGame(db: Db, caller: ProjectActor, id: number, input: GameParsed): Promise<Game> {
  const content = gameWithKeys(input, randomUUID);
  return db.transaction(async (tx) => {
    const row = await keptRow(tx, caller, id);
    await assertGame(tx, caller, input);
    const saved = await gameVersionsKit.save(tx, id, {
      ...columnsOf(content),
      status: statusAfterEdit(row.status as GameStatus),
      updatedAt: new Date(),
    });
    return viewOf(tx, caller, saved);
  });
}

/** Each gap of `gameGaps` as a field error: no level, an empty level, a find item alone. */
function assertPublishable(lang: Language, content: GameContent): void {
  const gaps = gameGaps(content);
  if (gaps.length === 0) return;
  const messageOf = (gap: string) =>
    gap === 'levels' ? 'gameNoLevels' : gap.endsWith('.items') ? 'gameLevelEmpty' : 'gameFindAlone';
  throw new AppError(
    'validation_failed',
    {},
    Object.fromEntries(gaps.map((gap) => [gap, [fieldMessage(lang, messageOf(gap))]])),
  );
}

/**
 * `POST /games/:gameId/publish`: the working copy becomes the next version (422 at each gap of the
 * content; 409 when it is published already).
 */
export async function publishGame(db: Db, caller: ProjectActor, id: number): Promise<Game> {
  return db.transaction(async (tx) => {
    const row = await keptRow(tx, caller, id);
    const status = gameVersionsKit.step(row.status as GameStatus, 'publish', ACTORS);
    assertPublishable(caller.lang, row.content);
    await gameVersionsKit.publish(tx, id, row.version + 1, row.content, caller.userId);
    const saved = await gameVersionsKit.save(tx, id, {
      status,
      version: row.version + 1,
      updatedAt: new Date(),
    });
    return viewOf(tx, caller, saved);
  });
}

/** `DELETE /games/:gameId`: 409 while a student has it (its taken-back assignments and plays go with it). */
export async function deleteGame(db: Db, caller: ProjectActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await keptRow(tx, caller, id);
    await gameVersionsKit.remove(tx, id);
  });
}

/**
 * A published game of the project, its row share-locked (a delete at the same time waits), and its
 * latest version; null for none, another project's, or one never published.
 */
export async function publishedGame(
  db: Tx,
  workspaceId: number,
  id: number,
): Promise<{ row: GameRow; content: GameContent } | null> {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.workspaceId, workspaceId), eq(games.id, id), gt(games.version, 0)))
    .for('share');
  if (!row) return null;
  const content = await gameVersionsKit.content(db, row.id, row.version);
  return content ? { row, content } : null;
}
