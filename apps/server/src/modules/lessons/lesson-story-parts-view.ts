/**
 * The story parts a lesson holds (issue 30 item 1), as its view and its session show them: each as
 * the published version it was added from has it, in the order added.
 */
import { storyFileUrl, type LessonStoryPart, type StoryContent } from '@logoschool/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { LessonRow } from '../../db/schema/index.ts';
import { lessonStoryParts, storyContents } from '../stories/index.ts';

/** The part of a story's content with its episode, by the part's key; null when it has none. */
export function partOf(content: StoryContent, key: string) {
  for (const episode of content.episodes) {
    const part = episode.parts.find((candidate) => candidate.key === key);
    if (part) return { episode, part };
  }
  return null;
}

/** The story parts of a lesson, in the order they were added, each as the version it was added from has it. */
export async function storyPartsOf(tx: Tx, lesson: LessonRow): Promise<LessonStoryPart[]> {
  const rows = await tx
    .select()
    .from(lessonStoryParts)
    .where(
      and(eq(lessonStoryParts.workspaceId, lesson.workspaceId), eq(lessonStoryParts.lessonId, lesson.id)),
    )
    .orderBy(asc(lessonStoryParts.id));
  const contents = await storyContents(
    tx,
    rows.map((row) => [row.storyId, row.version] as const),
  );
  return rows.flatMap((row) => {
    const content = contents.get(`${String(row.storyId)}:${String(row.version)}`);
    const found = content ? partOf(content, row.partKey) : null;
    if (!content || !found) return [];
    return [
      {
        id: row.id,
        history_id: row.storyId,
        story_title: content.title,
        version: row.version,
        part_key: row.partKey,
        episode_title: found.episode.title,
        title: found.part.title,
        slides: found.part.slides.map((slide) => ({
          ...slide,
          image_url: storyFileUrl(lesson.workspaceId, slide.image_file_id),
          audio_url:
            slide.audio_file_id === null ? null : storyFileUrl(lesson.workspaceId, slide.audio_file_id),
        })),
      },
    ];
  });
}
