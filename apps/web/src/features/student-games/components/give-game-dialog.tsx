import { LANGUAGES, type GameListItem, type Language } from '@logoschool/contract';
import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryChoices } from '../../../api/categories.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  GIVE_PAGE_SIZE,
  usePublishedGames,
  useStudent,
  useStudentGameChange,
  type GameFilter,
} from '../api/assignments.ts';

/**
 * The dialog to give a published game to the student: the games filtered by the child's language
 * (the student's, preset) and the sound (preset from the student's latest game), each given with
 * one tap, which makes its link too.
 */
export function GiveGameDialog({
  clientId,
  opened,
  onClose,
  given,
  soundOf,
}: {
  clientId: number;
  opened: boolean;
  onClose: () => void;
  /** The games the student already has. */
  given: number[];
  /** The sound (category) to start from: the student's latest game's, or null. */
  soundOf: number | null;
}) {
  const { t } = useTranslation();
  const student = useStudent(clientId);
  return (
    <Modal opened={opened} onClose={onClose} title={t('studentGames.give.title')} size="lg">
      {student.isPending && <Text c="gray.7">{t('app.loading')}</Text>}
      {student.isError && (
        <Alert color="red" role="alert">
          {errorTextOf(student.error)}
        </Alert>
      )}
      {student.data && (
        <GameChoice
          clientId={clientId}
          initial={{ language: student.data.language, category_id: soundOf, term: '' }}
          given={given}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function GameChoice({
  clientId,
  initial,
  given,
  onClose,
}: {
  clientId: number;
  initial: GameFilter;
  given: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language | null>(initial.language);
  const [categoryId, setCategoryId] = useState<number | null>(initial.category_id);
  const [term, setTerm] = useState(initial.term);
  const [debouncedTerm] = useDebouncedValue(term, 300);
  const games = usePublishedGames({ language, category_id: categoryId, term: debouncedTerm });
  const sounds = useCategoryChoices();
  const change = useStudentGameChange(clientId);
  const [problem, setProblem] = useState<string | null>(null);
  const [giving, setGiving] = useState<number | null>(null);

  const give = async (game: GameListItem) => {
    setProblem(null);
    setGiving(game.id);
    try {
      await change.mutateAsync({ kind: 'give', gameId: game.id });
      notifySuccess(t('studentGames.give.given', { title: game.title }));
      onClose();
    } catch (error) {
      setProblem(errorTextOf(error));
    } finally {
      setGiving(null);
    }
  };

  const list = games.data?.data ?? [];
  const total = games.data?.meta.total ?? 0;
  return (
    <Stack gap="sm">
      <Group grow align="flex-end" gap="sm">
        <Select
          label={t('studentGames.give.language')}
          placeholder={t('studentGames.give.allLanguages')}
          data={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          value={language}
          onChange={(value) => setLanguage(value as Language | null)}
          clearable
        />
        <Select
          label={t('studentGames.give.sound')}
          placeholder={t('studentGames.give.allSounds')}
          data={sounds.data ?? []}
          value={categoryId === null ? null : String(categoryId)}
          onChange={(value) => setCategoryId(value === null ? null : Number(value))}
          clearable
          searchable
        />
      </Group>
      <TextInput
        label={t('studentGames.give.search')}
        value={term}
        onChange={(event) => setTerm(event.currentTarget.value)}
      />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {games.isError && (
        <Alert color="red" role="alert">
          {errorTextOf(games.error)}
        </Alert>
      )}
      {games.isPending && <Text c="gray.7">{t('app.loading')}</Text>}
      {games.isSuccess && list.length === 0 && <Text>{t('studentGames.give.none')}</Text>}
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-busy={games.isFetching}>
        {list.map((game) => {
          const has = given.includes(game.id);
          return (
            <Paper component="li" key={game.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2}>
                  <Text fw={600}>{game.title}</Text>
                  <Text size="sm" c="gray.7">
                    {[
                      game.category_name,
                      t(`languages.${game.language}`),
                      t('studentGames.give.levels', { count: game.levels }),
                      game.modes.map((mode) => t(`studentGames.give.modes.${mode}`)).join(', '),
                    ].join(' · ')}
                  </Text>
                </Stack>
                {has ? (
                  <Badge variant="light" color="gray.7" tt="none">
                    {t('studentGames.give.has')}
                  </Badge>
                ) : (
                  <Button
                    onClick={() => void give(game)}
                    loading={giving === game.id}
                    disabled={giving !== null && giving !== game.id}
                    aria-label={t('studentGames.give.actionFor', { title: game.title })}
                  >
                    {t('studentGames.give.action')}
                  </Button>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {total > GIVE_PAGE_SIZE && (
        <Text size="sm" c="gray.7">
          {t('studentGames.give.more', { shown: GIVE_PAGE_SIZE, total })}
        </Text>
      )}
    </Stack>
  );
}
