import {
  API,
  type CheckGeneratePresentationResult,
  type GeneratedBulkResult,
  type GeneratedListItem,
  type GeneratedListPage,
  type GeneratedState,
  type GenerationRun,
  type GenerationStats,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import type { Acting } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/** The generated list's query keys. */
export const generationKeys = {
  all: ['generation'] as const,
  lists: () => [...generationKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...generationKeys.lists(), acting, filter] as const,
  stats: (acting: Acting) => [...generationKeys.all, 'stats', acting] as const,
  runs: (acting: Acting, themeId: number | null) => [...generationKeys.all, 'runs', acting, themeId] as const,
};

/** How often the runs under way are read again. */
export const RUN_POLL_MS = 2_000;

const useActing = () => useActingFor('exercises.generate');

export interface VersionsFilter {
  theme_id: number;
  state: GeneratedState;
  term: string;
  page: number;
  per_page: number;
}

/** A page of a theme's versions, with the tabs' counts. */
export function useVersions(filter: VersionsFilter) {
  const acting = useActing();
  return useQuery({
    queryKey: generationKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<GeneratedListItem, GeneratedListPage>(API.generatedList, {
        query: { ...acting, ...filter, term: filter.term || undefined },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

function statsQuery(acting: Acting) {
  return {
    queryKey: generationKeys.stats(acting),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callApi<GenerationStats>(API.generatorGeneralStats, { query: { ...acting }, signal }),
    enabled: acting !== null,
  };
}

/** The project's figures and each theme's. */
export function useGenerationStats() {
  return useQuery(statsQuery(useActing()));
}

/** Each theme's figures (the same answer as `useGenerationStats`). */
export function useThemesStats() {
  return useQuery({ ...statsQuery(useActing()), select: (stats: GenerationStats) => stats.themes });
}

const underWay = (runs: GenerationRun[] | undefined) =>
  runs?.some((run) => run.status === 'queued' || run.status === 'running') ?? false;

/**
 * The latest runs (of a theme, or all), read again every `RUN_POLL_MS` while one is under way; when
 * one ends, the list and the figures are read again.
 */
export function useRuns(themeId: number | null) {
  const acting = useActing();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: generationKeys.runs(acting, themeId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<GenerationRun[]>(generationKeys.runs(acting, themeId));
      const runs = await callApi<GenerationRun[]>(API.generatorRuns, {
        query: { ...acting, theme_id: themeId ?? undefined },
        signal,
      });
      if (underWay(before) && !underWay(runs)) {
        void queryClient.invalidateQueries({ queryKey: generationKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: generationKeys.stats(acting) });
      }
      return runs;
    },
    enabled: acting !== null,
    refetchInterval: (query) => (underWay(query.state.data) ? RUN_POLL_MS : false),
  });
}

/** What a request of a run names. */
export type RunRequest =
  | { kind: 'by_theme'; theme_id: number }
  | { kind: 'only_new'; theme_id?: number }
  | { kind: 'by_workspace' }
  | { kind: 'refresh'; generated_ids: number[] };

const RUN_PATHS = {
  by_theme: API.generatorByTheme,
  only_new: API.generatorOnlyNew,
  by_workspace: API.generatorByWorkspace,
  refresh: API.generatorRefresh,
} as const;

/** Everything the generation shows, read again after a change. */
function useChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: generationKeys.all });
}

/** Queues a run; the runs are read again, and so shown under way. */
export function useStartRun() {
  const acting = useActing();
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ kind, ...body }: RunRequest) =>
      callApi<GenerationRun>(RUN_PATHS[kind], { method: 'POST', query: { ...acting }, body }),
    onSuccess: changed,
    meta: { silent: true },
  });
}

/** Sets read-only on the named versions, all or none. */
export function useToggleVersions() {
  const acting = useActing();
  const changed = useChanged();
  return useMutation({
    mutationFn: (input: { ids: number[]; read_only: boolean }) =>
      callApi<GeneratedBulkResult>(API.exercisesGeneratedToggle, {
        method: 'POST',
        query: { ...acting },
        body: input,
      }),
    onSuccess: changed,
    meta: { silent: true },
  });
}

/** Deletes the named versions, all or none. */
export function useDeleteVersions() {
  const acting = useActing();
  const changed = useChanged();
  return useMutation({
    mutationFn: (ids: number[]) =>
      callApi<GeneratedBulkResult>(API.generatorDelete, {
        method: 'POST',
        query: { ...acting },
        body: { generated_ids: ids },
      }),
    onSuccess: changed,
    meta: { silent: true },
  });
}

/** Checks a version's text boxes again. */
export function useCheckVersion() {
  const acting = useActing();
  const changed = useChanged();
  return useMutation({
    mutationFn: (generatedId: number) =>
      callApi<CheckGeneratePresentationResult>(API.checkGeneratePresentation, {
        method: 'POST',
        query: { ...acting },
        body: { generated_id: generatedId },
      }),
    onSuccess: changed,
    meta: { silent: true },
  });
}
