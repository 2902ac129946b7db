import {
  ASSET_TYPES,
  assetFileKind,
  rolesMay,
  type AssetFileKind,
  type AssetType,
} from '@logoschool/contract';
import { Alert, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssets } from '../../../api/assets.ts';
import { errorTextOf } from '../../../api/form-errors.ts';
import { AssetFileGrid } from '../../../components/assets/asset-file-grid.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { useSession } from '../../../session/session.tsx';
import { useGameFileFromAsset } from '../api/games.ts';

const ALL = 'all';

/**
 * Picks an item's picture or sound from the asset library: the server copies the asset's file in as
 * a game file, and `onPicked` gets its id. Pictures come from every image type (a type narrows
 * them), sounds from the sound assets.
 */
export function GameAssetPicker({
  kind,
  opened,
  onClose,
  onPicked,
}: {
  kind: AssetFileKind;
  opened: boolean;
  onClose: () => void;
  onPicked: (fileId: number) => void;
}) {
  const { t } = useTranslation();
  const { held } = useSession();
  const types = ASSET_TYPES.filter((type) => assetFileKind(type) === kind);
  const [type, setType] = useState<AssetType | typeof ALL>(kind === 'sound' ? 'sound' : ALL);
  const [term, setTerm] = useState('');
  const [search] = useDebouncedValue(term.trim(), 300);
  const assets = useAssets(
    { type: type === ALL ? null : type, term: search },
    opened && rolesMay(held, 'assets.read'),
  );
  const copy = useGameFileFromAsset();
  const options = (assets.data ?? [])
    .filter((asset) => assetFileKind(asset.type) === kind)
    .flatMap((asset) => {
      const file = asset.files.find((candidate) => candidate.kind === kind);
      return file ? [{ name: asset.name, file }] : [];
    });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kind === 'sound' ? t('games.picker.soundTitle') : t('games.picker.pictureTitle')}
      size="lg"
    >
      <Stack>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SearchInput label={t('games.picker.search')} value={term} onChange={setTerm} />
          {types.length > 1 && (
            <Select
              label={t('games.picker.type')}
              allowDeselect={false}
              value={type}
              onChange={(next) => setType((next as AssetType | null) ?? ALL)}
              data={[
                { value: ALL, label: t('games.picker.allTypes') },
                ...types.map((item) => ({ value: item, label: t(`assets.group.${item}`) })),
              ]}
            />
          )}
        </Group>
        {assets.isPending && <Loader size="sm" aria-label={t('games.item.loadingFile')} />}
        {assets.isError && (
          <Alert color="red" role="alert">
            {errorTextOf(assets.error)}
          </Alert>
        )}
        {assets.isSuccess && options.length === 0 && <Text>{t('games.picker.none')}</Text>}
        <AssetFileGrid
          options={options}
          labelOf={({ name }) => t('games.picker.pick', { name })}
          onPick={({ file }) =>
            copy.mutate(file.id, {
              onSuccess: (copied) => {
                onPicked(copied.id);
                onClose();
              },
            })
          }
        />
        {copy.isError && (
          <Alert color="red" role="alert">
            {errorTextOf(copy.error)}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
