import { PLAN_LESSONS, type LessonListItem } from '@logoschool/contract';
import { Anchor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '../../../components/list/data-table.tsx';
import { lessonPath } from '../paths.ts';
import { LessonPrep } from './lesson-prep.tsx';
import { LessonStatusBadge } from './lesson-status-badge.tsx';

/**
 * The columns every list of lessons has: its place in the plan (the lesson's link), what is left
 * to prepare, and its state.
 */
export function lessonColumns(t: TFunction): {
  number: Column<LessonListItem>;
  state: Column<LessonListItem>[];
} {
  return {
    number: {
      key: 'lesson',
      header: t('lessons.lesson'),
      nowrap: true,
      cell: (lesson) => (
        <Anchor component={Link} to={lessonPath(lesson.id)}>
          {t('lessons.numberOf', { number: lesson.number, total: PLAN_LESSONS })}
        </Anchor>
      ),
    },
    state: [
      {
        key: 'prepare',
        header: t('lessons.list.toPrepare'),
        cell: (lesson) => <LessonPrep lesson={lesson} />,
      },
      {
        key: 'status',
        header: t('lessons.list.status'),
        cell: (lesson) => <LessonStatusBadge lesson={lesson} />,
      },
    ],
  };
}
