import { LESSON_STATISTICS_RANGE_MAX_DAYS, daysBetween } from '@logoschool/contract';
import { Alert, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField, type DayRangeValue } from '../../components/date-range-field.tsx';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/list/list-view.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorTextOf } from '../../api/form-errors.ts';
import { readReportRange, writeReportRange, type DayRange } from '../../lib/report-range.ts';
import { useActingFor, useSession } from '../../session/session.tsx';
import { useActsReport } from './api/acts.ts';
import { ActsList } from './components/acts-list.tsx';
import { ContractorReportCard } from './components/contractor-report-card.tsx';
import { RatesSection } from './components/rates-section.tsx';

/**
 * /reports (issue 33 item 2): for a range of days kept in the browser (`reportRange`, shared with
 * the lesson statistics), the content each contractor had accepted, with its amounts from the
 * project's rates; items excluded and included again; each contractor's details; the acts made,
 * with their PDFs.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const acting = useActingFor('acts.manage');
  const [range, setRange] = useState<DayRange>(() => readReportRange());
  const [picked, setPicked] = useState<DayRangeValue>([range.from, range.to]);
  const report = useActsReport(range);

  const choose = (value: DayRangeValue) => {
    setPicked(value);
    const [from, to] = value;
    if (from === null || to === null) return;
    const next = { from, to };
    setRange(next);
    writeReportRange(next);
  };
  const tooLong =
    picked[0] !== null &&
    picked[1] !== null &&
    daysBetween(picked[0], picked[1]) + 1 > LESSON_STATISTICS_RANGE_MAX_DAYS;

  if (acting === null) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('acts.title')}
        </Title>
        <Alert color="blue">{t('acts.noProject')}</Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title={t('acts.title')} description={workspace?.workspaceTitle} />
      <DateRangeField
        label={t('acts.range')}
        description={t('acts.rangeHint')}
        value={picked}
        onChange={choose}
        error={tooLong ? t('fields.rangeTooLong', { count: LESSON_STATISTICS_RANGE_MAX_DAYS }) : undefined}
        maw={480}
      />
      <RatesSection />
      <Stack gap="md" component="section" aria-label={t('acts.contractorsTitle')}>
        <Title order={2} size="h3">
          {t('acts.contractorsTitle')}
        </Title>
        {report.isPending ? (
          <ListLoading height={120} count={2} />
        ) : report.isError ? (
          <ListLoadFailed onRetry={() => void report.refetch()}>{errorTextOf(report.error)}</ListLoadFailed>
        ) : report.data.contractors.length === 0 ? (
          <ListEmpty hint={t('acts.emptyHint')}>{t('acts.emptyTitle')}</ListEmpty>
        ) : (
          report.data.contractors.map((contractor) => (
            <ContractorReportCard key={contractor.user_id} contractor={contractor} range={range} />
          ))
        )}
      </Stack>
      <ActsList />
    </Stack>
  );
}

export default ReportsPage;
