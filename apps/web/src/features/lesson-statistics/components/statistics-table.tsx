import type { TeacherLessonStatistic } from '@logoschool/contract';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Order = 'desc' | 'asc';

/** The rows by lessons held, most first unless asked the other way (ties by name). */
export function sortByHeld(rows: readonly TeacherLessonStatistic[], order: Order): TeacherLessonStatistic[] {
  const sign = order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => sign * (a.held - b.held) || a.teacher_name.localeCompare(b.teacher_name));
}

/** The figures per teacher, sortable by lessons held. */
export function StatisticsTable({ rows }: { rows: readonly TeacherLessonStatistic[] }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<Order>('desc');
  const Arrow = order === 'desc' ? IconArrowDown : IconArrowUp;
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lessonStats.teacher')}</Table.Th>
            <Table.Th aria-sort={order === 'desc' ? 'descending' : 'ascending'} ta="right">
              <UnstyledButton
                onClick={() => setOrder(order === 'desc' ? 'asc' : 'desc')}
                fw={700}
                fz="sm"
                aria-label={t(order === 'desc' ? 'lessonStats.sortHeldAsc' : 'lessonStats.sortHeldDesc')}
              >
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {t('lessonStats.held')}
                  <Arrow size={14} aria-hidden />
                </Group>
              </UnstyledButton>
            </Table.Th>
            <Table.Th ta="right">{t('lessonStats.finished')}</Table.Th>
            <Table.Th ta="right">{t('lessonStats.minutes')}</Table.Th>
            <Table.Th ta="right">{t('lessonStats.students')}</Table.Th>
            <Table.Th ta="right">{t('lessonStats.correct')}</Table.Th>
            <Table.Th ta="right">{t('lessonStats.incorrect')}</Table.Th>
            <Table.Th ta="right">{t('lessonStats.cued')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortByHeld(rows, order).map((row) => (
            <Table.Tr key={row.teacher_id}>
              <Table.Td>{row.teacher_name}</Table.Td>
              <Table.Td ta="right">{row.held}</Table.Td>
              <Table.Td ta="right">{row.finished}</Table.Td>
              <Table.Td ta="right">{row.minutes}</Table.Td>
              <Table.Td ta="right">{row.students}</Table.Td>
              <Table.Td ta="right">{row.correct}</Table.Td>
              <Table.Td ta="right">{row.incorrect}</Table.Td>
              <Table.Td ta="right">{row.cued}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
