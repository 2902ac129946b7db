import { PER_PAGE_MAX, PLAN_LESSONS, type LessonListItem, type LessonStatus } from '@logoschool/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { useLessons } from './api/lessons.ts';
import { LessonPrep } from './components/lesson-prep.tsx';
import { LessonStatusBadge } from './components/lesson-status-badge.tsx';
import { dayHeading, lessonTimes, weekRange } from './format.ts';
import { lessonPath, PLANS_PATH } from './paths.ts';
import { addDays, dayOf, today, weekOf } from './week.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';

const FILTERS = ['all', 'open', 'finished'] as const;
type Filter = (typeof FILTERS)[number];
const isFilter = (value: string | null): value is Filter => FILTERS.includes(value as Filter);

const COLUMNS = 5;

/** The lessons of a week, day by day (Monday first); a row opens its lesson. */
function WeekTable({ lessons }: { lessons: LessonListItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const days = new Map<string, LessonListItem[]>();
  for (const lesson of lessons) {
    if (lesson.starts_at === null) continue;
    const day = dayOf(lesson.starts_at);
    days.set(day, [...(days.get(day) ?? []), lesson]);
  }
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={680}>
        <Table highlightOnHover verticalSpacing="sm" aria-label={t('lessons.list.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lessons.list.time')}</Table.Th>
              <Table.Th>{t('lessons.list.studentAndPlan')}</Table.Th>
              <Table.Th>{t('lessons.lesson')}</Table.Th>
              <Table.Th>{t('lessons.list.toPrepare')}</Table.Th>
              <Table.Th>{t('lessons.list.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          {[...days].map(([day, ofDay]) => (
            <Table.Tbody key={day}>
              <Table.Tr bg="gray.0">
                <Table.Th colSpan={COLUMNS} scope="colgroup">
                  {dayHeading(day)}
                </Table.Th>
              </Table.Tr>
              {ofDay.map((lesson) => (
                <Table.Tr
                  key={lesson.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => void navigate(lessonPath(lesson.id))}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{lessonTimes(lesson)}</Text>
                    <Text size="xs" c="gray.7">
                      {t('lessons.minutes', { minutes: lesson.duration_minutes })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {lesson.client.child_name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {lesson.plan_title}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor
                      component={Link}
                      to={lessonPath(lesson.id)}
                      onClick={(event) => event.stopPropagation()}
                    >
                      {t('lessons.numberOf', { number: lesson.number, total: PLAN_LESSONS })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <LessonPrep lesson={lesson} />
                  </Table.Td>
                  <Table.Td>
                    <LessonStatusBadge lesson={lesson} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          ))}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * /lessons-list: the teacher's lessons week by week (Monday first, in the teacher's time zone),
 * all or by status (finished or not), each with its student, plan, place in the plan, time, length
 * and what is left to prepare. The week and the filter are kept in the address.
 */
export function LessonsListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const monday = weekOf(params.get('week'));
  const thisWeek = weekOf(today());
  const requested = params.get('status');
  const filter: Filter = isFilter(requested) ? requested : 'all';
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState(`${monday}:${filter}`);
  // Another week or filter starts from its first page.
  if (shown !== `${monday}:${filter}`) {
    setShown(`${monday}:${filter}`);
    setPage(1);
  }
  const lessons = useLessons({
    week: monday,
    status: filter === 'all' ? undefined : (filter as LessonStatus),
    page,
    per_page: PER_PAGE_MAX,
  });
  const total = lessons.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE_MAX));

  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const goToWeek = (week: string) => set('week', week === thisWeek ? null : week);

  let content;
  if (lessons.isPending) {
    content = (
      <Stack gap="xs" role="status" aria-label={t('app.loading')}>
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  } else if (lessons.isError) {
    content = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorTextOf(lessons.error)}</Text>
          <Button size="xs" onClick={() => void lessons.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (lessons.data.data.length === 0) {
    content = (
      <Paper withBorder radius="md" p="xl">
        <Stack gap="xs" align="center" ta="center">
          <Text fw={600}>{t(`lessons.list.empty.${filter}`)}</Text>
          <Text size="sm" c="gray.7" maw={520}>
            {t('lessons.list.emptyHint')}{' '}
            <Anchor component={Link} to={PLANS_PATH} size="sm">
              {t('lessons.list.toPlans')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <Stack gap="md" style={{ opacity: lessons.isPlaceholderData ? 0.6 : 1 }}>
        <WeekTable lessons={lessons.data.data} />
        {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
      </Stack>
    );
  }

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
        <SegmentedControl
          aria-label={t('lessons.list.filterLabel')}
          value={filter}
          onChange={(next) => set('status', next === 'all' ? null : next)}
          data={FILTERS.map((value) => ({ value, label: t(`lessons.list.filter.${value}`) }))}
        />
      </Group>
      <Text size="sm" c="gray.7">
        {t('lessons.list.timeZone', { zone: browserTimeZone() })}
      </Text>
      {content}
    </Stack>
  );
}

export default LessonsListPage;
