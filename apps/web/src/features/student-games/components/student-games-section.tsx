import type { GameAssignment } from '@logoschool/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceGamepad2 } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { ConfirmActionModal } from '../../../components/confirm-action-modal.tsx';
import { PanelSection } from '../../../components/panel-section.tsx';
import { PublicLinkPanel } from '../../../components/public-link/public-link-panel.tsx';
import { formatDate, formatDateTime } from '../../../i18n/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  useGameLink,
  useGameLinkSubject,
  useStudentGameChange,
  useStudentGames,
} from '../api/assignments.ts';
import { GiveGameDialog } from './give-game-dialog.tsx';

/** A game's link for the child, on the kit's panel. */
function GameLink({ assignment }: { assignment: GameAssignment }) {
  const { t } = useTranslation();
  const link = useGameLink(assignment.id);
  const subject = useGameLinkSubject(assignment.id);
  return (
    <PublicLinkPanel
      link={link.data}
      subject={subject}
      canIssue
      texts={{
        label: t('studentGames.section.linkLabel'),
        hint: t('studentGames.section.linkHint'),
        none: t('studentGames.section.linkNone'),
        withdrawQuestion: t('studentGames.section.linkWithdrawQuestion'),
      }}
    />
  );
}

/** One of the student's games: how far the child is, its link, and the way to take it back. */
function StudentGame({ assignment, onTakeBack }: { assignment: GameAssignment; onTakeBack: () => void }) {
  const { t } = useTranslation();
  const { progress } = assignment;
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            {assignment.game_title}
          </Title>
          <Text size="sm" c="gray.7">
            {progress.category_name} ·{' '}
            {t('studentGames.section.assignedOn', { date: formatDate(assignment.assigned_at) })}
          </Text>
        </Group>
        <Group gap="md">
          <Text fw={600}>
            {t('studentGames.levelsDone', { done: progress.levels_done, total: progress.levels.length })}
          </Text>
          <Text>{t('studentGames.stars', { count: progress.stars })}</Text>
          <Text>{t('studentGames.plays', { count: progress.plays })}</Text>
          <Text size="sm" c="gray.7">
            {progress.last_played_at
              ? t('studentGames.lastPlayed', { date: formatDateTime(progress.last_played_at) })
              : t('studentGames.neverPlayed')}
          </Text>
        </Group>
        <GameLink assignment={assignment} />
        <Group>
          <Button variant="default" color="red" onClick={onTakeBack}>
            {t('studentGames.section.takeBack')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Games on the student's page (issue 31): the student's games, each with how far the child is and
 * its link (the public-link kit), taken back after asking; "Give a game" chooses a published one.
 */
export function StudentGamesSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const games = useStudentGames(clientId);
  const change = useStudentGameChange(clientId);
  const [giving, setGiving] = useState(false);
  const [takingBack, setTakingBack] = useState<GameAssignment | null>(null);
  const list = games.data ?? [];

  return (
    <PanelSection
      id={headingId}
      title={t('studentGames.section.title')}
      hint={t('studentGames.section.hint')}
    >
      {games.isPending && <Text c="gray.7">{t('app.loading')}</Text>}
      {games.isError && (
        <Group>
          <Alert color="red" role="alert">
            {errorTextOf(games.error)}
          </Alert>
          <Button variant="default" onClick={() => void games.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Group>
      )}
      {games.isSuccess && list.length === 0 && <Text>{t('studentGames.section.empty')}</Text>}
      {list.map((assignment) => (
        <StudentGame
          key={assignment.id}
          assignment={assignment}
          onTakeBack={() => setTakingBack(assignment)}
        />
      ))}
      <Group>
        <Button
          leftSection={<IconDeviceGamepad2 size={16} aria-hidden />}
          onClick={() => setGiving(true)}
          disabled={!games.isSuccess}
        >
          {t('studentGames.section.give')}
        </Button>
      </Group>
      <GiveGameDialog
        clientId={clientId}
        opened={giving}
        onClose={() => setGiving(false)}
        given={list.map((assignment) => assignment.game_id)}
        soundOf={list[0]?.progress.category_id ?? null}
      />
      <ConfirmActionModal
        opened={takingBack !== null}
        title={t('studentGames.section.takeBackTitle')}
        message={t('studentGames.section.takeBackQuestion')}
        confirmLabel={t('studentGames.section.takeBack')}
        onConfirm={async () => {
          if (!takingBack) return;
          await change.mutateAsync({ kind: 'takeBack', id: takingBack.id });
          notifySuccess(t('studentGames.section.takenBack'));
        }}
        onClose={() => setTakingBack(null)}
      />
    </PanelSection>
  );
}
