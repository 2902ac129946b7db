import {
  EXERCISE_COUNT_CAP,
  EXERCISE_STATUS,
  EXERCISE_STATUS_TABS,
  LOCAL_KEYS,
  PER_PAGE_DEFAULT,
  exerciseActors,
  mayDeleteExercise,
  readExercisesFilter,
  type Exercise,
  type ExerciseStatusName,
  type ExercisesFilter,
} from '@logoschool/contract';
import { Checkbox, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActingFor, useSession } from '../../../session/session.tsx';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListView } from '../../../components/list/list-view.tsx';
import { StatusTabs } from '../../../components/list/status-tabs.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { readLocal, writeLocal } from '../../../lib/local-storage.ts';
import { useExerciseAuthors } from '../api/authors.ts';
import { useDeleteExercise } from '../api/bulk.ts';
import { useExercisePage, type ExerciseListKind } from '../api/exercises.ts';
import { ExerciseBulkActions } from './exercise-list-bulk.tsx';
import { ExerciseListRow } from './exercise-list-row.tsx';

/** The filter kept in local storage `exercises-filter` (spec §3, §9), read once per screen. */
function useStoredFilter(): [ExercisesFilter, (next: ExercisesFilter) => void] {
  const [filter, setFilter] = useState(() => readExercisesFilter(readLocal(LOCAL_KEYS.exercisesFilter)));
  const update = (next: ExercisesFilter) => {
    setFilter(next);
    writeLocal(LOCAL_KEYS.exercisesFilter, JSON.stringify(next));
  };
  return [filter, update];
}

/** Whether the signed-in user may delete an exercise (the contract's record rule; the server decides). */
function useMayDelete(): (exercise: Exercise) => boolean {
  const { role, user } = useSession();
  return (exercise) =>
    role !== null &&
    user !== null &&
    mayDeleteExercise(
      exerciseActors(role, user.id, { author_id: exercise.author.id, assigned_id: exercise.assigned_id }),
      {
        author_id: exercise.author.id,
        assigned_id: exercise.assigned_id,
        status_id: exercise.status_id,
        read_only: exercise.read_only,
      },
    );
}

/**
 * The exercise library by status (spec §2 /exercises and /moderator-list): a tab per status with
 * its counter after the title and author filters (spec §4), the title search and the author filter
 * (kept with the tab in `exercises-filter`), likes, taking a request, deleting one from its row's
 * menu, and on the moderator's list bulk actions on the rows selected on the page.
 */
export function ExerciseList({ kind }: { kind: ExerciseListKind }) {
  const { t } = useTranslation();
  const [filter, setStoredFilter] = useStoredFilter();
  const [term, setTerm] = useState(filter.term);
  const [page, setPageNumber] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const moderator = kind === 'moderator';
  const authors = useExerciseAuthors(kind);
  const remove = useDeleteExercise();
  const mayDelete = useMayDelete();
  const mayAuthor = useActingFor('exercises.author') !== null;

  // A new tab, search, author or page shows other rows: what was selected is let go.
  const setFilter = (next: ExercisesFilter) => {
    setStoredFilter(next);
    setPageNumber(1);
    setSelected(new Set());
  };
  const setPage = (next: number) => {
    setPageNumber(next);
    setSelected(new Set());
  };
  // The search applies once typing settles, and starts again from the first page.
  const applyTerm = useDebouncedCallback((value: string) => {
    const next = value.trim();
    if (next === filter.term) return;
    setFilter({ ...filter, term: next });
  }, 300);
  const changeTerm = (value: string) => {
    setTerm(value);
    applyTerm(value);
  };
  // A kept author whom the list no longer has (their exercises are gone) narrows nothing.
  const authorId =
    filter.authorId !== null &&
    authors.isSuccess &&
    !authors.data.some((option) => option.value === String(filter.authorId))
      ? null
      : filter.authorId;

  const query = useExercisePage(kind, {
    status: filter.status,
    term: filter.term,
    authorId,
    page,
    per_page: PER_PAGE_DEFAULT,
  });

  const counters = query.data?.meta.counters;
  // Past the cap a search's counters are lower bounds (issue 13): each says so with a "+".
  const capped = query.data?.meta.capped ?? false;
  const rows = query.data?.data ?? [];
  const tabLabel = (status: ExerciseStatusName) =>
    status === 'draft' && moderator ? t('exercises.tabs.inProgress') : t(`exercises.tabs.${status}`);
  const showTake = filter.status === 'request' && mayAuthor;
  const actionsColumn = showTake || rows.some(mayDelete);
  // Only rows still shown count as selected (after a refetch some may be gone).
  const chosen = rows.filter((exercise) => selected.has(exercise.id)).map((exercise) => exercise.id);
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const select = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <SearchInput label={t('exercises.search')} value={term} onChange={changeTerm} width={360} />
        <Select
          aria-label={t('exercises.authorFilter')}
          placeholder={t('exercises.authorAll')}
          data={authors.data ?? []}
          value={authorId === null ? null : String(authorId)}
          onChange={(value) => setFilter({ ...filter, authorId: value === null ? null : Number(value) })}
          error={authors.isError ? t('exercises.authorsFailed') : undefined}
          nothingFoundMessage={t('exercises.nothingFound')}
          // Mantine hides the clear button from keyboards and screen readers; this one is named and reachable.
          clearButtonProps={{ 'aria-label': t('exercises.authorClear'), 'aria-hidden': false, tabIndex: 0 }}
          searchable
          clearable
          w="100%"
          maw={280}
        />
      </Group>
      <StatusTabs
        tabs
        capped={capped}
        label={t('exercises.statusTabs')}
        value={filter.status}
        onChange={(status) => setFilter({ ...filter, status })}
        options={EXERCISE_STATUS_TABS.map((status) => ({
          value: status,
          label: tabLabel(status),
          count: counters?.[EXERCISE_STATUS[status]],
        }))}
      />
      {capped && (
        <Text size="sm" c="gray.7">
          {t('exercises.capped', { count: EXERCISE_COUNT_CAP })}
        </Text>
      )}
      {moderator && <ExerciseBulkActions ids={chosen} onClear={() => setSelected(new Set())} />}
      <ListView
        query={query}
        failed={t('exercises.loadFailed')}
        empty={emptyText(filter.status, moderator, t)}
        paging={{ page, setPage }}
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={moderator ? 880 : 820}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  {moderator && (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t('exercises.bulk.selectAll')}
                        checked={allChosen}
                        indeterminate={chosen.length > 0 && !allChosen}
                        onChange={() =>
                          setSelected(new Set(allChosen ? [] : rows.map((exercise) => exercise.id)))
                        }
                      />
                    </Table.Th>
                  )}
                  <Table.Th>{t('exercises.title')}</Table.Th>
                  <Table.Th>{t('exercises.status')}</Table.Th>
                  <Table.Th>{t('exercises.category')}</Table.Th>
                  <Table.Th>{t('exercises.author')}</Table.Th>
                  <Table.Th>
                    {filter.status === 'request' ? t('exercises.deadline') : t('exercises.updated')}
                  </Table.Th>
                  <Table.Th>{t('exercises.votes')}</Table.Th>
                  {actionsColumn && <Table.Th aria-label={t('users.actions')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((exercise) => (
                  <ExerciseListRow
                    key={exercise.id}
                    exercise={exercise}
                    link={
                      moderator
                        ? `/moderate-exercise/${exercise.id}`
                        : exercise.status_id !== EXERCISE_STATUS.request
                          ? `/edit-exercise/${exercise.id}`
                          : null
                    }
                    showTake={showTake}
                    actionsColumn={actionsColumn}
                    selection={
                      moderator
                        ? { checked: selected.has(exercise.id), onChange: (on) => select(exercise.id, on) }
                        : undefined
                    }
                    onDelete={
                      mayDelete(exercise)
                        ? () => setDeleting({ id: exercise.id, name: exercise.title })
                        : undefined
                    }
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListView>
      <ConfirmDeleteModal
        item={deleting}
        texts="exercises.remove"
        remove={(id) => remove.mutateAsync(id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function emptyText(status: ExerciseStatusName, moderator: boolean, t: (key: string) => string): string {
  // Spec §6: the drafts tab says 'exercisesInProgressEmpty' to moderators, 'exercisesDraftsEmpty' to others.
  if (status === 'draft')
    return t(moderator ? 'exercises.exercisesInProgressEmpty' : 'exercises.exercisesDraftsEmpty');
  return t(`exercises.empty.${status}`);
}
