import { rolesMay, type Asset, type AssetType } from '@logoschool/contract';
import { ActionIcon, Button, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../components/search-input.tsx';
import { useSession } from '../../session/session.tsx';
import { useAssets } from '../../api/assets.ts';
import { groupByType } from '../../components/assets/asset-groups.ts';
import { ASSET_GRID_COLS, AssetCard } from '../../components/assets/asset-card.tsx';
import { AssetFilesModal } from './components/asset-files-modal.tsx';
import { AssetFormModal } from './components/asset-form-modal.tsx';
import { AssetTypeFilter } from '../../components/assets/asset-type-filter.tsx';
import { DeleteAssetModal } from './components/delete-asset-modal.tsx';
import { RenameAssetModal } from './components/rename-asset-modal.tsx';
import {
  AssetGridSkeleton,
  AssetsEmpty,
  AssetsLoadFailed,
} from '../../components/assets/asset-list-states.tsx';

/**
 * /manage-assets: root's shared asset library (spec §2): backgrounds, characters, props, sounds and
 * game assets with their files; add, rename, add and remove files, delete.
 */
export function ManageAssetsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<AssetType | null>(null);
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const { held } = useSession();
  const assets = useAssets({ type, term: debounced }, rolesMay(held, 'assets.read'));
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Asset | null>(null);
  const [filesOf, setFilesOf] = useState<Asset | null>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  const filtered = debounced !== '' || type !== null;

  const card = (asset: Asset) => (
    <AssetCard
      key={asset.id}
      name={asset.name}
      type={asset.type}
      fileUrl={asset.files[0]?.file_url ?? null}
      fileCount={asset.files.length}
      control={
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray.7"
              aria-label={t('assets.actionsFor', { name: asset.name })}
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setRenaming(asset)}>{t('assets.edit')}</Menu.Item>
            <Menu.Item onClick={() => setFilesOf(asset)}>{t('assets.files')}</Menu.Item>
            <Menu.Item color="red.9" onClick={() => setDeleting(asset)}>
              {t('assets.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      }
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('assets.title')}
          </Title>
          <Text c="gray.7" size="sm">
            {t('assets.libraryHint')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('assets.add')}
        </Button>
      </Group>
      <Group gap="sm">
        <SearchInput label={t('assets.search')} value={term} onChange={setTerm} width={280} />
        <AssetTypeFilter value={type} onChange={setType} />
      </Group>
      {assets.isPending ? (
        <AssetGridSkeleton />
      ) : assets.isError ? (
        <AssetsLoadFailed onRetry={() => void assets.refetch()} />
      ) : assets.data.length === 0 ? (
        <AssetsEmpty>{t(filtered ? 'assets.noMatches' : 'assets.empty')}</AssetsEmpty>
      ) : (
        groupByType(assets.data).map(([group, items]) => (
          <Stack key={group} gap="xs" component="section" aria-labelledby={`assets-${group}`}>
            <Title order={2} size="h4" id={`assets-${group}`}>
              {t(`assets.group.${group}`)}{' '}
              <Text span c="gray.7" fw={400} size="sm">
                ({items.length})
              </Text>
            </Title>
            <SimpleGrid cols={ASSET_GRID_COLS}>{items.map(card)}</SimpleGrid>
          </Stack>
        ))
      )}
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
