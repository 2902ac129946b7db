import type { Exercise } from '@logoschool/contract';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconThumbDown, IconThumbDownFilled, IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useActingFor } from '../../../session/session.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useVote } from '../api/votes.ts';

/**
 * Like and dislike, mutually exclusive toggles (spec §4). A click shows at once, here and wherever
 * else the exercise is shown (`useVote`); a refused one is undone and said why. A second click while
 * the first is under way is let go: the buttons stay enabled, so that keyboard focus stays on them.
 */
export function Votes({ exercise }: { exercise: Exercise }) {
  const { t } = useTranslation();
  const vote = useVote();
  const mayVote = useActingFor('exercises.vote') !== null;
  const send = (kind: 'like' | 'dislike') => {
    if (vote.isPending) return;
    void vote
      .mutateAsync({ exerciseId: exercise.id, vote: kind })
      .catch((error: unknown) => notifyError(t('exercises.voteFailed', { reason: errorTextOf(error) })));
  };
  const liked = exercise.own_like === 1;
  const disliked = exercise.own_like === 0;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('exercises.like')}>
        <ActionIcon
          variant="subtle"
          color={liked ? 'teal.9' : 'gray.7'}
          aria-label={t('exercises.likeOf', { title: exercise.title })}
          aria-pressed={liked}
          disabled={!mayVote}
          onClick={() => send('like')}
        >
          {liked ? <IconThumbUpFilled size={18} /> : <IconThumbUp size={18} />}
        </ActionIcon>
      </Tooltip>
      <Text size="sm" data-testid={`likes-${exercise.id}`}>
        {exercise.likes_count}
      </Text>
      <Tooltip label={t('exercises.dislike')}>
        <ActionIcon
          variant="subtle"
          color={disliked ? 'red.9' : 'gray.7'}
          aria-label={t('exercises.dislikeOf', { title: exercise.title })}
          aria-pressed={disliked}
          disabled={!mayVote}
          onClick={() => send('dislike')}
        >
          {disliked ? <IconThumbDownFilled size={18} /> : <IconThumbDown size={18} />}
        </ActionIcon>
      </Tooltip>
      <Text size="sm" data-testid={`dislikes-${exercise.id}`}>
        {exercise.dislikes_count}
      </Text>
    </Group>
  );
}
