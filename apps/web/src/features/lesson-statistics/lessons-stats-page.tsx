import { LESSON_STATISTICS_RANGE_MAX_DAYS, daysBetween } from '@logoschool/contract';
import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { useActingFor, useSession } from '../../session/session.tsx';
import { DateRangeField, type DayRangeValue } from '../../components/date-range-field.tsx';
import { DismissibleAlert } from '../../components/dismissible-alert.tsx';
import { ListEmpty, ListView } from '../../components/list/list-view.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDailyStatistics } from './api/get-daily-statistics.ts';
import { useTeacherStatistics } from './api/get-teacher-statistics.ts';
import { useExportStatistics } from './api/export-statistics.ts';
import { StatisticsTable } from './components/statistics-table.tsx';
import { readReportRange, writeReportRange, type DayRange } from '../../lib/report-range.ts';

const StatisticsChart = lazy(() => import('./components/statistics-chart.tsx'));

/** The whole project in the chart's teacher picker. */
const WHOLE_PROJECT = 'all';

/**
 * /lessons-stats: the project's lessons held (decision 034: finished, or a trial marked; never one
 * only opened in the player), for the managers (spec §1, §2): per teacher for a
 * range of days kept in the browser (`reportRange`, the last 30 days at first), per day in a chart,
 * and as a CSV file.
 */
export function LessonsStatsPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const acting = useActingFor('lessonStatistics.read');
  const [range, setRange] = useState<DayRange>(() => readReportRange());
  const [picked, setPicked] = useState<DayRangeValue>([range.from, range.to]);
  const [teacher, setTeacher] = useState<string>(WHOLE_PROJECT);
  const [failure, setFailure] = useState<string | null>(null);
  const teachers = useTeacherStatistics(range);
  const teacherId = teacher === WHOLE_PROJECT ? null : Number(teacher);
  const days = useDailyStatistics(range, teacherId);
  const exportCsv = useExportStatistics();

  const choose = (value: DayRangeValue) => {
    setPicked(value);
    const [from, to] = value;
    // The range applies once both ends are chosen; the calendar does not let the end go first.
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
          {t('lessonStats.title')}
        </Title>
        <Alert color="blue">{t('lessonStats.noProject')}</Alert>
      </Stack>
    );
  }

  const rows = teachers.data ?? [];
  const options = [
    { value: WHOLE_PROJECT, label: t('lessonStats.wholeProject') },
    ...rows.map((row) => ({ value: String(row.teacher_id), label: row.teacher_name })),
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('lessonStats.title')}
        description={workspace?.workspaceTitle}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={rows.length === 0}
            onClick={() => {
              setFailure(null);
              void exportCsv(range).catch((error: unknown) => setFailure(errorTextOf(error)));
            }}
          >
            {t('lessonStats.download')}
          </Button>
        }
      />
      <DateRangeField
        label={t('lessonStats.range')}
        description={t('lessonStats.rangeHint')}
        value={picked}
        onChange={choose}
        maxDate={new Date()}
        error={tooLong ? t('fields.rangeTooLong', { count: LESSON_STATISTICS_RANGE_MAX_DAYS }) : undefined}
        maw={480}
      />
      <DismissibleAlert message={failure} onClose={() => setFailure(null)} />
      <ListView
        query={teachers}
        empty={<ListEmpty hint={t('lessonStats.emptyHint')}>{t('lessonStats.emptyTitle')}</ListEmpty>}
      >
        {(shown) => (
          <Stack gap="md">
            <StatisticsTable rows={shown} />
            <Text size="sm" c="gray.7">
              {t('lessonStats.heldHint')}
            </Text>
            <Paper withBorder p="md" radius="md">
              <Group justify="space-between" align="flex-end" mb="md">
                <Title order={2} size="h4">
                  {t('lessonStats.perDay')}
                </Title>
                <Select
                  label={t('lessonStats.chartOf')}
                  data={options}
                  value={teacher}
                  onChange={(value) => setTeacher(value ?? WHOLE_PROJECT)}
                  allowDeselect={false}
                  w={260}
                />
              </Group>
              <Suspense fallback={<Loader aria-label={t('app.loading')} />}>
                {days.data && <StatisticsChart days={days.data} />}
              </Suspense>
            </Paper>
          </Stack>
        )}
      </ListView>
    </Stack>
  );
}

export default LessonsStatsPage;
