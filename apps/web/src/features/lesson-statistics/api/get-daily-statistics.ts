import { API, type LessonDay } from '@logoschool/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import type { DayRange } from '../../../lib/report-range.ts';
import { lessonStatisticsKeys } from './keys.ts';

/** Lessons held per day of a range: one teacher's, or the project's when `teacherId` is null. */
export function useDailyStatistics(range: DayRange, teacherId: number | null) {
  const acting = useActingFor('lessonStatistics.read');
  return useQuery({
    queryKey: lessonStatisticsKeys.days(acting, range, teacherId),
    queryFn: ({ signal }) =>
      callApi<LessonDay[]>(API.lessonStatisticByTeacher, {
        query: {
          ...acting,
          ...range,
          time_zone: browserTimeZone(),
          teacher_id: teacherId ?? undefined,
        },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}
