import { exerciseStatusName, type Exercise } from '@logoschool/contract';
import { Paper, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/dates.ts';

/** Every status change with who and when (spec §4: a history is kept). */
export function ExerciseHistory({ exercise }: { exercise: Exercise }) {
  const { t } = useTranslation();
  const activities = exercise.activities ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="md">
        {t('exercises.history')}
      </Title>
      <Timeline active={activities.length - 1} bulletSize={14} lineWidth={2}>
        {activities.map((activity) => {
          const to = exerciseStatusName(activity.to_status_id);
          return (
            <Timeline.Item key={activity.id} title={to ? t(`exercises.statusName.${to}`) : ''}>
              <Text size="sm" c="gray.7">
                {activity.automatic
                  ? t('exercises.automatic')
                  : (activity.user?.name ?? t('exercises.someone'))}{' '}
                · {formatDateTime(activity.created_at)}
              </Text>
              {activity.comment && <Text size="sm">{activity.comment}</Text>}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
}
