import {
  API,
  API_BASE,
  type GameComplete,
  type GameCompleteInput,
  type GamePlay,
} from '@logoschool/contract';
import { apiBaseUrl, request } from '../../../api/client.ts';

const byToken = (path: string, token: string) => `${path}/${encodeURIComponent(token)}`;

/**
 * `GET /game/check-auth/:token` (public): the game and the child's progress. Silent (spec §383): the
 * page itself says when the link is wrong or withdrawn, or the server could not be reached.
 */
export function fetchGamePlay(token: string, signal?: AbortSignal): Promise<GamePlay> {
  return request<GamePlay>(byToken(API.gameCheckAuth, token), { silent: true, signal });
}

/** `POST /game/complete/:token`: one level played; the same `key` again is kept once. */
export function postComplete(token: string, input: GameCompleteInput): Promise<GameComplete> {
  return request<GameComplete>(byToken(API.gameComplete, token), {
    method: 'POST',
    body: input,
    silent: true,
  });
}

/** A picture or sound address the API gave (`/api/game/media/…`), under the configured API base. */
export const mediaUrl = (url: string) =>
  url.startsWith(`${API_BASE}/`) ? `${apiBaseUrl()}${url.slice(API_BASE.length)}` : url;
