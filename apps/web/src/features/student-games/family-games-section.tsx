import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.ts';
import { useFamilyGames } from './api/progress.ts';

/**
 * Games on the family's dashboard (issue 31), by the dashboard link's token: each of the child's
 * games with its link and how far the child is. The dashboard's page gives it its token and the
 * child's language.
 */
export function FamilyGamesSection({ token }: { token: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const games = useFamilyGames(token);

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {t('studentGames.family.title')}
      </Title>
      {games.isError && (
        <Alert color="red" role="alert">
          {t('studentGames.family.failed')}
        </Alert>
      )}
      {games.data && games.data.games.length === 0 && <Text>{t('studentGames.family.empty')}</Text>}
      {games.data?.games.map((game) => (
        <Paper key={game.url} withBorder radius="md" p="md">
          <Stack gap={4}>
            <Anchor href={game.url} fw={600} size="lg">
              {t('studentGames.family.open', { title: game.title })}
            </Anchor>
            <Text size="sm">
              {t('studentGames.levelsDone', { done: game.levels_done, total: game.levels })} ·{' '}
              {t('studentGames.stars', { count: game.stars })}
            </Text>
            <Text size="sm" c="gray.7">
              {game.last_played_at
                ? t('studentGames.lastPlayed', { date: formatDateTime(game.last_played_at) })
                : t('studentGames.neverPlayed')}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
