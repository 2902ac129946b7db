import '@mantine/charts/styles.layer.css';
import type { ProgressPoint } from '@logoschool/contract';
import { LineChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';
import { percentOf } from '../percent.ts';

/**
 * A target's accuracy and cued share in % per lesson, the lesson numbers along the bottom. Its own
 * chunk: the charts library loads only when a student has marks to draw.
 */
export function TargetChart({ target, points }: { target: string; points: readonly ProgressPoint[] }) {
  const { t } = useTranslation();
  // Lessons of two plans share numbers: then their dates tell them apart.
  const plans = new Set(points.map((point) => point.plan_id)).size;
  const labelOf = (point: ProgressPoint) =>
    plans > 1 && point.date
      ? t('progress.lessonOn', { number: point.number, date: formatDate(point.date) })
      : t('progress.lessonShort', { number: point.number });
  // Data fields become SVG attributes in recharts: no key may be named like one.
  const data = points.map((point) => ({
    lessonLabel: labelOf(point),
    accuracyShare: percentOf(point.accuracy),
    cuedShare: percentOf(point.cued_share),
  }));
  return (
    <Box component="figure" m={0} aria-label={t('progress.chartLabel', { target })}>
      <LineChart
        h={220}
        data={data}
        dataKey="lessonLabel"
        series={[
          { name: 'accuracyShare', label: t('progress.accuracy'), color: 'teal.8' },
          { name: 'cuedShare', label: t('progress.cuedShare'), color: 'orange.8', strokeDasharray: '6 4' },
        ]}
        curveType="linear"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100] }}
        xAxisProps={{ padding: { left: 24, right: 24 } }}
        unit="%"
        connectNulls
      />
    </Box>
  );
}

export default TargetChart;
