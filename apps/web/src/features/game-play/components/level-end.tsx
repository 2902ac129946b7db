import type { GameComplete, GameCompleteInput, GamePlay, GameProgress } from '@logoschool/contract';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowRight, IconLayoutGrid, IconRepeat } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { postComplete } from '../api/play.ts';
import { levelAfter } from '../play-rules.ts';
import classes from './game-play.module.css';
import type { PlayLevel } from './level-play.tsx';
import { Stars } from './stars.tsx';

/** What a play counted, as `game/complete` takes it. */
export type PlayResult = Pick<GameCompleteInput, 'right' | 'tries' | 'time_ms'>;

type Sending =
  { state: 'sending' } | { state: 'sent'; answer: GameComplete } | { state: 'failed'; message: string };

const CONFETTI_COLORS = ['red-5', 'yellow-5', 'teal-5', 'blue-5', 'grape-5', 'orange-5'];
const CONFETTI = 12;

/**
 * The end of a level: the play is sent (its key made once: sending again after a failure sends the
 * same key), then its stars from the answer, a celebration to see (no sound needed; still under
 * reduced motion), and the ways on: the next level, the same again, the levels.
 */
export function LevelEnd({
  token,
  game,
  level,
  input,
  onProgress,
  onInvalid,
  onLevels,
  onPlay,
}: {
  token: string;
  game: GamePlay;
  level: PlayLevel;
  input: GameCompleteInput;
  onProgress: (progress: GameProgress) => void;
  onInvalid: () => void;
  onLevels: () => void;
  onPlay: (levelKey: string) => void;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<Sending>({ state: 'sending' });
  const still = useReducedMotion();
  const started = useRef(false);

  const send = useCallback(() => {
    setSending({ state: 'sending' });
    postComplete(token, input).then(
      (answer) => {
        setSending({ state: 'sent', answer });
        onProgress(answer.progress);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) onInvalid();
        else setSending({ state: 'failed', message: errorTextOf(error) });
      },
    );
  }, [token, input, onProgress, onInvalid]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    send();
  }, [send]);

  if (sending.state !== 'sent') {
    return (
      <Paper radius="lg" p="lg" className={classes.panel}>
        <Stack align="center" gap="sm" role="status">
          {sending.state === 'sending' ? (
            <>
              <Loader aria-hidden />
              <Text>{t('gamePlay.end.sending')}</Text>
            </>
          ) : (
            <>
              <Alert color="red" w="100%">
                <Text>{t('gamePlay.end.failed')}</Text>
                <Text size="sm">{sending.message}</Text>
              </Alert>
              <Button size="lg" onClick={send}>
                {t('gamePlay.end.resend')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    );
  }

  const { stars, progress } = sending.answer;
  const levelKeys = game.levels.map((one) => one.key);
  const next = levelAfter(levelKeys, level.key, progress);
  const gameDone = progress.levels.length > 0 && progress.levels.every((one) => one.done);
  return (
    <Paper
      radius="lg"
      p="lg"
      className={`${classes.panel} ${classes.celebration}`}
      data-motion={still ? 'still' : 'moving'}
      data-testid="celebration"
    >
      {stars > 0 &&
        Array.from({ length: CONFETTI }, (_, index) => (
          <span
            key={index}
            aria-hidden
            className={classes.confetti}
            style={{
              left: `${(index * 37) % 100}%`,
              background: `var(--mantine-color-${CONFETTI_COLORS[index % CONFETTI_COLORS.length]})`,
              animationDelay: `${(index % 6) * 300}ms`,
            }}
          />
        ))}
      <Stack align="center" gap="md" pos="relative">
        <Title order={2} size="h1" ta="center">
          {stars > 0 ? t('gamePlay.end.title') : t('gamePlay.end.titleNoStars')}
        </Title>
        <Stars count={stars} size={64} className={classes.bigStar} />
        <Text size="xl" fw={700} role="status">
          {t('gamePlay.stars', { count: stars })}
        </Text>
        <Text>{t('gamePlay.end.result', { right: input.right, total: level.items.length })}</Text>
        {stars === 0 && <Text>{t('gamePlay.end.noStars')}</Text>}
        {gameDone && !next && <Text fw={600}>{t('gamePlay.end.gameDone')}</Text>}
        <Group justify="center" gap="sm">
          {next && (
            <Button
              size="lg"
              rightSection={<IconArrowRight size={20} aria-hidden />}
              onClick={() => onPlay(next)}
            >
              {t('gamePlay.end.next')}
            </Button>
          )}
          <Button
            size="lg"
            variant={next ? 'default' : 'filled'}
            leftSection={<IconRepeat size={20} aria-hidden />}
            onClick={() => onPlay(level.key)}
          >
            {t('gamePlay.end.again')}
          </Button>
          <Button
            size="lg"
            variant="default"
            leftSection={<IconLayoutGrid size={20} aria-hidden />}
            onClick={onLevels}
          >
            {t('gamePlay.end.levels')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
