import type { TeacherLessonStatistic } from '@logoschool/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, nextSort, type Column } from '../../../components/list/data-table.tsx';

type Order = 'desc' | 'asc';

/** The figures of a teacher's row, each a column. */
type Figure =
  | 'held'
  | 'finished'
  | 'minutes'
  | 'students'
  | 'correct'
  | 'incorrect'
  | 'cued'
  | 'free_booked'
  | 'free_held'
  | 'free_converted';

/** The rows by lessons held, most first unless asked the other way (ties by name). */
export function sortByHeld(rows: readonly TeacherLessonStatistic[], order: Order): TeacherLessonStatistic[] {
  const sign = order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => sign * (a.held - b.held) || a.teacher_name.localeCompare(b.teacher_name));
}

/** The figures per teacher, sortable by lessons held. */
export function StatisticsTable({ rows }: { rows: readonly TeacherLessonStatistic[] }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<{ by: string; order: Order }>({ by: 'held', order: 'desc' });
  const figure = (key: Figure, header: string): Column<TeacherLessonStatistic> => ({
    key,
    header,
    numeric: true,
    cell: (row) => row[key],
  });
  return (
    <DataTable
      framed
      highlightOnHover
      spacing="xs"
      rows={sortByHeld(rows, sort.order)}
      rowKey={(row) => row.teacher_id}
      minWidth={960}
      sort={{ ...sort, onSort: (by) => setSort(nextSort(sort, by)) }}
      columns={[
        { key: 'teacher', header: t('lessonStats.teacher'), cell: (row) => row.teacher_name },
        {
          ...figure('held', t('lessonStats.held')),
          sortable: true,
          sortLabel: t(sort.order === 'desc' ? 'lessonStats.sortHeldAsc' : 'lessonStats.sortHeldDesc'),
        },
        figure('finished', t('lessonStats.finished')),
        figure('minutes', t('lessonStats.minutes')),
        figure('students', t('lessonStats.students')),
        figure('correct', t('lessonStats.correct')),
        figure('incorrect', t('lessonStats.incorrect')),
        figure('cued', t('lessonStats.cued')),
        // Free lessons (issue 28): booked, held, and made students.
        figure('free_booked', t('lessonStats.freeBooked')),
        figure('free_held', t('lessonStats.freeHeld')),
        figure('free_converted', t('lessonStats.freeConverted')),
      ]}
    />
  );
}
