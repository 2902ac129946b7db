import {
  API,
  PUBLIC_LINK_SEGMENTS,
  clientGamesPath,
  type Client,
  type GameAssignment,
  type GamesPage,
  type GameListItem,
  type Language,
  type PublicLink,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import type { PublicLinkSubject } from '../../../api/public-link-changes.ts';
import { useActingFor } from '../../../session/session.tsx';
import { studentGameKeys } from './keys.ts';

const one = (id: number) => `${API.gameAssignments}/${id}`;

/** `GET /clients/:clientId/games`: the student's games, each with its progress and link. */
export function useStudentGames(clientId: number) {
  const acting = useActingFor('games.assign');
  return useQuery({
    queryKey: studentGameKeys.student(acting, clientId),
    queryFn: ({ signal }) =>
      callApi<GameAssignment[]>(clientGamesPath(clientId), { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** `GET /clients/:clientId`: the student, whose language the games to give are filtered by. */
export function useStudent(clientId: number) {
  const acting = useActingFor('games.assign');
  return useQuery({
    queryKey: studentGameKeys.client(acting, clientId),
    queryFn: ({ signal }) => callApi<Client>(`${API.clients}/${clientId}`, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** `GET /game-assignments/:id/link`: how the game's link stands (the kit's panel patches it). */
export function useGameLink(assignmentId: number) {
  const acting = useActingFor('games.assign');
  return useQuery({
    queryKey: studentGameKeys.link(acting, assignmentId),
    queryFn: ({ signal }) =>
      callApi<PublicLink>(`${one(assignmentId)}${PUBLIC_LINK_SEGMENTS.link}`, {
        query: { ...acting },
        signal,
      }),
    enabled: acting !== null,
  });
}

/** The assignment as the share panel changes its link. */
export function useGameLinkSubject(assignmentId: number): PublicLinkSubject {
  const acting = useActingFor('games.assign');
  return {
    path: one(assignmentId),
    permission: 'games.assign',
    queryKey: studentGameKeys.link(acting, assignmentId),
  };
}

/** What the teacher filters the games to give by: the child's language and the sound. */
export interface GameFilter {
  language: Language | null;
  category_id: number | null;
  term: string;
}

/** The most games the dialog lists at once (the filters narrow them). */
export const GIVE_PAGE_SIZE = 50;

/** `GET /games?status=published`: the published games to give, by language and sound. */
export function usePublishedGames(filter: GameFilter) {
  const acting = useActingFor('games.assign');
  return useQuery({
    queryKey: studentGameKeys.published(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<GameListItem, GamesPage>(API.games, {
        query: {
          ...acting,
          status: 'published',
          language: filter.language,
          category_id: filter.category_id,
          term: filter.term.trim() || null,
          per_page: GIVE_PAGE_SIZE,
        },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Gives a published game to the student and makes its link at once (what the teacher gives it for);
 * takes one back. The student's games, plays and progress refresh.
 */
export function useStudentGameChange(clientId: number) {
  const acting = useActingFor('games.assign');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { kind: 'give'; gameId: number } | { kind: 'takeBack'; id: number }) => {
      const query = { ...acting };
      if (change.kind === 'takeBack') return callApi<unknown>(one(change.id), { method: 'DELETE', query });
      const given = await callApi<GameAssignment>(API.gameAssignments, {
        method: 'POST',
        query,
        body: { client_id: clientId, game_id: change.gameId },
      });
      await callApi<PublicLink>(`${one(given.id)}${PUBLIC_LINK_SEGMENTS.link}`, { method: 'POST', query });
      return given;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentGameKeys.all }),
    // The dialog and the question say what went wrong, next to the action.
    meta: { silent: true },
  });
}
