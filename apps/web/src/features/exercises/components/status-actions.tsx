import {
  EXERCISE_COMMENT_MAX,
  allowedTransitions,
  changesVerdict,
  commentRequired,
  exerciseStatusName,
  type Exercise,
  type ExerciseActor,
  type ExerciseStatusName,
} from '@logoschool/contract';
import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf, fieldErrorsOf } from '../../../api/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangeStatus } from '../api/exercise.ts';
import { useGenerated } from '../api/generated.ts';

/**
 * What a refused move can be about, by the field the API names it on (`presentation`,
 * `category_id`…), each with its value now; `''` stands for the exercise as a whole (a refusal that
 * names no field). A refusal goes as soon as the thing it is about changes.
 */
export type Watched = Record<string, string>;

interface Refusal {
  /** Each reason, with the field it is about (`''`: the move as a whole). */
  problems: { field: string; message: string }[];
  /** The watched values when the move was refused. */
  seen: Watched;
}

const valueOf = (watched: Watched, field: string) => watched[field] ?? watched[''];

/** The reasons of a refusal that still hold: those whose thing has not changed since. */
export function standingProblems(refusal: Refusal | null, now: Watched): string[] {
  if (!refusal) return [];
  return refusal.problems
    .filter(({ field }) => valueOf(now, field) === valueOf(refusal.seen, field))
    .map(({ message }) => message);
}

/** Moves whose dialog says what follows (the verdicts and taking one back). */
const EXPLAINED = new Set([
  'moderation_declined',
  'accepted_declined',
  'declined_moderation',
  'declined_accepted',
  'accepted_moderation',
]);

/** What happens next, said on the card, by who the caller is and where the exercise stands. */
function nextStepHint(status: ExerciseStatusName, actors: readonly ExerciseActor[]): string | null {
  if (actors.includes('owner') && status === 'declined') return 'exercises.next.ownerDeclined';
  if (actors.includes('moderator') && (status === 'declined' || status === 'accepted')) {
    return `exercises.next.moderator.${status}`;
  }
  return null;
}

/**
 * The moves the caller may make from here (spec §4), each a button, with a line on what happens
 * next. Declining asks for a comment; a moderator taking a verdict back (a declined or accepted
 * exercise back to moderation, a decline into an approval) confirms it first, told what follows.
 */
export function StatusActions({
  exercise,
  actors,
  watched,
  onProblems,
}: {
  exercise: Exercise;
  actors: readonly ExerciseActor[];
  /** The current values of what a refusal can be about (see `Watched`). */
  watched: Watched;
  /** The reasons a move is refused that belong to the form's fields (a missing category, tags…). */
  onProblems: (problems: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const change = useChangeStatus();
  const from = exerciseStatusName(exercise.status_id);
  const moderates = actors.includes('moderator');
  // Only a moderator's confirmation of taking an approval back counts the themed versions.
  const versions = useGenerated(exercise.id, moderates && from === 'accepted');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [asking, setAsking] = useState<ExerciseStatusName | null>(null);
  const [comment, setComment] = useState('');
  if (!from) return null;
  const targets = allowedTransitions(from, actors);
  const hint = nextStepHint(from, actors);
  if (targets.length === 0 && !hint) return null;

  const reopens = (to: ExerciseStatusName) => to === 'moderation' && changesVerdict(from, to, actors);
  const labelOf = (to: ExerciseStatusName) =>
    reopens(to) ? t('exercises.reviewAgain') : t(`exercises.moveTo.${to}`);
  const asks = (to: ExerciseStatusName) => commentRequired(to) || changesVerdict(from, to, actors);
  const problems = standingProblems(refusal, watched);

  const move = async (status: ExerciseStatusName, withComment?: string) => {
    setRefusal(null);
    try {
      const moved = await change.mutateAsync({ id: exercise.id, status, comment: withComment || undefined });
      // Auto-moderation may have moved a submission on at once (decision 006).
      const landed = exerciseStatusName(moved.status_id);
      if (landed === 'declined' && status !== 'declined') {
        notifyError(t('autoModeration.movedDeclined', { title: exercise.title }));
      } else if (landed === 'accepted' && status !== 'accepted') {
        notifySuccess(t('autoModeration.movedAccepted', { title: exercise.title }));
      } else if (reopens(status)) {
        notifySuccess(t('exercises.reopened', { title: exercise.title }));
      } else {
        notifySuccess(t(`exercises.moved.${status}`, { title: exercise.title }));
      }
      setAsking(null);
      setComment('');
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField) onProblems(byField);
      setAsking(null);
      setRefusal({
        problems: byField
          ? Object.entries(byField).map(([field, message]) => ({ field, message }))
          : [{ field: '', message: errorTextOf(error) }],
        seen: watched,
      });
    }
  };

  const explained = asking !== null && EXPLAINED.has(`${from}_${asking}`);
  const versionCount = versions.data?.length ?? 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="next-step-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="next-step-title">
          {t('exercises.nextStep')}
        </Title>
        {hint && (
          <Text size="sm" c="gray.8">
            {t(hint)}
          </Text>
        )}
        {problems.length > 0 && (
          <Alert color="red" role="alert">
            {problems.length === 1 ? (
              problems[0]
            ) : (
              <List size="sm">
                {problems.map((problem) => (
                  <List.Item key={problem}>{problem}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group>
          {targets.map((status) => (
            <Button
              key={status}
              variant={
                !changesVerdict(from, status, actors) && (status === 'moderation' || status === 'accepted')
                  ? 'filled'
                  : 'default'
              }
              loading={change.isPending && change.variables?.status === status}
              onClick={() => (asks(status) ? setAsking(status) : void move(status))}
            >
              {labelOf(status)}
            </Button>
          ))}
        </Group>
      </Stack>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={
          asking === null
            ? ''
            : commentRequired(asking)
              ? t('exercises.commentTitle')
              : t(`exercises.verdict.title.${asking}`, { title: exercise.title })
        }
      >
        {asking !== null && (
          <Stack>
            {explained && <Text size="sm">{t(`exercises.verdict.explain.${from}_${asking}`)}</Text>}
            {from === 'accepted' && versionCount > 0 && (
              <Text size="sm">{t('exercises.verdict.themedKept', { count: versionCount })}</Text>
            )}
            {changesVerdict(from, asking, actors) && (
              <Text size="sm" c="gray.7">
                {t('exercises.verdict.inHistory')}
              </Text>
            )}
            <Textarea
              label={t(commentRequired(asking) ? 'exercises.comment' : 'exercises.commentOptional')}
              value={comment}
              maxLength={EXERCISE_COMMENT_MAX}
              autosize
              minRows={3}
              onChange={(event) => setComment(event.currentTarget.value)}
              required={commentRequired(asking)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                {t('actions.cancel')}
              </Button>
              <Button
                disabled={commentRequired(asking) && !comment.trim()}
                loading={change.isPending}
                onClick={() => void move(asking, comment.trim())}
              >
                {labelOf(asking)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
