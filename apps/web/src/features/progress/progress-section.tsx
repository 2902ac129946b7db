import type { ProgressTarget } from '@logoschool/contract';
import { Alert, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { useStudentProgress } from './api/get-progress.ts';
import { TargetTable } from './components/target-table.tsx';
import { percentOf } from './percent.ts';

const TargetChart = lazy(() => import('./components/target-chart.tsx'));

/**
 * A student's progress from the marks (issue 15, item 6), on the correction path: per block target,
 * the accuracy and the share of trials that needed a cue, lesson by lesson, as a chart or a table.
 */
export function ProgressSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const progress = useStudentProgress(clientId);
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const targets = progress.data?.targets ?? [];

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id={headingId}>
          {t('progress.title')}
        </Title>
        {targets.length > 0 && (
          <Switch
            label={t('progress.showAsTable')}
            checked={asTable}
            onChange={(event) => setAsTable(event.currentTarget.checked)}
          />
        )}
      </Group>
      {progress.isPending && <Text c="gray.7">{t('app.loading')}</Text>}
      {progress.isError && (
        <Group>
          <Alert color="red" role="alert">
            {errorTextOf(progress.error)}
          </Alert>
          <Button variant="default" onClick={() => void progress.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Group>
      )}
      {progress.data && targets.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text>{t('progress.empty')}</Text>
        </Paper>
      )}
      {targets.length > 0 && (
        <Text size="sm" c="gray.7">
          {t('progress.intro')}
        </Text>
      )}
      {targets.map((target) => (
        <TargetPanel key={target.target} target={target} asTable={asTable} />
      ))}
    </Stack>
  );
}

/** One target: its name, its totals, and its lessons as a chart or a table. */
function TargetPanel({ target, asTable }: { target: ProgressTarget; asTable: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {target.target}
          </Title>
          <Text size="sm" c="gray.7">
            {t('progress.summary', {
              accuracy: percentOf(target.totals.accuracy),
              cued: percentOf(target.totals.cued_share),
              trials: target.totals.total,
              lessons: target.points.length,
            })}
          </Text>
        </Group>
        {asTable ? (
          <TargetTable target={target} />
        ) : (
          <Suspense fallback={<Skeleton h={220} />}>
            <TargetChart target={target.target} points={target.points} />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}
