import '@mantine/charts/styles.layer.css';
import type { LessonDay } from '@logoschool/contract';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';

/**
 * Lessons held per day. Its own chunk (the page loads it lazily), so that the table does not wait
 * for the charting library.
 */
export default function StatisticsChart({ days }: { days: readonly LessonDay[] }) {
  const { t } = useTranslation();
  return (
    <BarChart
      h={260}
      data={days.map((day) => ({ date: formatDate(day.day), held: day.held, minutes: day.minutes }))}
      dataKey="date"
      series={[{ name: 'held', label: t('lessonStats.heldSeries'), color: 'blue.9' }]}
      yAxisProps={{ allowDecimals: false }}
      xAxisProps={{ minTickGap: 16 }}
    />
  );
}
