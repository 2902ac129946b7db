import type { Exercise } from '@logoschool/contract';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';

/**
 * A content request in full, as an author reads it before taking it: what is needed, for whom, by
 * when and who asked; "Take it" when it may be taken, else why not.
 */
export function RequestDetails({
  exercise,
  onClose,
  onTake,
  taking,
}: {
  exercise: Exercise | null;
  onClose: () => void;
  /** Absent when the reader may not take requests. */
  onTake?: () => void;
  taking: boolean;
}) {
  const { t } = useTranslation();
  const request = exercise?.request;
  return (
    <Modal opened={exercise !== null} onClose={onClose} title={exercise?.title} size="lg">
      {exercise && request && (
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {t('exercises.requestBy', { name: exercise.author.name })}
          </Text>
          <Text style={{ whiteSpace: 'pre-line' }}>{request.description}</Text>
          <Text size="sm" c="gray.8">
            {t('exercises.requestFor', {
              interests: request.interests.join(', ') || '—',
              ages: request.age_categories.join(', ') || '—',
              deadline: formatDate(request.deadline),
            })}
          </Text>
          {request.overdue && (
            <Group gap="xs">
              <Badge color="red.9" size="sm">
                {t('exercises.overdue')}
              </Badge>
              <Text size="sm">{t('exercises.overdueCannotTake')}</Text>
            </Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('app.close')}
            </Button>
            {onTake && (
              <Button onClick={onTake} loading={taking} disabled={request.overdue}>
                {t('exercises.take')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
