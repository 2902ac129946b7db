import { API } from '@logoschool/contract';
import type { AreaProbe } from '../../test/area-probes.ts';

/** The `data` of an answer, after checking its status. */
function dataOf<T>(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
  what: string,
): T {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

interface Asset {
  files: { id: number; kind: string }[];
}

/**
 * What the stories area adds to the API probes' project (`test/area-probes.ts`): an image file of
 * an asset the project's theme holds (what `asset_file_id` names), that image copied into the
 * stories' files (`:fileId`), a story of one slide by the author, published by the moderator (`:historyId`,
 * `history_id`), and its part in the teacher's lesson (`:partId`).
 */
export const probe: AreaProbe = {
  objects: {
    themeAssetFile: async ({ call, built }) => {
      const response = await call('moderator', 'GET', `/api${API.themes}/${built.theme}/assets`);
      const found = JSON.stringify(dataOf<unknown>(response, 200, 'theme assets'));
      // The theme's assets, however grouped: the first image file among them.
      const assets = [...found.matchAll(/"files":(\[[^\]]*\])/g)].flatMap(
        (match) => JSON.parse(match[1] ?? '[]') as Asset['files'],
      );
      const image = assets.find((file) => file.kind === 'image');
      if (!image) throw new Error(`theme assets: no image in ${found}`);
      return image.id;
    },
    storyFile: async ({ call, built }) => {
      const response = await call('moderator', 'POST', `/api${API.histories}/files/from-asset`, {
        asset_file_id: built.themeAssetFile,
      });
      return dataOf<{ id: number }>(response, 201, 'story file').id;
    },
    story: async ({ call, marker, built }) => {
      const created = dataOf<{ id: number }>(
        await call('author', 'POST', `/api${API.histories}`, {
          title: `${marker} Story`,
          description: `${marker} description`,
          language: 'en',
          age_from: 4,
          age_to: 7,
          sounds: ['r'],
          episodes: [
            {
              title: `${marker} Episode`,
              parts: [
                {
                  title: `${marker} Part`,
                  slides: [
                    { image_file_id: built.storyFile, text: `${marker} text`, note: `${marker} note` },
                  ],
                },
              ],
            },
          ],
        }),
        201,
        'story',
      );
      dataOf(
        await call('author', 'POST', `/api${API.histories}/${created.id}/submit`, { action: 'submit' }),
        200,
        'story submit',
      );
      dataOf(
        await call('moderator', 'POST', `/api${API.histories}/${created.id}/review`, { action: 'publish' }),
        200,
        'story publish',
      );
      return created.id;
    },
    lessonStoryPart: async ({ call, built }) => {
      const story = dataOf<{ episodes: { parts: { key: string }[] }[] }>(
        await call('teacher', 'GET', `/api${API.histories}/${built.story}`),
        200,
        'story read',
      );
      const lesson = dataOf<{ story_parts: { id: number }[] }>(
        await call('teacher', 'POST', `/api${API.lesson}/${built.lesson}${API.lessonStoryParts}`, {
          history_id: built.story,
          part_key: story.episodes[0]?.parts[0]?.key,
        }),
        201,
        'lesson story part',
      );
      const part = lesson.story_parts[0];
      if (!part) throw new Error('lesson story part: none');
      return part.id;
    },
  },
  pathParams: { historyId: 'story', fileId: 'storyFile', partId: 'lessonStoryPart' },
  bodyFields: {
    history_id: 'story',
    asset_file_id: 'themeAssetFile',
    image_file_id: 'storyFile',
    audio_file_id: 'storyFile',
  },
};
