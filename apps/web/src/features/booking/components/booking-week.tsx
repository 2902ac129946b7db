import {
  addDays,
  dayOf,
  hoursOn,
  minutesOf,
  timeIn,
  todayIso,
  weekStart,
  type BookingWeek,
  type TeacherAvailability,
} from '@logoschool/contract';
import { ActionIcon, Box, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoadFailed, ListLoading } from '../../../components/list/list-view.tsx';
import { useUrlParam } from '../../../components/list/use-list-controls.ts';
import { formatDate } from '../../../i18n/dates.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useSession } from '../../../session/session.tsx';
import { useBookingWeek } from '../api/booking.ts';

/** How tall an hour of the calendar is, in pixels. */
const HOUR_PX = 44;
/** The hours the calendar shows at least (its own items and hours may widen them). */
const FIRST_HOUR = 8;
const LAST_HOUR = 20;

type WeekItem = BookingWeek['items'][number];

const ITEM_COLOR: Record<WeekItem['kind'], string> = {
  free_lesson: 'var(--mantine-color-blue-1)',
  consultation: 'var(--mantine-color-grape-1)',
  lesson: 'var(--mantine-color-teal-1)',
};
const ITEM_BORDER: Record<WeekItem['kind'], string> = {
  free_lesson: 'var(--mantine-color-blue-7)',
  consultation: 'var(--mantine-color-grape-7)',
  lesson: 'var(--mantine-color-teal-7)',
};

/** An item placed on one day of the teacher's week: its minutes since midnight in her zone. */
interface Placed {
  item: WeekItem;
  from: number;
  to: number;
  times: string;
}

/** The week's items by the teacher's calendar day, each clipped to its day. */
function placeItems(week: BookingWeek): Map<string, Placed[]> {
  const byDay = new Map<string, Placed[]>();
  for (const item of week.items) {
    const start = new Date(item.starts_at);
    const end = new Date(item.ends_at);
    const day = dayOf(start, week.time_zone);
    const from = minutesOf(timeIn(start, week.time_zone));
    const sameDay = dayOf(end, week.time_zone) === day;
    const to = sameDay ? minutesOf(timeIn(end, week.time_zone)) : 24 * 60;
    const placed = {
      item,
      from,
      to,
      times: `${timeIn(start, week.time_zone)}–${timeIn(end, week.time_zone)}`,
    };
    byDay.set(day, [...(byDay.get(day) ?? []), placed]);
  }
  return byDay;
}

/**
 * A teacher's week as a calendar (Monday first, hours down, in the teacher's own time zone): her
 * free lessons, consultation groups and plan lessons as blocks over her hours (shaded); arrows go
 * to the week before or after; whoever sees other teachers chooses whose week it is.
 */
export function BookingWeekView({ teachers }: { teachers: TeacherAvailability[] }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [weekParam, setWeekParam] = useUrlParam('week');
  const thisWeek = weekStart(todayIso());
  const monday = weekParam && /^\d{4}-\d{2}-\d{2}$/.test(weekParam) ? weekStart(weekParam) : thisWeek;
  const own = teachers.find((teacher) => teacher.teacher_id === user?.id);
  const [chosen, setChosen] = useState<number | null>(own?.teacher_id ?? teachers[0]?.teacher_id ?? null);
  const teacherId = chosen ?? own?.teacher_id ?? teachers[0]?.teacher_id ?? null;
  const others = teachers.some((teacher) => teacher.teacher_id !== user?.id);
  const week = useBookingWeek(teacherId, monday);
  const goTo = (next: string) => setWeekParam(next === thisWeek ? null : next);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('booking.week.previous')}
            onClick={() => goTo(addDays(monday, -7))}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Title order={2} size="h4" miw={200} ta="center" aria-live="polite">
            {t('booking.week.title', { from: formatDate(monday), to: formatDate(addDays(monday, 6)) })}
          </Title>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('booking.week.next')}
            onClick={() => goTo(addDays(monday, 7))}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          <Button variant="default" onClick={() => goTo(thisWeek)} disabled={monday === thisWeek}>
            {t('booking.week.thisWeek')}
          </Button>
        </Group>
        {others && (
          <Select
            label={t('booking.list.teacher')}
            w={240}
            allowDeselect={false}
            value={teacherId === null ? null : String(teacherId)}
            onChange={(value) => setChosen(value === null ? null : Number(value))}
            data={teachers.map((teacher) => ({ value: String(teacher.teacher_id), label: teacher.name }))}
          />
        )}
      </Group>
      {teacherId === null && <Text c="gray.7">{t('booking.week.noTeacher')}</Text>}
      {week.isPending && teacherId !== null && <ListLoading height={120} count={2} />}
      {week.isError && (
        <ListLoadFailed onRetry={() => void week.refetch()}>{errorTextOf(week.error)}</ListLoadFailed>
      )}
      {week.data && <WeekCalendar week={week.data} monday={monday} />}
    </Stack>
  );
}

function WeekCalendar({ week, monday }: { week: BookingWeek; monday: string }) {
  const { t } = useTranslation();
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const placed = placeItems(week);
  const teacherHours = {
    teacherId: week.teacher_id,
    timeZone: week.time_zone,
    weekly: week.availability.weekly,
    exceptions: week.availability.exceptions,
  };
  const shaded = new Map(days.map((day) => [day, hoursOn(teacherHours, day)]));
  // The hours shown: the usual day, widened to whatever the week holds.
  const minutes = [
    ...[...placed.values()].flat().flatMap(({ from, to }) => [from, to]),
    ...[...shaded.values()].flat().flatMap(({ start, end }) => [minutesOf(start), minutesOf(end)]),
  ];
  const first = Math.min(FIRST_HOUR, ...minutes.map((minute) => Math.floor(minute / 60)));
  const last = Math.max(LAST_HOUR, ...minutes.map((minute) => Math.ceil(minute / 60)));
  const hours = Array.from({ length: last - first }, (_, index) => first + index);
  const top = (minute: number) => ((minute - first * 60) / 60) * HOUR_PX;
  const height = hours.length * HOUR_PX;

  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7">
        {t('booking.week.zone', { zone: week.time_zone })}
      </Text>
      <Group gap="md" aria-hidden>
        {(['free_lesson', 'consultation', 'lesson'] as const).map((kind) => (
          <Group key={kind} gap={6}>
            <Box w={12} h={12} bg={ITEM_COLOR[kind]} style={{ border: `1px solid ${ITEM_BORDER[kind]}` }} />
            <Text size="xs">{t(`booking.week.item.${kind}`)}</Text>
          </Group>
        ))}
        <Group gap={6}>
          <Box
            w={12}
            h={12}
            bg="var(--mantine-color-green-0)"
            style={{ border: '1px dashed var(--mantine-color-green-6)' }}
          />
          <Text size="xs">{t('booking.week.available')}</Text>
        </Group>
      </Group>
      {/* Scrolls sideways on a narrow screen: a region the keyboard can reach and scroll. */}
      <Paper
        withBorder
        radius="md"
        style={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={t('booking.week.calendar')}
      >
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: '52px repeat(7, minmax(104px, 1fr))',
            minWidth: 780,
          }}
          data-testid="week-calendar"
        >
          <Box aria-hidden style={{ gridRow: '2', position: 'relative', height }}>
            {hours.map((hour) => (
              <Text key={hour} size="xs" c="gray.7" pos="absolute" top={top(hour * 60) - 8} right={6}>
                {`${String(hour).padStart(2, '0')}:00`}
              </Text>
            ))}
          </Box>
          {days.map((day, index) => {
            const items = (placed.get(day) ?? []).sort((a, b) => a.from - b.from);
            const heading = dayjs(day).format('dd D.MM');
            return (
              <Box
                key={day}
                component="section"
                aria-label={dayjs(day).format('dddd, L')}
                style={{
                  gridColumn: index + 2,
                  gridRow: '1 / span 2',
                  display: 'grid',
                  gridTemplateRows: 'subgrid',
                }}
              >
                <Text
                  component="h3"
                  size="sm"
                  fw={700}
                  ta="center"
                  py={6}
                  m={0}
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                >
                  {heading}
                </Text>
                <Box
                  pos="relative"
                  h={height}
                  style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}
                >
                  {hours.map((hour) => (
                    <Box
                      key={hour}
                      aria-hidden
                      pos="absolute"
                      left={0}
                      right={0}
                      top={top(hour * 60)}
                      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                    />
                  ))}
                  {(shaded.get(day) ?? []).map((hours) => (
                    <Box
                      key={hours.start}
                      aria-hidden
                      pos="absolute"
                      left={2}
                      right={2}
                      top={top(minutesOf(hours.start))}
                      h={top(minutesOf(hours.end)) - top(minutesOf(hours.start))}
                      bg="var(--mantine-color-green-0)"
                      style={{ border: '1px dashed var(--mantine-color-green-6)', borderRadius: 4 }}
                    />
                  ))}
                  <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                    {items.length === 0 && (
                      <Box
                        component="li"
                        style={{
                          position: 'absolute',
                          width: 1,
                          height: 1,
                          overflow: 'hidden',
                          clip: 'rect(0 0 0 0)',
                        }}
                      >
                        {t('booking.week.nothing')}
                      </Box>
                    )}
                    {items.map(({ item, from, to, times }) => (
                      <Box
                        component="li"
                        key={`${item.kind}-${item.id}`}
                        pos="absolute"
                        left={6}
                        right={4}
                        top={top(from)}
                        h={Math.max(top(to) - top(from), 20)}
                        px={4}
                        bg={ITEM_COLOR[item.kind]}
                        style={{
                          borderLeft: `3px solid ${ITEM_BORDER[item.kind]}`,
                          borderRadius: 4,
                          overflow: 'hidden',
                          fontSize: 12,
                          lineHeight: 1.3,
                        }}
                      >
                        <span>{times}</span> <strong>{t(`booking.week.item.${item.kind}`)}</strong>
                        {item.title && <span>: {item.title}</span>}
                      </Box>
                    ))}
                  </Box>
                </Box>
              </Box>
            );
          })}
        </Box>
      </Paper>
    </Stack>
  );
}
