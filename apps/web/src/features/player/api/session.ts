import {
  API,
  API_BASE,
  type ClientSession,
  type LessonSessionLink,
  type SessionMoveInput,
} from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBaseUrl, callApi, request } from '../../../api/client.ts';
import type { PublicLinkSubject } from '../../../api/public-link-changes.ts';
import { useActingFor } from '../../../session/session.tsx';
import { playerKeys } from './keys.ts';

const linkPath = (lessonId: number) => `${API.lesson}/${lessonId}/link`;
const sessionPath = (lessonId: number) => `${API.lesson}/${lessonId}/session`;

/** The lesson's session link (null when none) and where its session stands; quiet, the control says. */
export function useSessionLink(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: playerKeys.session(acting, lessonId),
    queryFn: ({ signal }) => callApi<LessonSessionLink>(linkPath(lessonId), { query: { ...acting }, signal }),
    enabled: acting !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** A change of the session or its link: the answer is the new state, kept as the query's data. */
function useSessionChange<Input>(
  lessonId: number,
  call: (acting: ReturnType<typeof useActingFor>, input: Input) => Promise<LessonSessionLink>,
) {
  const acting = useActingFor('lessons.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(acting, input),
    onSuccess: (state) => queryClient.setQueryData(playerKeys.session(acting, lessonId), state),
    // The control says what went wrong, next to the action.
    meta: { silent: true },
  });
}

/** Starts, moves or ends the session (`start` makes the link when the lesson has none). */
export function useMoveSession(lessonId: number) {
  return useSessionChange(lessonId, (acting, input: SessionMoveInput) =>
    callApi<LessonSessionLink>(sessionPath(lessonId), { method: 'POST', query: { ...acting }, body: input }),
  );
}

/** The lesson as the share panel changes its link: where, as whom, and the query that holds it. */
export function useLessonLinkSubject(lessonId: number): PublicLinkSubject {
  const acting = useActingFor('lessons.manage');
  return {
    path: `${API.lesson}/${lessonId}`,
    permission: 'lessons.manage',
    queryKey: playerKeys.session(acting, lessonId),
  };
}

/**
 * The lesson for the child's screen by its link's token (public, no sign-in). Quiet: the page
 * itself says when the link is wrong or withdrawn, or the server could not be reached.
 */
export function fetchClientSession(token: string, signal?: AbortSignal): Promise<ClientSession> {
  return request<ClientSession>(`${API.playLesson}/${encodeURIComponent(token)}`, { silent: true, signal });
}

/** Where the child's screen listens for the session's moves (server-sent events). */
export const sessionEventsUrl = (token: string) =>
  `${apiBaseUrl()}${API.playLesson}/${encodeURIComponent(token)}/events`;

/** A slide image address the API gave (`/api/play-lesson/…`), under the configured API base. */
export const publicImageUrl = (url: string) =>
  url.startsWith(`${API_BASE}/`) ? `${apiBaseUrl()}${url.slice(API_BASE.length)}` : url;
