import {
  API,
  PUBLIC_LINK_SEGMENTS,
  clientPracticePath,
  lessonPracticePath,
  type PracticeAssignment,
  type PracticeChangeInput,
  type PublicLink,
  type StudentPractice,
} from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import type { PublicLinkSubject } from '../../../api/public-link-changes.ts';
import { useActingFor } from '../../../session/session.tsx';
import { practiceKeys } from './keys.ts';

const one = (id: number) => `${API.practiceAssignments}/${id}`;

/** `GET /lesson/:lessonId/practice`: the lesson's live assignment, or null. */
export function useLessonPractice(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: practiceKeys.lesson(acting, lessonId),
    queryFn: ({ signal }) =>
      callApi<PracticeAssignment | null>(lessonPracticePath(lessonId), { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** `GET /practice-assignments/:id/link`: how the assignment's link stands (the kit's panel patches it). */
export function usePracticeLink(assignmentId: number) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: practiceKeys.link(acting, assignmentId),
    queryFn: ({ signal }) =>
      callApi<PublicLink>(`${one(assignmentId)}${PUBLIC_LINK_SEGMENTS.link}`, {
        query: { ...acting },
        signal,
      }),
    enabled: acting !== null,
  });
}

/** The assignment as the share panel changes its link. */
export function usePracticeLinkSubject(assignmentId: number): PublicLinkSubject {
  const acting = useActingFor('lessons.manage');
  return {
    path: one(assignmentId),
    permission: 'lessons.manage',
    queryKey: practiceKeys.link(acting, assignmentId),
  };
}

type Change =
  | { kind: 'assign'; exercise_ids: number[] | null }
  | { kind: 'change'; id: number; exercise_ids: PracticeChangeInput['exercise_ids'] }
  | { kind: 'withdraw'; id: number };

/** Assigns the lesson, changes its assignment or withdraws it; the lesson's and the path's reads refresh. */
export function usePracticeChange(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => {
      const query = { ...acting };
      if (change.kind === 'assign')
        return callApi<PracticeAssignment>(API.practiceAssignments, {
          method: 'POST',
          query,
          body: { lesson_id: lessonId, exercise_ids: change.exercise_ids },
        });
      if (change.kind === 'change')
        return callApi<PracticeAssignment>(one(change.id), {
          method: 'PUT',
          query,
          body: { exercise_ids: change.exercise_ids },
        });
      return callApi<PracticeAssignment>(one(change.id), { method: 'DELETE', query });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceKeys.all }),
    // The section says what went wrong next to the action.
    meta: { silent: true },
  });
}

/** `GET /clients/:clientId/practice`: the student's home practice for the correction path. */
export function useStudentPractice(clientId: number) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: practiceKeys.student(acting, clientId),
    queryFn: ({ signal }) =>
      callApi<StudentPractice>(clientPracticePath(clientId), { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}
