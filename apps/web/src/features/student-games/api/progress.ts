import {
  API,
  familyGamesPath,
  type FamilyGames,
  type GameRecord,
  type GameRecordsPage,
  type StudentGameProgress,
} from '@logoschool/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage, request } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { studentGameKeys } from './keys.ts';

/** The plays shown at once on the correction path. */
export const RECORDS_PAGE_SIZE = 10;

/** `GET /game-progresses?client_id=`: the student's progress per game and per sound. */
export function useStudentGameProgress(clientId: number) {
  const acting = useActingFor('games.assign');
  return useQuery({
    queryKey: studentGameKeys.progress(acting, clientId),
    queryFn: ({ signal }) =>
      callApi<StudentGameProgress>(API.gameProgresses, { query: { ...acting, client_id: clientId }, signal }),
    enabled: acting !== null,
  });
}

/** `GET /game-records?client_id=`: a page of the student's plays, the latest first. */
export function useGameRecords(clientId: number, page: number) {
  const acting = useActingFor('games.assign');
  return useQuery({
    queryKey: studentGameKeys.records(acting, clientId, page),
    queryFn: ({ signal }) =>
      callApiPage<GameRecord, GameRecordsPage>(API.gameRecords, {
        query: { ...acting, client_id: clientId, page, per_page: RECORDS_PAGE_SIZE },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** The child's games on the family's dashboard (public, by the dashboard link). */
export function useFamilyGames(token: string) {
  return useQuery({
    queryKey: studentGameKeys.family(token),
    queryFn: ({ signal }) => request<FamilyGames>(familyGamesPath(token), { silent: true, signal }),
    meta: { silent: true },
  });
}
