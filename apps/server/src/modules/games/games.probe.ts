import { API, type GameAssignment } from '@logoschool/contract';
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
  id: number;
  files: { id: number; kind: string }[];
}

/**
 * What games add to the API probes' project (`test/area-probes.ts`): a game theme of the library's
 * game background and character the project's theme holds (`:themeId`, `theme_id` on the games'
 * routes), a picture and a sound copied into the game files (`:fileId`, `picture_file_id`,
 * `audio_file_id`), a published game of one level by the moderator (`:gameId`, `game_id`), and it
 * given to the teacher's student (`:assignmentId`). Library assets name no project (`global`).
 */
export const probe: AreaProbe = {
  routes: ['/api/game', '/api/clients/:clientId/games', '/api/parent-dashboard/:token/games'],
  objects: {
    gameTheme: async ({ call, built, marker }) => {
      const grouped = dataOf<Record<string, Asset[]>>(
        await call('moderator', 'GET', `/api${API.themes}/${built.theme}/assets`),
        200,
        'theme assets',
      );
      const [background] = grouped.game_background ?? [];
      const [character] = grouped.character ?? [];
      if (!background || !character)
        throw new Error('games: the probe theme has no game background or character');
      return dataOf<{ id: number }>(
        await call('moderator', 'POST', `/api${API.gameThemes}`, {
          title: `${marker} Game theme`,
          background_asset_id: background.id,
          character_asset_ids: [character.id],
        }),
        201,
        'game theme',
      ).id;
    },
    gameFile: async ({ call, built }) => {
      const grouped = dataOf<Record<string, Asset[]>>(
        await call('moderator', 'GET', `/api${API.themes}/${built.theme}/assets`),
        200,
        'theme assets',
      );
      const image = (grouped.background ?? [])
        .flatMap((asset) => asset.files)
        .find((file) => file.kind === 'image');
      if (!image) throw new Error('games: the probe theme has no background image');
      return dataOf<{ id: number }>(
        await call('moderator', 'POST', `/api${API.games}/files/from-asset`, { asset_file_id: image.id }),
        201,
        'game file',
      ).id;
    },
    gameSound: async ({ call, built }) => {
      const grouped = dataOf<Record<string, Asset[]>>(
        await call('moderator', 'GET', `/api${API.themes}/${built.theme}/assets`),
        200,
        'theme assets',
      );
      const sound = (grouped.sound ?? [])
        .flatMap((asset) => asset.files)
        .find((file) => file.kind === 'sound');
      if (!sound) throw new Error('games: the probe theme has no sound');
      return dataOf<{ id: number }>(
        await call('moderator', 'POST', `/api${API.games}/files/from-asset`, { asset_file_id: sound.id }),
        201,
        'game sound',
      ).id;
    },
    game: async ({ call, built, marker }) => {
      const created = dataOf<{ id: number }>(
        await call('moderator', 'POST', `/api${API.games}`, {
          title: `${marker} Game`,
          description: `${marker} description`,
          language: 'en',
          category_id: built.category,
          theme_id: built.gameTheme,
          levels: [
            {
              title: `${marker} Level`,
              stage: 'words',
              items: [
                {
                  word: `${marker} word`,
                  mode: 'say',
                  picture_file_id: built.gameFile,
                  audio_file_id: built.gameSound,
                },
              ],
            },
          ],
        }),
        201,
        'game',
      );
      dataOf(await call('moderator', 'POST', `/api${API.games}/${created.id}/publish`), 200, 'game publish');
      return created.id;
    },
    gameAssignment: async ({ call, built }) =>
      dataOf<GameAssignment>(
        await call('teacher', 'POST', `/api${API.gameAssignments}`, {
          client_id: built.client,
          game_id: built.game,
        }),
        201,
        'game assignment',
      ).id,
  },
  pathParams: {
    gameId: 'game',
    themeId: 'gameTheme',
    fileId: 'gameFile',
    assignmentId: 'gameAssignment',
    id: 'gameFile',
    source: 'global',
  },
  bodyFields: {
    game_id: 'game',
    theme_id: 'gameTheme',
    picture_file_id: 'gameFile',
    audio_file_id: 'gameSound',
    asset_file_id: 'global',
    background_asset_id: 'global',
    prop_asset_ids: 'global',
    character_asset_ids: 'global',
    character_asset_id: 'global',
  },
  publicOperations: {
    'GET /api/game/check-auth/:token':
      "the child's game: the game assignment's random, revocable link token is the key",
    'POST /api/game/complete/:token':
      'a level the child played, by the same token (each play with its own key, kept once)',
    'GET /api/game/media/:token/:source/:id':
      "a picture or a sound of the child's game, by the same token (only what the game names or its theme holds)",
    'GET /api/parent-dashboard/:token/games':
      "the child's games on the family's dashboard: the dashboard link's random, revocable token is the key",
  },
};
