import { API } from '@logoschool/contract';
import { request } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import type { DayRange } from '../../../lib/report-range.ts';

/** The per-teacher figures of a range as a CSV file, downloaded by the browser (spec §3 CSV export). */
export function useExportStatistics() {
  const acting = useActingFor('lessonStatistics.read');
  return async (range: DayRange) => {
    const blob = await request<Blob>(API.lessonStatisticAllCsv, {
      query: { ...acting, ...range, time_zone: browserTimeZone() },
      responseType: 'blob',
    });
    saveBlob(blob, `lesson-statistics-${range.from}-${range.to}.csv`);
  };
}
