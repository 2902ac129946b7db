import {
  API,
  EXERCISE_STATUS,
  type Exercise,
  type Program,
  type ProgramInput,
  type ProgramKind,
  type ProgramListItem,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingAs } from '../../../session/session.tsx';
import { programKeys } from './keys.ts';

export interface ProgramsFilter {
  kind: ProgramKind;
  term: string;
  page: number;
  per_page: number;
}

/** A page of the project's programs of a kind, by name. */
export function usePrograms(filter: ProgramsFilter) {
  const acting = useActingAs();
  return useQuery({
    queryKey: programKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<ProgramListItem>(API.recommendedPrograms, {
        query: { ...acting, ...filter, term: filter.term || undefined },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** One program with its exercises. */
export function useProgram(programId: number | null) {
  const acting = useActingAs();
  return useQuery({
    queryKey: programKeys.detail(acting, programId),
    queryFn: ({ signal }) =>
      callApi<Program>(`${API.recommendedPrograms}/${programId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && programId !== null,
    retry: false,
  });
}

/** Creates a program (`programId` null) or saves one; the lists are fetched again. */
export function useSaveProgram(programId: number | null) {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProgramInput) =>
      callApi<Program>(
        programId === null ? API.recommendedPrograms : `${API.recommendedPrograms}/${programId}`,
        { method: programId === null ? 'POST' : 'PUT', query: { ...acting }, body: input },
      ),
    onSuccess: (program) => {
      queryClient.setQueryData(programKeys.detail(acting, program.id), program);
      return queryClient.invalidateQueries({ queryKey: programKeys.lists() });
    },
    meta: { silent: true },
  });
}

/** Deletes a program; the API refuses one a published card points at (its message shows in the dialog). */
export function useDeleteProgram() {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programId: number) =>
      callApi<null>(`${API.recommendedPrograms}/${programId}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.lists() }),
    meta: { silent: true },
  });
}

/** How many exercises the picker shows at once. */
const PICKER_PAGE = 20;

/** The project's accepted exercises whose title holds `term`: what a program is made of. */
export function useAcceptedExercises(term: string) {
  const acting = useActingAs();
  return useQuery({
    queryKey: programKeys.exercises(acting, term),
    queryFn: ({ signal }) =>
      callApiPage<Exercise>(API.exercises, {
        query: {
          ...acting,
          status_id: EXERCISE_STATUS.accepted,
          term: term || undefined,
          per_page: PICKER_PAGE,
        },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}
