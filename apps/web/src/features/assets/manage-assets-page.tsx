import { rolesMay, type Asset, type AssetType } from '@logoschool/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssets } from '../../api/assets.ts';
import { ASSET_GRID_COLS, AssetCard } from '../../components/assets/asset-card.tsx';
import { groupByType } from '../../components/assets/asset-groups.ts';
import { AssetGridSkeleton } from '../../components/assets/asset-list-states.tsx';
import { AssetTypeFilter } from '../../components/assets/asset-type-filter.tsx';
import { CardGrid } from '../../components/list/card-grid.tsx';
import { ListEmpty, ListView } from '../../components/list/list-view.tsx';
import { RowMenu } from '../../components/list/row-actions.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { useSession } from '../../session/session.tsx';
import { AssetFilesModal } from './components/asset-files-modal.tsx';
import { AssetFormModal } from './components/asset-form-modal.tsx';
import { DeleteAssetModal } from './components/delete-asset-modal.tsx';
import { RenameAssetModal } from './components/rename-asset-modal.tsx';

/**
 * /manage-assets: root's shared asset library (spec §2): backgrounds, characters, props, sounds and
 * game assets with their files; add, rename, add and remove files, delete.
 */
export function ManageAssetsPage() {
  const { t } = useTranslation();
  const list = useListControls<{ type: AssetType | null }>({ type: null });
  const { type } = list.filter;
  const { held } = useSession();
  const assets = useAssets({ type, term: list.search }, rolesMay(held, 'assets.read'));
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Asset | null>(null);
  const [filesOf, setFilesOf] = useState<Asset | null>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);

  const card = (asset: Asset) => (
    <AssetCard
      key={asset.id}
      asset={asset}
      control={
        <RowMenu
          label={t('assets.actionsFor', { name: asset.name })}
          actions={[
            { label: t('assets.edit'), onClick: () => setRenaming(asset) },
            { label: t('assets.files'), onClick: () => setFilesOf(asset) },
            { label: t('assets.delete'), color: 'red.9', onClick: () => setDeleting(asset) },
          ]}
        />
      }
    />
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('assets.title')}
        description={t('assets.libraryHint')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('assets.add')}
          </Button>
        }
      />
      <Group gap="sm">
        <SearchInput label={t('assets.search')} value={list.term} onChange={list.setTerm} width={280} />
        <AssetTypeFilter value={type} onChange={(next) => list.setFilter({ type: next })} />
      </Group>
      <ListView
        query={assets}
        failed={t('assets.loadFailed')}
        loading={<AssetGridSkeleton />}
        empty={
          <ListEmpty icon={IconPhoto}>{t(list.narrowed ? 'assets.noMatches' : 'assets.empty')}</ListEmpty>
        }
      >
        {(rows) => (
          <CardGrid
            cols={ASSET_GRID_COLS}
            card={card}
            sections={groupByType(rows).map(([group, items]) => [
              group,
              <>
                {t(`assets.group.${group}`)}{' '}
                <Text span c="gray.7" fw={400} size="sm">
                  ({items.length})
                </Text>
              </>,
              items,
            ])}
          />
        )}
      </ListView>
      <AssetFormModal
        opened={creating}
        initialType={type ?? 'background'}
        onClose={() => setCreating(false)}
      />
      <RenameAssetModal asset={renaming} onClose={() => setRenaming(null)} />
      <AssetFilesModal asset={filesOf} onClose={() => setFilesOf(null)} />
      <DeleteAssetModal asset={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

export default ManageAssetsPage;
