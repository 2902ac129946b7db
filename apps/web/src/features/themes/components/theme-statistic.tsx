import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useThemeStatistic } from '../api/get-themes.ts';

/** One figure: a big number over its label. */
function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" px="md" py="sm">
      <Text fz={26} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
    </Paper>
  );
}

/** The figures over the themes the project sees (spec §7 themes/statistic), above the list. */
export function ThemeStatisticBar() {
  const { t } = useTranslation();
  const statistic = useThemeStatistic();
  const cols = { base: 2, sm: 3, lg: 6 };
  if (statistic.isPending) {
    return (
      <SimpleGrid cols={cols} aria-hidden>
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Skeleton key={index} height={66} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (!statistic.data) return null;
  const { total, ready, shared, by_type, by_gender } = statistic.data;
  const figures: [string, number][] = [
    [t('themes.statTotal'), total],
    [t('themes.statReady'), ready],
    [t('themes.statGeneral'), by_type.general],
    [t('themes.statCustom'), by_type.custom],
    [t('themes.statBoys'), by_gender.boy],
    [t('themes.statGirls'), by_gender.girl],
  ];
  // Only a project that others share themes with has this figure to tell.
  if (shared > 0) figures.push([t('themes.statShared'), shared]);
  return (
    <SimpleGrid cols={{ ...cols, lg: figures.length }} component="section" aria-label={t('themes.statistic')}>
      {figures.map(([label, value]) => (
        <Figure key={label} label={label} value={value} />
      ))}
    </SimpleGrid>
  );
}
