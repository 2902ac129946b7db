import {
  API,
  type LessonGeneration,
  type LessonThemed,
  type LessonThemedVersion,
} from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { lessonKeys } from './keys.ts';

/** How often a run under way is asked again, for its progress. */
export const GENERATION_POLL_MS = 2000;

/** Whether a run is still under way (the lesson is locked meanwhile). */
export const runUnderWay = (run: LessonGeneration | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/**
 * The lesson's latest run of themed versions (null: never had one); quiet. With `follow`, asked
 * again every 2 s.
 */
export function useLessonGeneration(lessonId: number, follow = false) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: lessonKeys.generation(acting, lessonId),
    queryFn: ({ signal }) =>
      callApi<LessonGeneration | null>(`${API.lesson}/${lessonId}/generation`, {
        query: { ...acting },
        signal,
      }),
    enabled: acting !== null,
    // Followed (the blocking window is open): asked until the lesson is free, whatever the last answer.
    refetchInterval: follow ? GENERATION_POLL_MS : false,
    retry: false,
    meta: { silent: true },
  });
}

/** The student's interests and the themed versions made of the lesson's decks; quiet. */
export function useLessonThemed(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: lessonKeys.themed(acting, lessonId),
    queryFn: ({ signal }) =>
      callApi<LessonThemed>(`${API.lesson}/${lessonId}/themed`, { query: { ...acting }, signal }),
    enabled: acting !== null,
    retry: false,
    meta: { silent: true },
  });
}

/**
 * Starts the themed versions of the lesson's decks (spec §7 generate-before-lesson): the lesson is
 * locked until the run ends, so it is asked again. Quiet (spec §383): the panel tells a refusal.
 */
export function useGenerateBeforeLesson(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi<LessonGeneration>(API.generateBeforeLesson, {
        method: 'POST',
        query: { ...acting },
        body: { lesson_id: lessonId },
      }),
    onSuccess: (run) => queryClient.setQueryData(lessonKeys.generation(acting, lessonId), run),
    // Started, or refused because a run is under way or the lesson finished: the lesson as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: lessonKeys.detail(acting, lessonId) }),
    meta: { silent: true },
  });
}

/** Downloads a themed version's .pptx under its own name (the file needs the token: fetched, then saved). */
export function useDownloadThemed(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  return useMutation({
    mutationFn: async (version: LessonThemedVersion) => {
      const blob = await callApi<Blob>(`${API.lesson}/${lessonId}/themed/${version.id}/file`, {
        query: { ...acting },
        responseType: 'blob',
      });
      saveBlob(blob, version.file.name);
    },
  });
}
