import { API, PER_PAGE_MAX, type LessonFromProgramResult, type ProgramListItem } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { lessonKeys } from './keys.ts';

/** The project's recommended programs and exercise complexes a lesson can be filled from. */
export function useLessonPrograms(enabled: boolean) {
  const acting = useActingFor('programs.read');
  return useQuery({
    queryKey: [...lessonKeys.all, 'programs', acting] as const,
    queryFn: ({ signal }) =>
      callApiPage<ProgramListItem>(API.recommendedPrograms, {
        query: { ...acting, per_page: PER_PAGE_MAX },
        signal,
      }),
    enabled: enabled && acting !== null,
  });
}

/**
 * Puts a program's exercises into the lesson (`POST /lesson/:id/from-program`); the answer says
 * what was placed and what did not fit. The lesson's detail takes the answer's lesson.
 */
export function useFillFromProgram(lessonId: number) {
  const acting = useActingFor('lessons.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programId: number) =>
      callApi<LessonFromProgramResult>(`${API.lesson}/${lessonId}/from-program`, {
        method: 'POST',
        query: { ...acting },
        body: { program_id: programId },
      }),
    onSuccess: async (result) => {
      queryClient.setQueryData(lessonKeys.detail(acting, lessonId), result.lesson);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: lessonKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: lessonKeys.checks() }),
      ]);
    },
    meta: { silent: true },
  });
}
