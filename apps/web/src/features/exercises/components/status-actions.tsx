import {
  EXERCISE_COMMENT_MAX,
  commentRequired,
  exerciseStatusName,
  type Exercise,
  type ExerciseStatusName,
} from '@logoschool/contract';
import { Alert, Button, Group, Modal, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf, fieldErrorsOf } from '../../../api/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangeStatus } from '../api/exercise.ts';

/** The moves the caller may make from here (spec §4), each a button; declining asks for a comment. */
export function StatusActions({
  exercise,
  targets,
  onProblems,
}: {
  exercise: Exercise;
  targets: ExerciseStatusName[];
  /** The reasons a move is refused that belong to the form's fields (a missing category, tags…). */
  onProblems: (problems: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const change = useChangeStatus();
  const [failure, setFailure] = useState<string | null>(null);
  const [commenting, setCommenting] = useState<ExerciseStatusName | null>(null);
  const [comment, setComment] = useState('');
  if (targets.length === 0) return null;

  const move = async (status: ExerciseStatusName, withComment?: string) => {
    setFailure(null);
    try {
      const moved = await change.mutateAsync({ id: exercise.id, status, comment: withComment });
      // Auto-moderation may have moved a submission on at once (decision 006).
      const landed = exerciseStatusName(moved.status_id);
      if (landed === 'declined' && status !== 'declined') {
        notifyError(t('autoModeration.movedDeclined', { title: exercise.title }));
      } else if (landed === 'accepted' && status !== 'accepted') {
        notifySuccess(t('autoModeration.movedAccepted', { title: exercise.title }));
      } else {
        notifySuccess(t(`exercises.moved.${status}`, { title: exercise.title }));
      }
      setCommenting(null);
      setComment('');
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField) onProblems(byField);
      setFailure(errorTextOf(error));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('exercises.nextStep')}
        </Title>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          {targets.map((status) => (
            <Button
              key={status}
              variant={status === 'moderation' || status === 'accepted' ? 'filled' : 'default'}
              loading={change.isPending && change.variables?.status === status}
              onClick={() => (commentRequired(status) ? setCommenting(status) : void move(status))}
            >
              {t(`exercises.moveTo.${status}`)}
            </Button>
          ))}
        </Group>
      </Stack>
      <Modal
        opened={commenting !== null}
        onClose={() => setCommenting(null)}
        title={t('exercises.commentTitle')}
      >
        <Stack>
          <Textarea
            label={t('exercises.comment')}
            value={comment}
            maxLength={EXERCISE_COMMENT_MAX}
            autosize
            minRows={3}
            onChange={(event) => setComment(event.currentTarget.value)}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCommenting(null)}>
              {t('actions.cancel')}
            </Button>
            <Button
              disabled={!comment.trim()}
              loading={change.isPending}
              onClick={() => commenting && void move(commenting, comment.trim())}
            >
              {commenting ? t(`exercises.moveTo.${commenting}`) : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
