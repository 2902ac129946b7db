import { API_BASE, API, type GameTheme, type GameThemeAsset } from '@logoschool/contract';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AssetPreview } from '../../components/assets/asset-preview.tsx';
import { ConfirmTargetModal } from '../../components/confirm-action-modal.tsx';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { RowButtons } from '../../components/list/row-actions.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../session/session.tsx';
import { useDeleteGameTheme, useGameThemes } from './api/game-themes.ts';
import { GameThemeDialog, type GameThemeTarget } from './components/game-theme-dialog.tsx';

/** A theme asset's image address (the library's file, read with the bearer token). */
const imageOf = (asset: GameThemeAsset) =>
  asset.file_id === null ? null : `${API_BASE}${API.fileDownload}/${asset.file_id}`;

/** The assets of a theme as small pictures with their names. */
function AssetStrip({ assets }: { assets: readonly GameThemeAsset[] }) {
  if (assets.length === 0)
    return (
      <Text span c="gray.7" size="sm">
        —
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap">
      {assets.map((asset) => (
        <Group key={asset.asset_id} gap={4} wrap="nowrap">
          <div style={{ width: 32 }}>
            <AssetPreview fileUrl={imageOf(asset)} type="character" name={asset.name} height={32} compact />
          </div>
          <Text size="sm">{asset.name}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * /game-themes (issue 31): the project's game themes (a background, props and the characters a
 * child may choose, from the asset library), created and changed in a dialog; a theme a game uses
 * is not deleted (the server's 409 says so in the question).
 */
export function GameThemesPage() {
  const { t, i18n } = useTranslation();
  const { workspace } = useSession();
  const list = useListControls();
  const themes = useGameThemes(list.search);
  const remove = useDeleteGameTheme();
  const [target, setTarget] = useState<GameThemeTarget | null>(null);
  const [deleting, setDeleting] = useState<GameTheme | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const columns: Column<GameTheme>[] = [
    {
      key: 'title',
      header: t('games.themes.columns.title'),
      cell: (theme) => (
        <Anchor component="button" type="button" fw={500} onClick={() => setTarget({ kind: 'edit', theme })}>
          {theme.title}
        </Anchor>
      ),
    },
    {
      key: 'background',
      header: t('games.themes.columns.background'),
      cell: (theme) => <AssetStrip assets={theme.background ? [theme.background] : []} />,
    },
    {
      key: 'props',
      header: t('games.themes.columns.props'),
      cell: (theme) => <AssetStrip assets={theme.props} />,
    },
    {
      key: 'characters',
      header: t('games.themes.columns.characters'),
      cell: (theme) => <AssetStrip assets={theme.characters} />,
    },
    { key: 'games', header: t('games.themes.columns.games'), cell: (theme) => number.format(theme.games) },
    {
      key: 'updated',
      header: t('games.themes.columns.updated'),
      cell: (theme) => formatDate(theme.updated_at),
    },
    {
      key: 'actions',
      header: t('games.themes.columns.actions'),
      hiddenHeader: true,
      cell: (theme) => (
        <RowButtons
          icons
          actions={[
            {
              label: t('games.themes.edit'),
              name: t('games.themes.editNamed', { title: theme.title }),
              icon: IconEdit,
              onClick: () => setTarget({ kind: 'edit', theme }),
            },
            {
              label: t('games.themes.delete'),
              name: t('games.themes.deleteNamed', { title: theme.title }),
              icon: IconTrash,
              color: 'red',
              onClick: () => setDeleting(theme),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title={t('games.themes.title')}
        description={workspace?.workspaceTitle}
        actions={
          <Group gap="sm">
            <Button component={Link} to="/games" variant="default">
              {t('games.title')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget({ kind: 'create' })}>
              {t('games.themes.add')}
            </Button>
          </Group>
        }
      />
      <Text size="sm" c="gray.7" maw={720}>
        {t('games.themes.intro')}
      </Text>
      <SearchInput label={t('games.themes.search')} value={list.term} onChange={list.setTerm} />
      <ListTable
        query={themes}
        failed={t('games.themes.loadFailed')}
        empty={list.search ? t('games.themes.noMatches') : t('games.themes.empty')}
        rowKey={(theme) => theme.id}
        columns={columns}
        minWidth={900}
      />
      <GameThemeDialog target={target} onClose={() => setTarget(null)} />
      <ConfirmTargetModal
        target={deleting}
        title={() => t('games.themes.deleteTitle')}
        message={(theme) => t('games.themes.deleteQuestion', { title: theme.title })}
        confirmLabel={t('games.themes.delete')}
        onConfirm={async (theme) => {
          await remove.mutateAsync(theme.id);
          notifySuccess(t('games.themes.deleted', { title: theme.title }));
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

export default GameThemesPage;
