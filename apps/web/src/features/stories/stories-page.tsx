import { PER_PAGE_DEFAULT, STORY_STATUSES, type StoryListItem, type StoryStatus } from '@logoschool/contract';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { DocumentStatusBadge } from '../../components/versioned-document/status-badge.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useSession } from '../../session/session.tsx';
import { useStories } from './api/stories.ts';

const ALL = 'all' as const;

/**
 * /histories (issue 30 item 1): the stories a moderator reviews (every one of the project) or an
 * author writes (her own, and the published ones): status tabs with counts, the title search, rows
 * opening the editor.
 */
export function StoriesPage() {
  const { t, i18n } = useTranslation();
  const { user, workspace } = useSession();
  const list = useListControls<{ status: StoryStatus | typeof ALL }>({ status: ALL });
  const { status } = list.filter;
  const query = useStories({
    status: status === ALL ? null : status,
    term: list.search,
    page: list.page,
    per_page: PER_PAGE_DEFAULT,
  });
  const counts = query.data?.counts;
  const number = new Intl.NumberFormat(i18n.language);
  const linkOf = (story: StoryListItem) => `/edit-history/${story.id}`;
  const columns: Column<StoryListItem>[] = [
    {
      key: 'title',
      header: t('stories.columns.title'),
      cell: (story) => (
        <Stack gap={2}>
          <Anchor component={Link} to={linkOf(story)} fw={500}>
            {story.title}
          </Anchor>
          {story.sounds.length > 0 && (
            <Group gap={4}>
              {story.sounds.map((sound) => (
                <Badge key={sound} size="xs" variant="outline" color="gray.8">
                  {sound}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      ),
    },
    {
      key: 'language',
      header: t('stories.columns.language'),
      cell: (story) => t(`stories.languages.${story.language}`),
    },
    {
      key: 'age',
      header: t('stories.columns.age'),
      cell: (story) => t('stories.ageRange', { from: story.age_from, to: story.age_to }),
    },
    {
      key: 'episodes',
      header: t('stories.columns.episodes'),
      cell: (story) => number.format(story.episodes),
    },
    { key: 'slides', header: t('stories.columns.slides'), cell: (story) => number.format(story.slides) },
    {
      key: 'writer',
      header: t('stories.columns.writer'),
      cell: (story) => (story.writer.id === user?.id ? t('stories.you') : story.writer.name),
    },
    {
      key: 'status',
      header: t('stories.columns.status'),
      cell: (story) => (
        <DocumentStatusBadge status={story.status} label={t(`stories.status.${story.status}`)} />
      ),
    },
    {
      key: 'version',
      header: t('stories.columns.version'),
      cell: (story) =>
        story.version > 0 ? (
          number.format(story.version)
        ) : (
          <Text span c="gray.7" size="sm">
            {t('stories.notPublished')}
          </Text>
        ),
    },
    { key: 'updated', header: t('stories.columns.updated'), cell: (story) => formatDate(story.updated_at) },
  ];
  const all = counts ? STORY_STATUSES.reduce((sum, item) => sum + counts[item], 0) : undefined;
  const emptyText = list.search
    ? t('stories.noMatches')
    : status !== ALL
      ? t('stories.emptyStatus')
      : t('stories.empty');

  return (
    <Stack gap="md">
      <PageHeader
        title={t('stories.title')}
        description={workspace?.workspaceTitle}
        actions={
          <Button component={Link} to="/create-history" leftSection={<IconPlus size={16} />}>
            {t('stories.add')}
          </Button>
        }
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput label={t('stories.search')} value={list.term} onChange={list.setTerm} />
        <StatusTabs
          label={t('stories.statusFilter')}
          value={status}
          onChange={(next) => list.setFilter({ status: next })}
          options={[
            { value: ALL, label: t('stories.filterAll'), count: all },
            ...STORY_STATUSES.map((item) => ({
              value: item,
              label: t(`stories.status.${item}`),
              count: counts?.[item],
            })),
          ]}
        />
      </Group>
      <ListTable
        query={query}
        failed={t('stories.loadFailed')}
        empty={emptyText}
        paging={list}
        rowKey={(story) => story.id}
        columns={columns}
        minWidth={760}
        highlightOnHover
        rowLink={linkOf}
      />
    </Stack>
  );
}

export default StoriesPage;
