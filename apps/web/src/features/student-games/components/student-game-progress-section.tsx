import type { GameRecord } from '@logoschool/contract';
import { Alert, Button, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { RECORDS_PAGE_SIZE, useGameRecords, useStudentGameProgress } from '../api/progress.ts';

/** A share of 0–1 as a whole percentage; a dash before any play. */
const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

/** A play's length as minutes and seconds ("2:05"). */
export function playDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A table with its header row, scrolling sideways on a narrow screen. */
function SmallTable({ head, children, minWidth }: { head: string[]; children: ReactNode; minWidth: number }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell}>{cell}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The student's latest plays, a page at a time. */
function LatestPlays({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useGameRecords(clientId, page);
  const list: GameRecord[] = records.data?.data ?? [];
  const total = records.data?.meta.total ?? 0;
  if (records.isError) {
    return (
      <Alert color="red" role="alert">
        {errorTextOf(records.error)}
      </Alert>
    );
  }
  if (records.isSuccess && total === 0) return <Text>{t('studentGames.path.noPlays')}</Text>;
  return (
    <Stack gap="xs">
      <SmallTable
        minWidth={720}
        head={[
          t('studentGames.path.when'),
          t('studentGames.path.game'),
          t('studentGames.path.level'),
          t('studentGames.path.character'),
          t('studentGames.path.right'),
          t('studentGames.path.tries'),
          t('studentGames.path.time'),
          t('studentGames.path.starsColumn'),
        ]}
      >
        {list.map((record) => (
          <Table.Tr key={record.id}>
            <Table.Td>{formatDateTime(record.played_at)}</Table.Td>
            <Table.Td>{record.game_title}</Table.Td>
            <Table.Td>{record.level_title}</Table.Td>
            <Table.Td>{record.character_name}</Table.Td>
            <Table.Td>{t('studentGames.path.outOf', { part: record.right, total: record.items })}</Table.Td>
            <Table.Td>{record.tries}</Table.Td>
            <Table.Td>{playDuration(record.time_ms)}</Table.Td>
            <Table.Td>{record.stars}</Table.Td>
          </Table.Tr>
        ))}
      </SmallTable>
      {total > RECORDS_PAGE_SIZE && (
        <Pagination total={Math.ceil(total / RECORDS_PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
      )}
    </Stack>
  );
}

/**
 * Games on the correction path (issue 31), beside the lessons' marks: the student's progress per
 * sound and per game, and the latest plays. The results are the games', not the teacher's marks:
 * the section says so.
 */
export function StudentGameProgressSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const progress = useStudentGameProgress(clientId);
  const data = progress.data;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {t('studentGames.path.title')}
      </Title>
      {progress.isPending && <Text c="gray.7">{t('app.loading')}</Text>}
      {progress.isError && (
        <Group>
          <Alert color="red" role="alert">
            {errorTextOf(progress.error)}
          </Alert>
          <Button variant="default" onClick={() => void progress.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Group>
      )}
      {data && data.games.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text>{t('studentGames.path.empty')}</Text>
        </Paper>
      )}
      {data && data.games.length > 0 && (
        <>
          <Text size="sm" c="gray.7">
            {t('studentGames.path.intro')}
          </Text>
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="xs">
              {t('studentGames.path.sounds')}
            </Title>
            <SmallTable
              minWidth={520}
              head={[
                t('studentGames.path.sound'),
                t('studentGames.path.playsColumn'),
                t('studentGames.path.accuracy'),
                t('studentGames.path.starsColumn'),
                t('studentGames.path.when'),
              ]}
            >
              {data.sounds.map((sound) => (
                <Table.Tr key={sound.category_id}>
                  <Table.Td>{sound.category_name}</Table.Td>
                  <Table.Td>{sound.plays}</Table.Td>
                  <Table.Td>{percent(sound.accuracy)}</Table.Td>
                  <Table.Td>{sound.stars}</Table.Td>
                  <Table.Td>{sound.last_played_at ? formatDateTime(sound.last_played_at) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </SmallTable>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="xs">
              {t('studentGames.path.games')}
            </Title>
            <SmallTable
              minWidth={560}
              head={[
                t('studentGames.path.game'),
                t('studentGames.path.sound'),
                t('studentGames.path.levelsColumn'),
                t('studentGames.path.starsColumn'),
                t('studentGames.path.playsColumn'),
                t('studentGames.path.when'),
              ]}
            >
              {data.games.map((game) => (
                <Table.Tr key={game.game_id}>
                  <Table.Td>{game.title}</Table.Td>
                  <Table.Td>{game.category_name}</Table.Td>
                  <Table.Td>
                    {t('studentGames.path.outOf', { part: game.levels_done, total: game.levels.length })}
                  </Table.Td>
                  <Table.Td>{game.stars}</Table.Td>
                  <Table.Td>{game.plays}</Table.Td>
                  <Table.Td>{game.last_played_at ? formatDateTime(game.last_played_at) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </SmallTable>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="xs">
              {t('studentGames.path.plays')}
            </Title>
            <LatestPlays clientId={clientId} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
