import { API, type TeacherLessonStatistic } from '@logoschool/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import type { DayRange } from '../../../lib/report-range.ts';
import { lessonStatisticsKeys } from './keys.ts';

/** The project's lessons held per teacher in a range of days (days in the browser's time zone). */
export function useTeacherStatistics(range: DayRange) {
  const acting = useActingFor('lessonStatistics.read');
  return useQuery({
    queryKey: lessonStatisticsKeys.teachers(acting, range),
    queryFn: ({ signal }) =>
      callApi<TeacherLessonStatistic[]>(API.lessonStatisticAll, {
        query: { ...acting, ...range, time_zone: browserTimeZone() },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}
