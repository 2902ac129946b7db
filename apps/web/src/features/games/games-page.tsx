import {
  GAME_STATUSES,
  LANGUAGES,
  PER_PAGE_DEFAULT,
  type GameListItem,
  type GameStatus,
  type Language,
} from '@logoschool/contract';
import { Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPalette, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCategoryChoices } from '../../api/categories.ts';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { DocumentStatusBadge } from '../../components/versioned-document/status-badge.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useSession } from '../../session/session.tsx';
import { useGames } from './api/games.ts';

const ALL = 'all' as const;

/** Only moderators write games: a game is a draft or published, never in review. */
const SHOWN_STATUSES = GAME_STATUSES.filter((status) => status !== 'moderation');

interface Filter {
  status: GameStatus | typeof ALL;
  language: Language | null;
  category: number | null;
}

/**
 * /games (issue 31): the project's games, with status tabs and their counts, the title search, the
 * language and category filters; rows open the editor, the header leads to the game themes.
 */
export function GamesPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const list = useListControls<Filter>({ status: ALL, language: null, category: null });
  const { status, language, category } = list.filter;
  const categories = useCategoryChoices();
  const query = useGames({
    status: status === ALL ? null : status,
    language,
    category_id: category,
    term: list.search,
    page: list.page,
    per_page: PER_PAGE_DEFAULT,
  });
  const counts = query.data?.counts;
  const linkOf = (game: GameListItem) => `/edit-game/${game.id}`;
  const columns: Column<GameListItem>[] = [
    {
      key: 'title',
      header: t('games.columns.title'),
      cell: (game) => (
        <Anchor component={Link} to={linkOf(game)} fw={500}>
          {game.title}
        </Anchor>
      ),
    },
    { key: 'category', header: t('games.columns.category'), cell: (game) => game.category_name },
    { key: 'theme', header: t('games.columns.theme'), cell: (game) => game.theme_title },
    {
      key: 'size',
      header: t('games.columns.size'),
      cell: (game) =>
        `${t('games.levelCount', { count: game.levels })}, ${t('games.itemCount', { count: game.items })}`,
    },
    {
      key: 'modes',
      header: t('games.columns.modes'),
      cell: (game) =>
        game.modes.length === 0 ? (
          <Text span c="gray.7" size="sm">
            —
          </Text>
        ) : (
          <Group gap={4}>
            {game.modes.map((mode) => (
              <Badge key={mode} size="sm" variant="outline" color="gray.8">
                {t(`games.modes.${mode}`)}
              </Badge>
            ))}
          </Group>
        ),
    },
    { key: 'language', header: t('games.columns.language'), cell: (game) => t(`languages.${game.language}`) },
    {
      key: 'status',
      header: t('games.columns.status'),
      cell: (game) => (
        <Group gap={6} wrap="nowrap">
          <DocumentStatusBadge status={game.status} label={t(`games.status.${game.status}`)} />
          {game.version > 0 && (
            <Text span size="xs" c="gray.7">
              {t('games.versionN', { version: game.version })}
            </Text>
          )}
        </Group>
      ),
    },
    { key: 'updated', header: t('games.columns.updated'), cell: (game) => formatDate(game.updated_at) },
  ];
  const all = counts ? GAME_STATUSES.reduce((sum, item) => sum + (counts[item] ?? 0), 0) : undefined;
  const emptyText = list.narrowed ? t('games.noMatches') : t('games.empty');

  return (
    <Stack gap="md">
      <PageHeader
        title={t('games.title')}
        description={workspace?.workspaceTitle}
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to="/game-themes"
              variant="default"
              leftSection={<IconPalette size={16} />}
            >
              {t('games.themes.title')}
            </Button>
            <Button component={Link} to="/create-game" leftSection={<IconPlus size={16} />}>
              {t('games.add')}
            </Button>
          </Group>
        }
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput label={t('games.search')} value={list.term} onChange={list.setTerm} width={280} />
        <Select
          label={t('games.filters.language')}
          placeholder={t('games.filters.any')}
          clearable
          w={180}
          data={LANGUAGES.map((item) => ({ value: item, label: t(`languages.${item}`) }))}
          value={language}
          onChange={(next) => list.setFilter({ language: next as Language | null })}
        />
        <Select
          label={t('games.filters.category')}
          placeholder={t('games.filters.any')}
          clearable
          searchable
          w={240}
          data={categories.data ?? []}
          value={category === null ? null : String(category)}
          onChange={(next) => list.setFilter({ category: next === null ? null : Number(next) })}
        />
      </Group>
      <StatusTabs
        label={t('games.statusFilter')}
        value={status}
        onChange={(next) => list.setFilter({ status: next })}
        options={[
          { value: ALL, label: t('games.filterAll'), count: all },
          ...SHOWN_STATUSES.map((item) => ({
            value: item,
            label: t(`games.status.${item}`),
            count: counts?.[item],
          })),
        ]}
      />
      <ListTable
        query={query}
        failed={t('games.loadFailed')}
        empty={emptyText}
        paging={list}
        rowKey={(game) => game.id}
        columns={columns}
        minWidth={900}
        highlightOnHover
        rowLink={linkOf}
      />
    </Stack>
  );
}

export default GamesPage;
