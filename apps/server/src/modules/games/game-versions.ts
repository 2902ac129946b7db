/**
 * Games as versioned documents (decision 030): their versions table, their levels and items as
 * items by key, and the students who have a game live, which keep it from being deleted.
 */
import { gameSnapshot, type GameContent } from '@logoschool/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { versionedDocument } from '../../versioning/versioned-document.ts';
import { gameAssignments, gameVersions, games, type GameRow } from './games.schema.ts';

/** How many students have a game live. */
export async function studentsOf(db: Tx, gameId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(gameAssignments)
    .where(and(eq(gameAssignments.gameId, gameId), isNull(gameAssignments.withdrawnAt)));
  return row?.count ?? 0;
}

export const gameVersionsKit = versionedDocument<GameContent, GameRow>({
  documents: { table: games, id: games.id },
  versions: {
    table: gameVersions,
    documentId: gameVersions.gameId,
    version: gameVersions.version,
    content: gameVersions.content,
    publishedBy: gameVersions.publishedBy,
    publishedAt: gameVersions.publishedAt,
    // The version's project is its game's (the kit's row knows only the document).
    row: ({ documentId, version, content, publishedBy }) => ({
      workspaceId: sql`(select ${games.workspaceId} from ${games} where ${games.id} = ${documentId})`,
      gameId: documentId,
      version,
      content: content as GameContent,
      publishedBy,
    }),
  },
  snapshot: gameSnapshot,
  usage: {
    count: studentsOf,
    refusal: (used) => new AppError('conflict', { count: used }).saying('gameInUse'),
  },
  wrongStatus: 'conflict',
});
