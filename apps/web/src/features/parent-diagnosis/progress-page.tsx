import {
  PARENT_DIAGNOSIS_PAGE,
  type DiagnosisProgress,
  type DiagnosisProgressSeries,
} from '@logoschool/contract';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLinkPage } from '../../components/public-link/public-link-page.tsx';
import { PublicNotice } from '../../components/public-notice.tsx';
import { fetchProgressView } from './api/public-diagnosis.ts';
import { ParentHeader, ParentPage } from './components/parent-diagnosis-view.tsx';
import { longDate, shortDate } from '../../i18n/dates.ts';

const ProgressChart = lazy(() => import('./components/progress-chart.tsx'));

/**
 * /progress-preview/:token (public, spec §2 `/progress-preview/:dcID`): the student's results on
 * the card over time, by the same link as the card, in the student's language, in the shared public
 * page's frame (decision 029): a chart per result meant for the parents and per scale. A card in
 * another language than the student's says so instead (§8).
 */
export function ProgressPage() {
  return (
    <PublicLinkPage read={fetchProgressView}>
      {(view, { token }) => {
        const back = `${PARENT_DIAGNOSIS_PAGE}/${token}`;
        return view.mismatch ? (
          <LanguageMismatch back={back} />
        ) : (
          <Progress progress={view.progress} back={back} />
        );
      }}
    </PublicLinkPage>
  );
}

function BackToCard({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={to}
      variant="default"
      size="compact-md"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {t('parentDiagnosis.progress.back')}
    </Button>
  );
}

/** Spec §8: the card is in another language than the student's, so its results are not compared. */
function LanguageMismatch({ back }: { back: string }) {
  const { t } = useTranslation();
  return (
    <PublicNotice>
      <IconLanguage size={40} aria-hidden color="var(--mantine-color-gray-7)" />
      <Title order={1} size="h2">
        {t('parentDiagnosis.progress.mismatchTitle')}
      </Title>
      <Text>{t('parentDiagnosis.progress.mismatchText')}</Text>
      <BackToCard to={back} />
    </PublicNotice>
  );
}

function SeriesView({ series, progress }: { series: DiagnosisProgressSeries; progress: DiagnosisProgress }) {
  const { t } = useTranslation();
  const last = series.points.at(-1);
  const band = last ? series.bands.find((one) => last.value >= one.from && last.value <= one.to) : undefined;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={series.title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4">
            {series.title}
          </Title>
          <Badge variant="outline" color={series.kind === 'scale' ? 'grape.9' : 'blue.9'} tt="none">
            {t(`parentDiagnosis.progress.kind.${series.kind}`)}
          </Badge>
        </Group>
        {series.scale && (
          <Text size="sm" c="gray.7">
            {t('parentDiagnosis.scaleEnds', {
              from: series.scale.from,
              start: series.scale.start_label,
              to: series.scale.to,
              end: series.scale.end_label,
            })}
          </Text>
        )}
        <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
          <ProgressChart series={series} language={progress.language} />
        </Suspense>
        {/* The same values as a table: for screen readers and print. */}
        <Table fz="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('parentDiagnosis.progress.dateColumn')}</Table.Th>
              <Table.Th>{t('parentDiagnosis.progress.valueColumn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {series.points.map((point) => (
              <Table.Tr key={point.date}>
                <Table.Td>{shortDate(progress.language, point.date)}</Table.Td>
                <Table.Td>{point.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {band && <Text size="sm">{t('parentDiagnosis.progress.latestBand', { label: band.label })}</Text>}
        {series.bands.length > 0 && (
          <Text size="sm" c="gray.7">
            {t('parentDiagnosis.progress.bands', {
              bands: series.bands.map((one) => `${one.from}–${one.to}: ${one.label}`).join('; '),
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Progress({ progress, back }: { progress: DiagnosisProgress; back: string }) {
  const { t } = useTranslation();
  const first = progress.dates[0];
  const last = progress.dates.at(-1);
  return (
    <ParentPage>
      <ParentHeader>
        <BackToCard to={back} />
      </ParentHeader>
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t('parentDiagnosis.progress.title', { name: progress.child_name })}
        </Title>
        <Text size="lg">{progress.card_title}</Text>
        {first && last && (
          <Text c="gray.8">
            {progress.dates.length > 1
              ? t('parentDiagnosis.progress.range', {
                  number: progress.dates.length,
                  from: longDate(progress.language, first),
                  to: longDate(progress.language, last),
                })
              : t('parentDiagnosis.progress.one', { date: longDate(progress.language, first) })}
          </Text>
        )}
      </Stack>
      {progress.dates.length < 2 && (
        <Alert color="blue" role="status">
          {t('parentDiagnosis.progress.secondWillShow')}
        </Alert>
      )}
      {progress.series.length === 0 ? (
        <Text c="gray.7">{t('parentDiagnosis.progress.nothing')}</Text>
      ) : (
        progress.series.map((series) => <SeriesView key={series.key} series={series} progress={progress} />)
      )}
    </ParentPage>
  );
}

export default ProgressPage;
