import {
  API,
  type Exercise,
  type Lesson,
  type LessonCheck,
  type LessonInput,
  type LessonListItem,
  type LessonStatus,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { lessonKeys } from './keys.ts';

/** How often a lesson being regenerated is asked again, to let the teacher in once it is done. */
export const LOCKED_POLL_MS = 5000;

export interface LessonsFilter {
  /** Any day of the week to list ('YYYY-MM-DD'); all dates when absent. */
  week?: string;
  status?: LessonStatus;
  protocol_id?: number;
  page: number;
  per_page: number;
}

/** The teacher's lessons (by week in the browser's time zone, status, plan), the earliest first. */
export function useLessons(
  filter: LessonsFilter,
  {
    enabled = true,
    freshness,
  }: {
    enabled?: boolean;
    /** A change elsewhere that may have made lessons (a plan saved: its `updated_at`); part of the key. */
    freshness?: string;
  } = {},
) {
  const acting = useActingFor('lessons.manage');
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: lessonKeys.list(acting, { ...filter, timeZone, freshness }),
    queryFn: ({ signal }) =>
      callApiPage<LessonListItem>(API.lessons, {
        query: { ...acting, ...filter, time_zone: timeZone },
        signal,
      }),
    enabled: acting !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * One lesson with its blocks; quiet, the screen says when it is not found. While it is being
 * regenerated it is asked again every few seconds, so the editor opens as soon as it is done.
 */
export function useLesson(lessonId: number | null) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: lessonKeys.detail(acting, lessonId),
    queryFn: ({ signal }) => callApi<Lesson>(`${API.lesson}/${lessonId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && lessonId !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.locked ? LOCKED_POLL_MS : false),
    meta: { silent: true },
  });
}

/** What a lesson still lacks, block by block (the list asks it only of lessons not ready). */
export function useLessonCheck(lessonId: number, enabled: boolean) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: lessonKeys.check(acting, lessonId),
    queryFn: ({ signal }) =>
      callApi<LessonCheck>(API.lessonsCheck, { query: { ...acting, lesson_id: lessonId }, signal }),
    enabled: acting !== null && enabled,
    retry: false,
    meta: { silent: true },
  });
}

/** After a change: the lesson's new state in the cache, its lists and checks fetched again. */
function useAfterChange() {
  const acting = useActingFor('lessons.manage');
  const queryClient = useQueryClient();
  return async (lesson: Lesson) => {
    queryClient.setQueryData(lessonKeys.detail(acting, lesson.id), lesson);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: lessonKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: lessonKeys.checks() }),
    ]);
  };
}

/** Saves the date, the length and every block's presentations; the editor shows the refusal. */
export function useSaveLesson(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (input: LessonInput) =>
      callApi<Lesson>(`${API.lesson}/${lessonId}`, { method: 'PUT', query: { ...acting }, body: input }),
    onSuccess: afterChange,
    meta: { silent: true },
  });
}

/** Takes a story part out of the lesson (refused with 409 while it is regenerated or once finished). */
export function useRemoveStoryPart(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (partId: number) =>
      callApi<Lesson>(`${API.lesson}/${lessonId}${API.lessonStoryParts}/${partId}`, {
        method: 'DELETE',
        query: { ...acting },
      }),
    onSuccess: afterChange,
  });
}

/**
 * Fills the lesson from its blocks' folders (`replace`: anew, else keeping what it holds); the
 * editor shows the refusal (409 naming a block whose folder cannot give its minimum).
 */
export function useFillLesson(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (replace: boolean) =>
      callApi<Lesson>(API.exercisesGenerateLesson, {
        method: 'POST',
        query: { ...acting },
        body: { lesson_id: lessonId, replace },
      }),
    onSuccess: afterChange,
    meta: { silent: true },
  });
}

export interface BlockExercisesFilter {
  protocol_id: number;
  /** The block's folder: its accepted exercises and those below it. */
  category_id: number;
  term: string;
  per_page: number;
}

/** The accepted exercises a block may take: its folder's, within the plan's folders. */
export function useBlockExercises(filter: BlockExercisesFilter, enabled: boolean) {
  const acting = useActingFor('exercises.read');
  return useQuery({
    queryKey: lessonKeys.exercises(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<Exercise>(API.exercisesForTeacher, {
        query: { ...acting, ...filter, term: filter.term || undefined },
        signal,
      }),
    enabled: acting !== null && enabled,
    placeholderData: keepPreviousData,
  });
}
