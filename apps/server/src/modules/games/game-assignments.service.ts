/**
 * The teacher's side of games (issue 31): a published game given to one of her students with its
 * link, taken back (the link stops, the plays stay), and the child's plays and progress. Another
 * teacher's student, or another project's, is the same 404 as one that does not exist.
 */
import type {
  GameAssignment,
  GameProgressByGame,
  GameRecordsPage,
  StudentGameProgress,
  gameAssignInput,
  gameRecordsQuery,
} from '@logoschool/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { assets, clients } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { issueLink, linkOf, withdrawLink } from '../public-links/index.ts';
import { gameLinks, ownGameAssignment } from './game-link.ts';
import { latestGames, progressesOf, soundsOf } from './game-progress.ts';
import { gameVersionsKit } from './game-versions.ts';
import { gameAssignments, gamePlays, games, type GameAssignmentRow } from './games.schema.ts';
import { publishedGame } from './games.service.ts';

/** What a service needs besides its input: the database and the web app's address (for links). */
export interface GamesContext {
  db: Db;
  baseUrl: string;
}

/** One of the teacher's students in the project, locked when asked; 404 otherwise. */
async function ownStudent(tx: Tx, caller: ProjectActor, clientId: number, lock = false) {
  const query = tx
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.workspaceId, caller.workspaceId),
        eq(clients.teacherId, caller.userId),
        eq(clients.id, clientId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Assignments as their teacher sees them, each with the child's progress and its link. */
async function viewsOf(
  tx: Tx,
  baseUrl: string,
  rows: readonly GameAssignmentRow[],
): Promise<GameAssignment[]> {
  const views: GameAssignment[] = [];
  for (const row of rows) {
    const progress = (await progressesOf(tx, row.workspaceId, row.clientId, [row.gameId])).get(row.gameId);
    if (!progress) throw notFound();
    views.push({
      id: row.id,
      client_id: row.clientId,
      game_id: row.gameId,
      game_title: progress.title,
      assigned_at: row.createdAt.toISOString(),
      progress,
      link: await linkOf(tx, baseUrl, gameLinks, row.id),
    });
  }
  return views;
}

async function viewOf(tx: Tx, baseUrl: string, row: GameAssignmentRow): Promise<GameAssignment> {
  const [view] = await viewsOf(tx, baseUrl, [row]);
  if (!view) throw notFound();
  return view;
}

/**
 * `POST /game-assignments`: a published game of the project (any language) for one of the
 * teacher's students, with its link, in one transaction. The student's row is locked first, so two
 * gifts of one game at once wait for each other: the second finds the first and gets 409 (the
 * partial unique index is the last guard).
 */
export async function assignGame(
  ctx: GamesContext,
  caller: ProjectActor,
  input: z.output<typeof gameAssignInput>,
): Promise<GameAssignment> {
  return ctx.db.transaction(async (tx) => {
    await ownStudent(tx, caller, input.client_id, true);
    const game = await publishedGame(tx, caller.workspaceId, input.game_id);
    if (!game) {
      throw new AppError(
        'validation_failed',
        {},
        { game_id: [fieldMessage(caller.lang, 'gameNotPublished')] },
      );
    }
    const [live] = await tx
      .select({ id: gameAssignments.id })
      .from(gameAssignments)
      .where(
        and(
          eq(gameAssignments.clientId, input.client_id),
          eq(gameAssignments.gameId, input.game_id),
          isNull(gameAssignments.withdrawnAt),
        ),
      );
    if (live) throw new AppError('conflict').saying('gameAlreadyAssigned');
    const [row] = await tx
      .insert(gameAssignments)
      .values({
        workspaceId: caller.workspaceId,
        gameId: input.game_id,
        clientId: input.client_id,
        teacherId: caller.userId,
      })
      .returning();
    if (!row) throw new Error(`game ${input.game_id}: the assignment was not stored`);
    await issueLink(tx, caller, gameLinks, row.id);
    return viewOf(tx, ctx.baseUrl, row);
  });
}

/**
 * `DELETE /game-assignments/:assignmentId`: takes the game back: its link opens nothing from now
 * on, its plays stay for the teacher. One taken back already stays as it is.
 */
export async function withdrawGame(
  ctx: GamesContext,
  caller: ProjectActor,
  id: number,
): Promise<GameAssignment> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownGameAssignment(tx, caller, id, true);
    if (row.withdrawnAt !== null) return viewOf(tx, ctx.baseUrl, row);
    await withdrawLink(tx, caller, gameLinks, id);
    const [saved] = await tx
      .update(gameAssignments)
      .set({ withdrawnAt: new Date(), updatedAt: new Date() })
      .where(eq(gameAssignments.id, id))
      .returning();
    return viewOf(tx, ctx.baseUrl, saved ?? row);
  });
}

/** `GET /clients/:clientId/games`: the student's games (taken back ones too), the newest first. */
export async function studentGames(ctx: GamesContext, caller: ProjectActor, clientId: number) {
  await ownStudent(ctx.db, caller, clientId);
  const rows = await ctx.db
    .select()
    .from(gameAssignments)
    .where(and(eq(gameAssignments.workspaceId, caller.workspaceId), eq(gameAssignments.clientId, clientId)))
    .orderBy(desc(gameAssignments.createdAt), desc(gameAssignments.id));
  return viewsOf(ctx.db, ctx.baseUrl, rows);
}

/** The ids of the games a student was ever given. */
async function gamesOfStudent(db: Tx, workspaceId: number, clientId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ gameId: gameAssignments.gameId })
    .from(gameAssignments)
    .where(and(eq(gameAssignments.workspaceId, workspaceId), eq(gameAssignments.clientId, clientId)));
  return rows.map((row) => row.gameId);
}

/** `GET /game-records?client_id=&game_id=`: a page of the student's plays, the latest first. */
export async function gameRecords(
  db: Db,
  caller: ProjectActor,
  query: z.output<typeof gameRecordsQuery>,
): Promise<GameRecordsPage> {
  await ownStudent(db, caller, query.client_id);
  const where = and(
    eq(gamePlays.workspaceId, caller.workspaceId),
    eq(gamePlays.clientId, query.client_id),
    query.game_id === undefined ? undefined : eq(gamePlays.gameId, query.game_id),
  );
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(gamePlays).where(where),
    db
      .select({ play: gamePlays, title: games.title, character: assets.name })
      .from(gamePlays)
      .innerJoin(games, eq(games.id, gamePlays.gameId))
      .leftJoin(assets, eq(assets.id, gamePlays.characterAssetId))
      .where(where)
      .orderBy(desc(gamePlays.playedAt), desc(gamePlays.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const versions = await gameVersionsKit.contents(
    db,
    rows.map(({ play }) => [play.gameId, play.version] as const),
  );
  const data = rows.map(({ play, title, character }) => {
    const content = versions.get(`${String(play.gameId)}:${String(play.version)}`);
    const level = content?.levels.find((one) => one.key === play.levelKey);
    return {
      id: play.id,
      game_id: play.gameId,
      game_title: content?.title ?? title,
      version: play.version,
      level_key: play.levelKey,
      level_title: level?.title ?? '',
      stage: level?.stage ?? 'sound',
      character_name: character ?? '',
      items: play.items,
      right: play.right,
      tries: play.tries,
      time_ms: play.timeMs,
      stars: play.stars,
      played_at: play.playedAt.toISOString(),
    };
  });
  return { data, meta: { total: total?.count ?? 0, page: query.page, per_page: query.per_page } };
}

/** `GET /game-progresses?client_id=`: the student's progress per game and per sound. */
export async function studentGameProgress(
  db: Db,
  caller: ProjectActor,
  clientId: number,
): Promise<StudentGameProgress> {
  await ownStudent(db, caller, clientId);
  const ids = await gamesOfStudent(db, caller.workspaceId, clientId);
  const progresses = [...(await progressesOf(db, caller.workspaceId, clientId, ids)).values()].sort((a, b) =>
    a.title.localeCompare(b.title),
  );
  return { games: progresses, sounds: await soundsOf(db, clientId, progresses) };
}

/** `GET /game-progresses/by-game?game_id=`: the progress of each of the teacher's students who have the game live. */
export async function gameProgressByGame(
  db: Db,
  caller: ProjectActor,
  gameId: number,
): Promise<GameProgressByGame> {
  const latest = await latestGames(db, caller.workspaceId, [gameId]);
  if (!latest.has(gameId)) throw notFound();
  const students = await db
    .selectDistinct({ id: clients.id, name: clients.childName })
    .from(gameAssignments)
    .innerJoin(clients, eq(clients.id, gameAssignments.clientId))
    .where(
      and(
        eq(gameAssignments.workspaceId, caller.workspaceId),
        eq(gameAssignments.gameId, gameId),
        eq(gameAssignments.teacherId, caller.userId),
        eq(clients.teacherId, caller.userId),
        isNull(gameAssignments.withdrawnAt),
      ),
    );
  const answer: GameProgressByGame = [];
  for (const student of students.sort((a, b) => a.name.localeCompare(b.name))) {
    const progress = (await progressesOf(db, caller.workspaceId, student.id, [gameId])).get(gameId);
    if (progress) answer.push({ client_id: student.id, child_name: student.name, progress });
  }
  return answer;
}
