import { GAME_ITEM_TRIES_MAX } from '@logoschool/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../api/play.ts';
import classes from './game-play.module.css';
import { ListenButton } from './listen-button.tsx';
import type { PlayItem } from './level-play.tsx';

/** A button's label wraps rather than being cut on a narrow phone. */
const WRAP = { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const, lineHeight: 1.15 } };

/**
 * A say item: the picture and the word large, its sound on a button; the adult beside the child
 * taps "Right" or "Try again".
 */
export function SayItem({
  item,
  itemTries,
  onTry,
}: {
  item: PlayItem;
  itemTries: number;
  onTry: (correct: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="center">
      <img src={mediaUrl(item.picture_url)} alt={item.word} className={classes.itemImage} draggable={false} />
      <Title order={2} size="h1" ta="center">
        {item.word}
      </Title>
      <Text fw={600}>{t('gamePlay.play.sayPrompt')}</Text>
      {item.audio_url && <ListenButton url={item.audio_url} />}
      {itemTries > 0 && (
        <Text size="sm" c="gray.8">
          {t('gamePlay.play.tryOf', { index: itemTries + 1, total: GAME_ITEM_TRIES_MAX })}
        </Text>
      )}
      <Group grow w="100%" maw={480} gap="sm">
        <Button
          size="lg"
          h={64}
          px="sm"
          color="teal.9"
          leftSection={<IconCheck size={22} aria-hidden />}
          styles={WRAP}
          onClick={() => onTry(true)}
        >
          {t('gamePlay.play.right')}
        </Button>
        <Button
          size="lg"
          h={64}
          px="sm"
          variant="default"
          leftSection={<IconRepeat size={22} aria-hidden />}
          styles={WRAP}
          onClick={() => onTry(false)}
        >
          {t('gamePlay.play.again')}
        </Button>
      </Group>
      <Text size="sm" c="gray.8" ta="center" maw={480}>
        {t('gamePlay.play.adultHint')}
      </Text>
    </Stack>
  );
}
