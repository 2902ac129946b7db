import {
  exerciseAuthorOf,
  API,
  EXERCISE_STATUS,
  PER_PAGE_DEFAULT,
  type Exercise,
  type ExercisePage,
} from '@logoschool/contract';
import { Alert, Anchor, Badge, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { useFilingOptions } from '../api/exercise.ts';
import { exerciseKeys } from '../api/keys.ts';
import { Votes } from './votes.tsx';

/**
 * The project's approved exercises, the library authors learn from and build on (spec §2
 * /public-exercises, /shared-exercise), searched by title or slide text and narrowed by category or
 * tag; each leads to its page to read (`/shared-exercise/:id`).
 */
export function ExerciseLibrary() {
  const { t } = useTranslation();
  const acting = useActingFor('exercises.read');
  const { categories, tags } = useFilingOptions();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [tagId, setTagId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const library = useQuery({
    queryKey: exerciseKeys.list('library', acting, { debounced, categoryId, tagId, page }),
    queryFn: () =>
      callApiPage<Exercise, ExercisePage>(API.exercises, {
        query: {
          ...acting,
          status_id: EXERCISE_STATUS.accepted,
          term: debounced || undefined,
          category_id: categoryId ?? undefined,
          tag_id: tagId ?? undefined,
          page,
          per_page: PER_PAGE_DEFAULT,
        },
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const rows = library.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((library.data?.meta.total ?? 0) / PER_PAGE_DEFAULT));
  const reset = () => setPage(1);

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <SearchInput
          label={t('exercises.library.search')}
          value={term}
          onChange={(value) => {
            setTerm(value);
            reset();
          }}
          width={320}
        />
        <Select
          aria-label={t('exercises.category')}
          placeholder={t('exercises.category')}
          data={categories.data ?? []}
          value={categoryId}
          onChange={(value) => {
            setCategoryId(value);
            reset();
          }}
          searchable
          clearable
          w={260}
        />
        <Select
          aria-label={t('exercises.tags')}
          placeholder={t('exercises.tags')}
          data={tags.data ?? []}
          value={tagId}
          onChange={(value) => {
            setTagId(value);
            reset();
          }}
          searchable
          clearable
          w={200}
        />
      </Group>
      {library.isError ? (
        <Alert color="red" role="alert">
          {t('exercises.loadFailed')}
        </Alert>
      ) : library.isSuccess && rows.length === 0 ? (
        <Text c="gray.7" py="xl" ta="center">
          {t('exercises.library.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('exercises.title')}</Table.Th>
                <Table.Th>{t('exercises.category')}</Table.Th>
                <Table.Th>{t('exercises.author')}</Table.Th>
                <Table.Th>{t('exercises.library.slides')}</Table.Th>
                <Table.Th>{t('exercises.votes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((exercise) => (
                <Table.Tr key={exercise.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/shared-exercise/${exercise.id}`} fw={600}>
                      {exercise.title}
                    </Anchor>
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
                  <Table.Td>{exercise.category?.name ?? '—'}</Table.Td>
                  <Table.Td>{exerciseAuthorOf(exercise).name}</Table.Td>
                  <Table.Td>{exercise.presentation?.slide_count ?? '—'}</Table.Td>
                  <Table.Td>
                    <Votes exercise={exercise} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
    </Stack>
  );
}
