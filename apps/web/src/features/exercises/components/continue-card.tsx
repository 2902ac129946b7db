import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestExercise } from '../api/latest.ts';

/**
 * "Continue where you left off" (spec §7 exercises/latest): the exercise the author opened last,
 * one click away. Nothing shows while there is none. The button is named "Continue", not after the
 * exercise, so that it is not taken for the list's link to the same exercise.
 */
export function ContinueCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const latest = useLatestExercise(true);
  if (!latest.data) return null;
  const exercise = latest.data;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t('exercises.continue.label')}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" style={{ minWidth: 0 }} truncate="end">
          <Text span size="sm" c="gray.7">
            {t('exercises.continue.label')}:
          </Text>{' '}
          <Text span size="sm" fw={500} id={titleId}>
            {exercise.title}
          </Text>
        </Text>
        <Button
          component={Link}
          to={`/edit-exercise/${exercise.id}`}
          variant="light"
          size="xs"
          rightSection={<IconArrowRight size={14} />}
          aria-describedby={titleId}
          style={{ flexShrink: 0 }}
        >
          {t('exercises.continue.open')}
        </Button>
      </Group>
    </Paper>
  );
}
