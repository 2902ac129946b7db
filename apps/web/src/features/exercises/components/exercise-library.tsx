import {
  exerciseAuthorOf,
  API,
  EXERCISE_STATUS,
  PER_PAGE_DEFAULT,
  type Exercise,
  type ExercisePage,
} from '@logoschool/contract';
import { Anchor, Badge, Group, Select, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import type { Column } from '../../../components/list/data-table.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListControls } from '../../../components/list/use-list-controls.ts';
import { SearchInput } from '../../../components/search-input.tsx';
import { useFilingOptions } from '../api/exercise.ts';
import { exerciseKeys } from '../api/keys.ts';
import { SlideThumbnail } from '../../../components/slide-thumbnail.tsx';
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
  const list = useListControls<{ categoryId: string | null; tagId: string | null }>({
    categoryId: null,
    tagId: null,
  });
  const { categoryId, tagId } = list.filter;
  const { search: debounced, page } = list;
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
  const columns: Column<Exercise>[] = [
    {
      key: 'title',
      header: t('exercises.title'),
      cell: (exercise) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <SlideThumbnail url={exercise.thumbnail_url} />
          <div>
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
          </div>
        </Group>
      ),
    },
    { key: 'category', header: t('exercises.category'), cell: (exercise) => exercise.category?.name ?? '—' },
    { key: 'author', header: t('exercises.author'), cell: (exercise) => exerciseAuthorOf(exercise).name },
    {
      key: 'slides',
      header: t('exercises.library.slides'),
      cell: (exercise) => exercise.presentation?.slide_count ?? '—',
    },
    { key: 'votes', header: t('exercises.votes'), cell: (exercise) => <Votes exercise={exercise} /> },
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <SearchInput
          label={t('exercises.library.search')}
          value={list.term}
          onChange={list.setTerm}
          width={320}
        />
        <Select
          aria-label={t('exercises.category')}
          placeholder={t('exercises.category')}
          data={categories.data ?? []}
          value={categoryId}
          onChange={(value) => list.setFilter({ categoryId: value })}
          searchable
          clearable
          w={260}
        />
        <Select
          aria-label={t('exercises.tags')}
          placeholder={t('exercises.tags')}
          data={tags.data ?? []}
          value={tagId}
          onChange={(value) => list.setFilter({ tagId: value })}
          searchable
          clearable
          w={200}
        />
      </Group>
      <ListTable
        query={library}
        failed={t('exercises.loadFailed')}
        empty={t('exercises.library.empty')}
        paging={list}
        rowKey={(exercise) => exercise.id}
        columns={columns}
        minWidth={760}
      />
    </Stack>
  );
}
