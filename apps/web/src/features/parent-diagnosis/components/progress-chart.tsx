import '@mantine/charts/styles.layer.css';
import type { DiagnosisProgressSeries, Language } from '@logoschool/contract';
import { LineChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shortDate } from '../../../i18n/dates.ts';

/** The span of a result's values and its bands, so a value reads against them; none when too wide. */
function bandsDomain(series: DiagnosisProgressSeries): [number, number] | undefined {
  if (series.bands.length === 0) return undefined;
  const values = series.points.map((point) => point.value);
  const low = Math.min(...values, ...series.bands.map((band) => band.from));
  const high = Math.max(...values, ...series.bands.map((band) => band.to));
  return high - low <= 1000 ? [low, high] : undefined;
}

/**
 * One result's or one scale's values across the diagnoses, the dates along the bottom; a computed
 * block's bands are drawn as lines at their lower ends. Its own chunk: the charts library loads
 * only on the progress page.
 */
export function ProgressChart({ series, language }: { series: DiagnosisProgressSeries; language: Language }) {
  const { t } = useTranslation();
  // Data fields become SVG attributes in recharts: no key may be named like one.
  const data = series.points.map((point) => ({
    dayLabel: shortDate(language, point.date),
    result: point.value,
  }));
  const domain = series.scale
    ? ([series.scale.from, series.scale.to] as [number, number])
    : bandsDomain(series);
  return (
    <Box
      component="figure"
      m={0}
      aria-label={t('parentDiagnosis.progress.chartLabel', { title: series.title })}
      data-testid="progress-chart"
      data-points={series.points.length}
    >
      <LineChart
        h={220}
        data={data}
        dataKey="dayLabel"
        series={[{ name: 'result', label: series.title, color: 'blue.8' }]}
        curveType="linear"
        withDots
        dotProps={{ r: 5 }}
        yAxisProps={domain ? { domain } : {}}
        xAxisProps={{ padding: { left: 24, right: 24 } }}
        referenceLines={series.bands.map((band) => ({
          y: band.from,
          label: band.label,
          color: band.kind === 'violation' ? 'orange.7' : 'teal.7',
        }))}
      />
    </Box>
  );
}

export default ProgressChart;
