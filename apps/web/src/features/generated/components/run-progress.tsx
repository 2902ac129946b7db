import type { GenerationRun } from '@logoschool/contract';
import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/dates.ts';

/** A run's progress: what it was asked for, a bar, and how many versions it made, kept and failed of all. */
export function RunProgress({ run }: { run: GenerationRun }) {
  const { t } = useTranslation();
  const settled = run.done + run.kept + run.failed;
  const percent = run.total === 0 ? 100 : Math.round((settled / run.total) * 100);
  const label = t(`generated.runs.kind.${run.kind}`);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      aria-label={t('generated.runs.label', { kind: label })}
      component="section"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} size="sm">
            {label}
            {run.theme ? ` · ${run.theme.name}` : ''}
          </Text>
          <Text size="sm" c="gray.7">
            {t(`generated.runs.status.${run.status}`)} · {formatDateTime(run.created_at)}
          </Text>
        </Group>
        <Progress
          value={percent}
          color={run.status === 'failed' ? 'red' : run.status === 'done' ? 'teal' : 'blue'}
          animated={run.status === 'running' || run.status === 'queued'}
          aria-label={t('generated.runs.progress', { count: percent })}
        />
        <Text size="sm" role="status">
          {[
            t('generated.runs.total', { count: run.total }),
            t('generated.runs.made', { count: run.done }),
            t('generated.runs.kept', { count: run.kept }),
            t('generated.runs.failed', { count: run.failed }),
          ].join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}
