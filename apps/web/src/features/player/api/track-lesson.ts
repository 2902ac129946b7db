import { API, type Lesson, type LessonStatistic, type TrackEvent } from '@logoschool/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';

/**
 * Tells the server once that the player opened a lesson still to hold (spec §7
 * track/lesson-statistic): the lessons held that managers read start from it. The server keeps the
 * first start, so opening the lesson again changes nothing; the teacher is never bothered when it
 * fails (finishing the lesson records it as held anyway).
 */
export function useTrackLesson(lesson: Pick<Lesson, 'id' | 'status' | 'locked'>) {
  const acting = useActingFor('lessons.manage');
  const { mutate } = useMutation({
    mutationFn: (event: TrackEvent) =>
      callApi<LessonStatistic>(API.trackLessonStatistic, {
        method: 'POST',
        query: { ...acting },
        body: { lesson_id: lesson.id, event },
      }),
    meta: { silent: true },
  });
  const ready = acting !== null && lesson.status === 'open' && !lesson.locked;
  useEffect(() => {
    if (ready) mutate('start');
  }, [ready, lesson.id, mutate]);
}
