import { useReducedMotion } from '@mantine/hooks';
import { SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../api/play.ts';
import { findChoices } from '../play-rules.ts';
import classes from './game-play.module.css';
import { ListenButton } from './listen-button.tsx';
import type { PlayItem } from './level-play.tsx';

/** How long a wrong picture shakes. */
const SHAKE_MS = 400;

/**
 * A find item: the word (and its sound on a button), and 2–4 pictures of the level in a random order,
 * the right one among them; the child taps one (or presses its number). A wrong one shakes gently
 * (stays still under reduced motion) and the child tries again.
 */
export function FindItem({
  item,
  levelItems,
  onTry,
}: {
  item: PlayItem;
  levelItems: PlayItem[];
  onTry: (correct: boolean) => void;
}) {
  const { t } = useTranslation();
  const still = useReducedMotion();
  // Chosen once for the item: a re-render never moves the pictures under the child's finger.
  const [choices] = useState(() => findChoices(item, levelItems));
  const [wrong, setWrong] = useState<string[]>([]);
  const [shaking, setShaking] = useState<string | null>(null);

  useEffect(() => {
    if (shaking === null) return;
    const timer = window.setTimeout(() => setShaking(null), SHAKE_MS);
    return () => window.clearTimeout(timer);
  }, [shaking]);

  const choose = (choice: PlayItem) => {
    const correct = choice.key === item.key;
    if (!correct) {
      setWrong((before) => [...before, choice.key]);
      if (!still) setShaking(choice.key);
    }
    onTry(correct);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea')) return;
      const choice = choices[Number(event.key) - 1];
      if (!choice || !/^[1-9]$/.test(event.key)) return;
      event.preventDefault();
      choose(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Stack gap="sm" align="center">
      <Text fw={600}>{t('gamePlay.play.findPrompt')}</Text>
      <Title order={2} size="h1" ta="center">
        {item.word}
      </Title>
      {item.audio_url && <ListenButton url={item.audio_url} />}
      <SimpleGrid cols={2} spacing="sm" w="100%" maw={560}>
        {choices.map((choice, index) => {
          const missed = wrong.includes(choice.key);
          return (
            <UnstyledButton
              key={choice.key}
              className={[
                classes.card,
                missed ? classes.wrong : '',
                shaking === choice.key ? classes.shake : '',
              ]
                .filter(Boolean)
                .join(' ')}
              data-wrong={missed || undefined}
              data-shaking={shaking === choice.key || undefined}
              aria-label={t('gamePlay.play.choice', { index: index + 1, label: choice.word })}
              onClick={() => choose(choice)}
            >
              <img
                src={mediaUrl(choice.picture_url)}
                alt=""
                className={classes.choiceImage}
                draggable={false}
              />
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Text size="sm" c="gray.8" role="status" mih={22}>
        {wrong.length > 0 ? t('gamePlay.play.wrong') : ''}
      </Text>
      <Text size="xs" c="gray.8" visibleFrom="sm">
        {t('gamePlay.play.keysHint', { last: choices.length })}
      </Text>
    </Stack>
  );
}
