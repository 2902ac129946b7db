/**
 * Stories as versioned documents (decision 030): their versions table, their episodes, parts and
 * slides as items by key, and the lessons holding a part of them, which keep a story from being
 * deleted.
 */
import { storySnapshot, type StoryContent } from '@logoschool/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { versionedDocument } from '../../versioning/versioned-document.ts';
import { lessonStoryParts, stories, storyVersions, type StoryRow } from './stories.schema.ts';

/** How many lesson items hold a part of a story. */
export async function lessonsOf(db: Tx, storyId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(lessonStoryParts)
    .where(eq(lessonStoryParts.storyId, storyId));
  return row?.count ?? 0;
}

export const storyVersionsKit = versionedDocument<StoryContent, StoryRow>({
  documents: { table: stories, id: stories.id },
  versions: {
    table: storyVersions,
    documentId: storyVersions.storyId,
    version: storyVersions.version,
    content: storyVersions.content,
    publishedBy: storyVersions.publishedBy,
    publishedAt: storyVersions.publishedAt,
    // The version's project is its story's (the kit's row knows only the document).
    row: ({ documentId, version, content, publishedBy }) => ({
      workspaceId: sql`(select ${stories.workspaceId} from ${stories} where ${stories.id} = ${documentId})`,
      storyId: documentId,
      version,
      content: content as StoryContent,
      publishedBy,
    }),
  },
  snapshot: storySnapshot,
  usage: {
    count: lessonsOf,
    refusal: (used) => new AppError('conflict', { count: used }).saying('storyInUse'),
  },
  wrongStatus: 'conflict',
});
