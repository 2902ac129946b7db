import type { GamePlay, GameProgress } from '@logoschool/contract';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconLock, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { levelStates } from '../play-rules.ts';
import classes from './game-play.module.css';
import { Stars } from './stars.tsx';

/**
 * The game's levels in order, each with its stage and best stars: the open ones to play (done ones
 * again), the locked ones shown locked, the next one marked.
 */
export function LevelStep({
  game,
  progress,
  onPlay,
  onCharacter,
}: {
  game: GamePlay;
  progress: GameProgress;
  onPlay: (levelKey: string) => void;
  onCharacter: () => void;
}) {
  const { t } = useTranslation();
  const states = levelStates(
    game.levels.map((level) => level.key),
    progress,
  );
  const levels = game.levels.map((level, index) => ({ level, index, state: states[index] }));
  const allDone = states.length > 0 && states.every((state) => state.done);
  return (
    <Paper radius="lg" p="md" className={classes.panel}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3">
            {t('gamePlay.levels.title')}
          </Title>
          <Button
            variant="default"
            size="md"
            leftSection={<IconUserCircle size={20} aria-hidden />}
            onClick={onCharacter}
          >
            {t('gamePlay.levels.character')}
          </Button>
        </Group>
        {allDone && <Text fw={600}>{t('gamePlay.levels.allDone')}</Text>}
        <SimpleGrid
          component="ol"
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {levels.map(({ level, index, state }) => {
            if (!state) return null;
            const playable = state.open && level.items.length > 0;
            return (
              <li key={level.key}>
                <UnstyledButton
                  className={`${classes.card} ${state.next && playable ? classes.next : ''}`}
                  disabled={!playable}
                  onClick={() => onPlay(level.key)}
                  aria-describedby={state.open ? undefined : `locked-${level.key}`}
                >
                  <Stack gap={4} align="center">
                    <Group gap="xs" justify="center">
                      <Text fw={700} size="lg">
                        {t('gamePlay.levels.number', { number: index + 1 })}
                      </Text>
                      {state.next && playable && (
                        <Badge color="blue.8" variant="filled">
                          {t('gamePlay.levels.next')}
                        </Badge>
                      )}
                    </Group>
                    {/* A level named as its stage ("Слова") says it once. */}
                    {level.title.trim().toLowerCase() !==
                      t(`gamePlay.stages.${level.stage}`).toLowerCase() && <Text>{level.title}</Text>}
                    <Text size="sm" c="gray.8">
                      {t(`gamePlay.stages.${level.stage}`)}
                    </Text>
                    {state.open ? (
                      <Stars count={state.stars} />
                    ) : (
                      <Group gap={4} c="gray.8">
                        <IconLock size={18} aria-hidden />
                        <Text size="sm">{t('gamePlay.levels.locked')}</Text>
                        <Text id={`locked-${level.key}`} size="sm" hidden>
                          {t('gamePlay.levels.lockedHint')}
                        </Text>
                      </Group>
                    )}
                  </Stack>
                </UnstyledButton>
              </li>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
