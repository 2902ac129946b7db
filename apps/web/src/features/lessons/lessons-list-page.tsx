import { PER_PAGE_MAX, type LessonListItem, type LessonStatus } from '@logoschool/contract';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/list/data-table.tsx';
import { ListEmpty, ListView } from '../../components/list/list-view.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls, useUrlChoice, useUrlParam } from '../../components/list/use-list-controls.ts';
import { useLessons } from './api/lessons.ts';
import { lessonColumns } from './components/lesson-columns.tsx';
import { dayHeading, lessonTimes, weekRange } from './format.ts';
import { lessonPath, PLANS_PATH } from './paths.ts';
import { addDays, dayOf, today, weekOf } from './week.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';

const FILTERS = ['all', 'open', 'finished'] as const;

/** The lessons of a week, day by day (Monday first); a row opens its lesson. */
function WeekTable({ lessons }: { lessons: LessonListItem[] }) {
  const { t } = useTranslation();
  const columns: Column<LessonListItem>[] = [
    {
      key: 'time',
      header: t('lessons.list.time'),
      nowrap: true,
      cell: (lesson) => (
        <>
          <Text size="sm">{lessonTimes(lesson)}</Text>
          <Text size="xs" c="gray.7">
            {t('lessons.minutes', { minutes: lesson.duration_minutes })}
          </Text>
        </>
      ),
    },
    {
      key: 'student',
      header: t('lessons.list.studentAndPlan'),
      cell: (lesson) => (
        <>
          <Text size="sm" fw={600}>
            {lesson.client.child_name}
          </Text>
          <Text size="xs" c="gray.7">
            {lesson.plan_title}
          </Text>
        </>
      ),
    },
    lessonColumns(t).number,
    ...lessonColumns(t).state,
  ];
  return (
    <DataTable
      framed
      highlightOnHover
      striped={false}
      label={t('lessons.list.tableLabel')}
      rows={lessons.filter((lesson) => lesson.starts_at !== null)}
      rowKey={(lesson) => lesson.id}
      columns={columns}
      minWidth={680}
      rowLink={(lesson) => lessonPath(lesson.id)}
      groups={{ of: (lesson) => dayOf(lesson.starts_at ?? ''), heading: dayHeading }}
    />
  );
}

/**
 * /lessons-list: the teacher's lessons week by week (Monday first, in the teacher's time zone),
 * all or by status (finished or not), each with its student, plan, place in the plan, time, length
 * and what is left to prepare. The week and the filter are kept in the address.
 */
export function LessonsListPage() {
  const { t } = useTranslation();
  const [week, setWeek] = useUrlParam('week');
  const monday = weekOf(week);
  const thisWeek = weekOf(today());
  const [filter, setFilter] = useUrlChoice('status', FILTERS, 'all');
  // Another week or filter starts from its first page.
  const list = useListControls({}, { firstPageOn: `${monday}:${filter}` });
  const lessons = useLessons({
    week: monday,
    status: filter === 'all' ? undefined : (filter as LessonStatus),
    page: list.page,
    per_page: PER_PAGE_MAX,
  });

  const goToWeek = (next: string) => setWeek(next === thisWeek ? null : next);

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h2">
        {t('lessons.list.title')}
      </Title>
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('lessons.list.previousWeek')}
            onClick={() => goToWeek(addDays(monday, -7))}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Title order={2} size="h4" miw={220} ta="center" aria-live="polite">
            {t('lessons.list.week', { range: weekRange(monday) })}
          </Title>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('lessons.list.nextWeek')}
            onClick={() => goToWeek(addDays(monday, 7))}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          <Button variant="default" onClick={() => goToWeek(thisWeek)} disabled={monday === thisWeek}>
            {t('lessons.list.thisWeek')}
          </Button>
        </Group>
        <StatusTabs
          label={t('lessons.list.filterLabel')}
          value={filter}
          onChange={setFilter}
          options={FILTERS.map((value) => ({ value, label: t(`lessons.list.filter.${value}`) }))}
        />
      </Group>
      <Text size="sm" c="gray.7">
        {t('lessons.list.timeZone', { zone: browserTimeZone() })}
      </Text>
      <ListView
        query={lessons}
        empty={
          <ListEmpty
            hint={
              <>
                {t('lessons.list.emptyHint')}{' '}
                <Anchor component={Link} to={PLANS_PATH} size="sm">
                  {t('lessons.list.toPlans')}
                </Anchor>
              </>
            }
          >
            {t(`lessons.list.empty.${filter}`)}
          </ListEmpty>
        }
        paging={list}
      >
        {(rows) => <WeekTable lessons={rows} />}
      </ListView>
    </Stack>
  );
}

export default LessonsListPage;
