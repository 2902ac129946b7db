import { PLAN_LESSONS, type LessonListItem } from '@logoschool/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/list/data-table.tsx';
import { ListLoading, ListView } from '../../components/list/list-view.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useLessons } from './api/lessons.ts';
import { lessonColumns } from './components/lesson-columns.tsx';
import { lessonTimes } from './format.ts';
import { lessonPath } from './paths.ts';

/**
 * A plan's lessons on its page (/edit-protocol, composed in app/): each with its date and time (its
 * length in the span) or none yet, what is left to prepare and its state; a row opens the lesson.
 * It fits a narrow window without a sideways scroll: cells wrap. A plan's lessons are made once
 * every block has its folder; `planUpdatedAt` asks again after a save. `actions` (next to the
 * title) and `rowAction` (a last column) come from another feature, composed in app/.
 */
export function PlanLessons({
  planId,
  planUpdatedAt,
  actions,
  rowAction,
}: {
  planId: number;
  planUpdatedAt: string;
  actions?: ReactNode;
  rowAction?: (lesson: LessonListItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const lessons = useLessons(
    { protocol_id: planId, page: 1, per_page: PLAN_LESSONS },
    { freshness: planUpdatedAt },
  );
  const { number, state } = lessonColumns(t);
  const columns: Column<LessonListItem>[] = [
    number,
    {
      key: 'when',
      header: t('lessons.planLessons.when'),
      cell: (lesson) =>
        lesson.starts_at === null ? (
          <Text span size="sm" c="gray.7">
            {t('lessons.planLessons.noDate')}
          </Text>
        ) : (
          <>
            <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(lesson.starts_at)}
            </Text>{' '}
            <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
              {lessonTimes(lesson)}
            </Text>
          </>
        ),
    },
    ...state,
    ...(rowAction
      ? [{ key: 'action', header: t('lessons.planLessons.actions'), hiddenHeader: true, cell: rowAction }]
      : []),
  ];

  return (
    <Stack gap="md" component="section" aria-labelledby="plan-lessons-title">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3" id="plan-lessons-title">
          {t('lessons.planLessons.title')}
        </Title>
        {actions}
      </Group>
      <ListView
        query={lessons}
        loading={<ListLoading height={36} count={2} />}
        empty={
          <Text c="gray.7" size="sm">
            {t('lessons.planLessons.none')}
          </Text>
        }
      >
        {(rows) => (
          <DataTable
            framed
            highlightOnHover
            striped={false}
            spacing="xs"
            label={t('lessons.planLessons.title')}
            rows={rows.sort((a, b) => a.number - b.number)}
            rowKey={(lesson) => lesson.id}
            columns={columns}
            rowLink={(lesson) => lessonPath(lesson.id)}
          />
        )}
      </ListView>
    </Stack>
  );
}
