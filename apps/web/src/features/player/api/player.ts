import {
  API,
  type Exercise,
  type ExerciseSlides,
  type FinishLessonInput,
  type Lesson,
  type LessonMarks,
  type MarkCueInput,
  type MarkInput,
} from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { playerKeys } from './keys.ts';

/** How often slide images still being rendered are asked again. */
const RENDER_POLL_MS = 3000;
/** How often a lesson being regenerated is asked again, to let the teacher in once it is done. */
const LOCKED_POLL_MS = 5000;

/** The lesson to play; quiet, the screen says when it is not found. Asked again while it is locked. */
export function usePlayerLesson(lessonId: number | null) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: playerKeys.lesson(acting, lessonId),
    queryFn: ({ signal }) => callApi<Lesson>(`${API.lesson}/${lessonId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && lessonId !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.locked ? LOCKED_POLL_MS : false),
    meta: { silent: true },
  });
}

/** The instruction for the teacher of an exercise of the lesson (its detail, read as the teacher). */
export function useInstruction(exerciseId: number) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: playerKeys.exercise(acting, exerciseId),
    queryFn: ({ signal }) =>
      callApi<Exercise>(`${API.exercises}/${exerciseId}`, { query: { ...acting }, signal }),
    enabled: acting !== null,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
    select: (exercise) => exercise.instruction.trim(),
  });
}

/** The slide images of an exercise of the lesson (read as the teacher: accepted exercises). */
export function useSlides(exerciseId: number | null) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: playerKeys.slides(acting, exerciseId ?? 0),
    queryFn: ({ signal }) =>
      callApi<ExerciseSlides>(`${API.exercises}/${exerciseId}/slides`, { query: { ...acting }, signal }),
    enabled: acting !== null && exerciseId !== null,
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || query.state.data?.status === 'rendering'
        ? RENDER_POLL_MS
        : false,
  });
}

/** The lesson's marked trials, per exercise. */
export function useLessonMarks(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: playerKeys.marks(acting, lessonId),
    queryFn: ({ signal }) =>
      callApi<LessonMarks>(`${API.lesson}/${lessonId}/marks`, { query: { ...acting }, signal }),
    enabled: acting !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** Marks the next trial of an exercise; the answer is the lesson's marks. */
export function useAddMark(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkInput) =>
      callApi<LessonMarks>(`${API.lesson}/${lessonId}/marks`, {
        method: 'POST',
        query: { ...acting },
        body: input,
      }),
    onSuccess: (marks) => queryClient.setQueryData(playerKeys.marks(acting, lessonId), marks),
    meta: { silent: true },
  });
}

/** Sets or changes the cue of a cued trial (null: not said); the answer is the lesson's marks. */
export function useSetMarkCue(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ markId, cue }: { markId: number } & MarkCueInput) =>
      callApi<LessonMarks>(`${API.lesson}/${lessonId}/marks/${markId}/cue`, {
        method: 'PUT',
        query: { ...acting },
        body: { cue },
      }),
    onSuccess: (marks) => queryClient.setQueryData(playerKeys.marks(acting, lessonId), marks),
    meta: { silent: true },
  });
}

/** Undoes an exercise's last trial; the answer is the lesson's marks. */
export function useUndoMark(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exerciseId: number) =>
      callApi<LessonMarks>(`${API.lesson}/${lessonId}/marks/last`, {
        method: 'DELETE',
        query: { ...acting, exercise_id: exerciseId },
      }),
    onSuccess: (marks) => queryClient.setQueryData(playerKeys.marks(acting, lessonId), marks),
    meta: { silent: true },
  });
}

/**
 * Finishes the lesson: what was not reached moves to the plan's next lesson (spec §4), or nothing
 * changes (409, spec §8). The lesson's new state goes in the cache; `onFinished` tells the rest of
 * the app (the screen that mounts the player refreshes the lessons' lists and editors).
 */
export function useFinishLesson(onFinished: (lesson: Lesson) => unknown = () => {}) {
  const acting = useActingFor('lessons.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FinishLessonInput) =>
      callApi<Lesson>(API.lessonFinish, { method: 'POST', query: { ...acting }, body: input }),
    onSuccess: async (lesson) => {
      queryClient.setQueryData(playerKeys.lesson(acting, lesson.id), lesson);
      await onFinished(lesson);
    },
    meta: { silent: true },
  });
}
