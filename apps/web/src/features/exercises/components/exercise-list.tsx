import {
  exerciseAuthorOf,
  EXERCISE_STATUS,
  EXERCISE_STATUS_TABS,
  LOCAL_KEYS,
  PER_PAGE_DEFAULT,
  exerciseStatusName,
  readExercisesFilter,
  type Exercise,
  type ExerciseStatusName,
  type ExercisesFilter,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusBadgeColor } from '../status-color.ts';
import { Link } from 'react-router';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useActingFor } from '../../../app/session.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { readLocal, writeLocal } from '../../../lib/local-storage.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useExercisePage, useTakeRequest, type ExerciseListKind } from '../api/exercises.ts';
import { Votes } from './votes.tsx';

/** The filter kept in local storage `exercises-filter` (spec §3, §9), read once per screen. */
function useStoredFilter(): [ExercisesFilter, (next: ExercisesFilter) => void] {
  const [filter, setFilter] = useState(() => readExercisesFilter(readLocal(LOCAL_KEYS.exercisesFilter)));
  const update = (next: ExercisesFilter) => {
    setFilter(next);
    writeLocal(LOCAL_KEYS.exercisesFilter, JSON.stringify(next));
  };
  return [filter, update];
}

/**
 * The exercise library by status (spec §2 /exercises and /moderator-list): a tab per status with
 * its counter after the title filter, the title search, likes, and taking a request.
 */
export function ExerciseList({ kind }: { kind: ExerciseListKind }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useStoredFilter();
  const [term, setTerm] = useState(filter.term);
  const [page, setPage] = useState(1);
  // The search applies once typing settles, and starts again from the first page.
  const applyTerm = useDebouncedCallback((value: string) => {
    const next = value.trim();
    if (next === filter.term) return;
    setFilter({ ...filter, term: next });
    setPage(1);
  }, 300);
  const changeTerm = (value: string) => {
    setTerm(value);
    applyTerm(value);
  };
  const query = useExercisePage(kind, {
    status: filter.status,
    term: filter.term,
    authorId: filter.authorId,
    page,
    per_page: PER_PAGE_DEFAULT,
  });
  const mayAuthor = useActingFor('exercises.author') !== null;
  const moderator = kind === 'moderator';

  const counters = query.data?.meta.counters;
  const rows = query.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.meta.total ?? 0) / PER_PAGE_DEFAULT));
  const tabLabel = (status: ExerciseStatusName) =>
    status === 'draft' && moderator ? t('exercises.tabs.inProgress') : t(`exercises.tabs.${status}`);

  return (
    <Stack gap="md">
      <SearchInput label={t('exercises.search')} value={term} onChange={changeTerm} width={360} />
      <Tabs
        value={filter.status}
        onChange={(value) => {
          if (!value) return;
          setFilter({ ...filter, status: value as ExerciseStatusName });
          setPage(1);
        }}
      >
        <Tabs.List>
          {EXERCISE_STATUS_TABS.map((status) => (
            <Tabs.Tab
              key={status}
              value={status}
              rightSection={
                <Badge size="sm" variant="outline" color="gray.8" aria-hidden={counters === undefined}>
                  {counters?.[EXERCISE_STATUS[status]] ?? '…'}
                </Badge>
              }
            >
              {tabLabel(status)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {query.isLoading ? (
        <Stack gap="xs" aria-label={t('app.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={44} />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            {t('exercises.loadFailed')}
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="gray.7" py="xl" ta="center">
          {emptyText(filter.status, moderator, t)}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={820}
          opacity={query.isPlaceholderData ? 0.6 : 1}
          aria-busy={query.isFetching}
        >
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('exercises.title')}</Table.Th>
                <Table.Th>{t('exercises.status')}</Table.Th>
                <Table.Th>{t('exercises.category')}</Table.Th>
                <Table.Th>{t('exercises.author')}</Table.Th>
                <Table.Th>
                  {filter.status === 'request' ? t('exercises.deadline') : t('exercises.updated')}
                </Table.Th>
                <Table.Th>{t('exercises.votes')}</Table.Th>
                {filter.status === 'request' && mayAuthor && <Table.Th aria-label={t('users.actions')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((exercise) => (
                <ExerciseRow
                  key={exercise.id}
                  exercise={exercise}
                  link={
                    kind === 'moderator'
                      ? `/moderate-exercise/${exercise.id}`
                      : exercise.status_id !== EXERCISE_STATUS.request
                        ? `/edit-exercise/${exercise.id}`
                        : null
                  }
                  showTake={filter.status === 'request' && mayAuthor}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
    </Stack>
  );
}

function emptyText(status: ExerciseStatusName, moderator: boolean, t: (key: string) => string): string {
  // Spec §6: the drafts tab says 'exercisesInProgressEmpty' to moderators, 'exercisesDraftsEmpty' to others.
  if (status === 'draft')
    return t(moderator ? 'exercises.exercisesInProgressEmpty' : 'exercises.exercisesDraftsEmpty');
  return t(`exercises.empty.${status}`);
}

function ExerciseRow({
  exercise,
  showTake,
  link,
}: {
  exercise: Exercise;
  showTake: boolean;
  /** Where the title leads: the editor for the author, the review for the moderator. */
  link: string | null;
}) {
  const { t } = useTranslation();
  const take = useTakeRequest();
  const status = exerciseStatusName(exercise.status_id);
  const person = exerciseAuthorOf(exercise).name;
  const overdue = exercise.request?.overdue === true;

  const takeIt = async () => {
    try {
      await take.mutateAsync(exercise.id);
      notifySuccess(t('exercises.taken', { title: exercise.title }));
    } catch (error) {
      notifyError(errorTextOf(error));
    }
  };

  return (
    <Table.Tr>
      <Table.Td>
        {link ? (
          <Anchor component={Link} to={link} fw={600}>
            {exercise.title}
          </Anchor>
        ) : (
          <Text fw={600}>{exercise.title}</Text>
        )}
        {exercise.request && (
          <Text size="sm" c="gray.7" lineClamp={2}>
            {exercise.request.description}
          </Text>
        )}
        {exercise.tags.length > 0 && (
          <Group gap={4} mt={4}>
            {exercise.tags.map((tag) => (
              <Badge key={tag.id} size="xs" variant="outline" color="gray.8">
                {tag.name}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        {status && (
          <Badge color={statusBadgeColor(status)} size="sm" autoContrast>
            {t(`exercises.statusName.${status}`)}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{exercise.category?.name ?? '—'}</Table.Td>
      <Table.Td>{person}</Table.Td>
      <Table.Td>
        {exercise.request && status === 'request' ? (
          <Stack gap={2}>
            {formatDate(exercise.request.deadline)}
            {overdue && (
              <Badge color="red.9" size="xs">
                {t('exercises.overdue')}
              </Badge>
            )}
          </Stack>
        ) : (
          formatDate(exercise.updated_at)
        )}
      </Table.Td>
      <Table.Td>
        <Votes exercise={exercise} />
      </Table.Td>
      {showTake && (
        <Table.Td>
          <Button size="xs" onClick={() => void takeIt()} loading={take.isPending} disabled={overdue}>
            {t('exercises.take')}
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
