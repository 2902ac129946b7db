import type { GamePlay } from '@logoschool/contract';
import { Avatar, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../api/play.ts';
import classes from './game-play.module.css';

type Character = GamePlay['characters'][number];

/** The theme's characters as big cards: the child taps the one to play with. */
export function CharacterStep({
  characters,
  onChoose,
}: {
  characters: Character[];
  onChoose: (character: Character) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper radius="lg" p="md" className={classes.panel}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('gamePlay.characters.title')}
        </Title>
        <Text>{t('gamePlay.characters.hint')}</Text>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {characters.map((character) => (
            <UnstyledButton key={character.id} className={classes.card} onClick={() => onChoose(character)}>
              <Stack gap={4} align="center">
                {character.url ? (
                  <img
                    src={mediaUrl(character.url)}
                    alt=""
                    className={classes.characterImage}
                    draggable={false}
                  />
                ) : (
                  <Avatar size={96} radius="xl" color="blue" aria-hidden>
                    {character.name.slice(0, 1)}
                  </Avatar>
                )}
                <Text fw={700} size="lg">
                  {character.name}
                </Text>
              </Stack>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
