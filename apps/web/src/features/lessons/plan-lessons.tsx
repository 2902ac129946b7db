import { PLAN_LESSONS, type LessonListItem } from '@logoschool/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/list/data-table.tsx';
import { ListLoading, ListView } from '../../components/list/list-view.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useLessons } from './api/lessons.ts';
import { lessonColumns } from './components/lesson-columns.tsx';
import { lessonTimes } from './format.ts';
import { lessonPath } from './paths.ts';

/**
 * A plan's lessons on its page (/edit-protocol, composed in app/): each with its date and time or
 * none yet, its length, what is left to prepare and its state; a row opens the lesson. A plan's
 * lessons are made once every block has its folder; `planUpdatedAt` asks again after a save.
 */
export function PlanLessons({ planId, planUpdatedAt }: { planId: number; planUpdatedAt: string }) {
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
      nowrap: true,
      cell: (lesson) =>
        lesson.starts_at === null ? (
          <Text span size="sm" c="gray.7">
            {t('lessons.planLessons.noDate')}
          </Text>
        ) : (
          `${formatDate(lesson.starts_at)} ${lessonTimes(lesson)}`
        ),
    },
    {
      key: 'duration',
      header: t('lessons.duration'),
      nowrap: true,
      cell: (lesson) => t('lessons.minutes', { minutes: lesson.duration_minutes }),
    },
    ...state,
  ];

  return (
    <Stack gap="md" component="section" aria-labelledby="plan-lessons-title">
      <Title order={2} size="h3" id="plan-lessons-title">
        {t('lessons.planLessons.title')}
      </Title>
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
            minWidth={720}
            rowLink={(lesson) => lessonPath(lesson.id)}
          />
        )}
      </ListView>
    </Stack>
  );
}
