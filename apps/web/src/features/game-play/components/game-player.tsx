import type { GamePlay, GameProgress } from '@logoschool/contract';
import { Group, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CharacterStep } from './character-step.tsx';
import { GameScene } from './game-scene.tsx';
import { LevelPlay } from './level-play.tsx';
import { LevelStep } from './level-step.tsx';

type Character = GamePlay['characters'][number];

/** Where the child is: choosing a character, the levels, or a play of one (`round` makes each play new). */
type Step = { at: 'characters' } | { at: 'levels' } | { at: 'play'; levelKey: string; round: number };

/**
 * The child's game (issue 31): choose a character, then a level (the next open one marked, done ones
 * to play again), play it, see its stars; on a phone first, with the theme's background and props.
 */
export function GamePlayer({
  token,
  game,
  onInvalid,
}: {
  token: string;
  game: GamePlay;
  onInvalid: () => void;
}) {
  const { t } = useTranslation();
  const [character, setCharacter] = useState<Character | null>(null);
  const [progress, setProgress] = useState<GameProgress>(game.progress);
  const [step, setStep] = useState<Step>({ at: 'characters' });
  const toLevels = useCallback(() => setStep({ at: 'levels' }), []);
  const play = useCallback(
    (levelKey: string) =>
      setStep((before) => ({ at: 'play', levelKey, round: before.at === 'play' ? before.round + 1 : 0 })),
    [],
  );

  const level = step.at === 'play' ? game.levels.find((one) => one.key === step.levelKey) : undefined;
  return (
    <GameScene game={game}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={1} size="h3" c="dark.8" bg="rgb(255 255 255 / 85%)" px="xs" style={{ borderRadius: 8 }}>
          {game.title}
        </Title>
        <Text fw={600} bg="rgb(255 255 255 / 85%)" px="xs" style={{ borderRadius: 8 }}>
          {character
            ? `${game.child_name} · ${character.name}`
            : t('gamePlay.hello', { name: game.child_name })}
        </Text>
      </Group>
      {step.at === 'characters' || !character ? (
        <CharacterStep
          characters={game.characters}
          onChoose={(chosen) => {
            setCharacter(chosen);
            setStep({ at: 'levels' });
          }}
        />
      ) : step.at === 'play' && level ? (
        <LevelPlay
          key={`${level.key}-${step.round}`}
          token={token}
          game={game}
          level={level}
          characterId={character.id}
          onProgress={setProgress}
          onInvalid={onInvalid}
          onLevels={toLevels}
          onPlay={play}
        />
      ) : (
        <LevelStep
          game={game}
          progress={progress}
          onPlay={play}
          onCharacter={() => setStep({ at: 'characters' })}
        />
      )}
    </GameScene>
  );
}
