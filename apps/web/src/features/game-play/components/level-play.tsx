import type { GamePlay, GameProgress } from '@logoschool/contract';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NEW_RUN, afterTry, playTime, type LevelRun } from '../play-rules.ts';
import { FindItem } from './find-item.tsx';
import classes from './game-play.module.css';
import { LevelEnd, type PlayResult } from './level-end.tsx';
import { SayItem } from './say-item.tsx';

export type PlayLevel = GamePlay['levels'][number];
export type PlayItem = PlayLevel['items'][number];

/**
 * One play of a level: its items one at a time with how far the child is ("3 of 8"), counted by the
 * contract's rules, then its end. The play's key is made once, when it starts: sending its end again
 * sends the same key.
 */
export function LevelPlay({
  token,
  game,
  level,
  characterId,
  onProgress,
  onInvalid,
  onLevels,
  onPlay,
}: {
  token: string;
  game: GamePlay;
  level: PlayLevel;
  characterId: number;
  onProgress: (progress: GameProgress) => void;
  onInvalid: () => void;
  onLevels: () => void;
  onPlay: (levelKey: string) => void;
}) {
  const { t } = useTranslation();
  const [key] = useState(() => crypto.randomUUID());
  const [startedAt] = useState(() => Date.now());
  const [run, setRun] = useState<LevelRun>(NEW_RUN);
  const [result, setResult] = useState<PlayResult | null>(null);
  const total = level.items.length;

  const onTry = (correct: boolean) => {
    const next = afterTry(run, correct);
    setRun(next);
    if (next.index >= total) {
      setResult({ right: next.right, tries: next.tries, time_ms: playTime(startedAt, Date.now()) });
    }
  };

  if (result) {
    return (
      <LevelEnd
        token={token}
        game={game}
        level={level}
        input={{
          key,
          version: game.version,
          level_key: level.key,
          character_asset_id: characterId,
          ...result,
        }}
        onProgress={onProgress}
        onInvalid={onInvalid}
        onLevels={onLevels}
        onPlay={onPlay}
      />
    );
  }

  const item = level.items[run.index];
  if (!item) return null;
  return (
    <Paper radius="lg" p="md" className={classes.panel}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button
            variant="default"
            size="md"
            leftSection={<IconLayoutGrid size={18} aria-hidden />}
            onClick={onLevels}
          >
            {t('gamePlay.play.levels')}
          </Button>
          <Text fw={700} size="lg" aria-live="polite">
            {t('gamePlay.play.progress', { index: run.index + 1, total })}
          </Text>
        </Group>
        <Progress value={(run.index / total) * 100} size="md" radius="xl" aria-hidden />
        <Text size="sm" c="gray.8">
          {level.title}
        </Text>
        {item.mode === 'say' ? (
          <SayItem key={`${item.key}-${run.index}`} item={item} itemTries={run.itemTries} onTry={onTry} />
        ) : (
          <FindItem key={`${item.key}-${run.index}`} item={item} levelItems={level.items} onTry={onTry} />
        )}
      </Stack>
    </Paper>
  );
}
