import type { GenerationStats, ThemeGenerationStats } from '@logoschool/contract';
import { Anchor, Badge, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../../components/list/data-table.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { RowButtons } from '../../../components/list/row-actions.tsx';
import { useThemesStats } from '../api/generation.ts';

/** One figure: a big number over its label. */
function Figure({ label, value }: { label: string; value: number }) {
  const { i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" px="md" py="sm">
      <Text fz={26} fw={700} lh={1.2}>
        {new Intl.NumberFormat(i18n.language).format(value)}
      </Text>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
    </Paper>
  );
}

/** The project's figures: versions, read-only, overflowing, failed, ready exercises and themes. */
export function GenerationFigures({ stats }: { stats: UseQueryResult<GenerationStats> }) {
  const { t } = useTranslation();
  const cols = { base: 2, sm: 3, lg: 6 };
  if (!stats.data) {
    return (
      <SimpleGrid cols={cols} aria-hidden>
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Skeleton key={index} height={66} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const { generated, read_only, overflow, failed, ready_exercises, ready_themes } = stats.data;
  const figures: [string, number][] = [
    [t('generated.figures.generated'), generated],
    [t('generated.figures.readOnly'), read_only],
    [t('generated.figures.overflow'), overflow],
    [t('generated.figures.failed'), failed],
    [t('generated.figures.readyExercises'), ready_exercises],
    [t('generated.figures.readyThemes'), ready_themes],
  ];
  return (
    <SimpleGrid cols={cols} component="section" aria-label={t('generated.figures.label')}>
      {figures.map(([label, value]) => (
        <Figure key={label} label={label} value={value} />
      ))}
    </SimpleGrid>
  );
}

/** Each theme's figures, its link to its versions, and "Generate" for a ready one. */
export function ThemesGeneration({
  onGenerate,
  starting,
}: {
  onGenerate(theme: ThemeGenerationStats): void;
  starting: number | null;
}) {
  const { t, i18n } = useTranslation();
  const themes = useThemesStats();
  const number = new Intl.NumberFormat(i18n.language);
  const columns: Column<ThemeGenerationStats>[] = [
    {
      key: 'theme',
      header: t('generated.columns.theme'),
      cell: (row) => (
        <Anchor component={Link} to={`/generated-list/${row.theme.id}`} fw={500}>
          {row.theme.name}
        </Anchor>
      ),
    },
    {
      key: 'ready',
      header: t('generated.columns.themeReady'),
      cell: (row) => (
        <Badge color={row.ready ? 'teal.9' : 'gray.7'}>
          {t(row.ready ? 'generated.themeReady' : 'generated.themeNotReady')}
        </Badge>
      ),
    },
    {
      key: 'generated',
      header: t('generated.columns.generated'),
      numeric: true,
      cell: (row) => number.format(row.generated),
    },
    {
      key: 'readOnly',
      header: t('generated.columns.readOnly'),
      numeric: true,
      cell: (row) => number.format(row.read_only),
    },
    {
      key: 'overflow',
      header: t('generated.columns.overflow'),
      numeric: true,
      cell: (row) => number.format(row.overflow),
    },
    {
      key: 'failed',
      header: t('generated.columns.failed'),
      numeric: true,
      cell: (row) => number.format(row.failed),
    },
    {
      key: 'actions',
      header: t('generated.columns.actions'),
      hiddenHeader: true,
      cell: (row) => (
        <RowButtons
          actions={[
            {
              label: t('generated.generateTheme'),
              name: t('generated.generateThemeNamed', { name: row.theme.name }),
              icon: IconPlayerPlay,
              hidden: !row.ready,
              loading: starting === row.theme.id,
              onClick: () => onGenerate(row),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('generated.byTheme')}
      </Title>
      <ListTable
        query={themes}
        empty={t('generated.noThemes')}
        rowKey={(row) => row.theme.id}
        columns={columns}
        minWidth={720}
        label={t('generated.byTheme')}
      />
    </Stack>
  );
}
