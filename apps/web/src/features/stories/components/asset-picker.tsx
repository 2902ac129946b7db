import { ASSET_TYPES, assetFileKind } from '@logoschool/contract';
import { Alert, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { AssetFileGrid } from '../../../components/assets/asset-file-grid.tsx';
import { useOwnThemes, useStoryFileFromAsset, useThemeAssets } from '../api/stories.ts';

/**
 * Picks an image of an asset of one of the project's own themes for a slide: the server copies
 * it into the stories' files, and `onPicked` gets the new file's id.
 */
export function AssetPicker({
  opened,
  onClose,
  onPicked,
}: {
  opened: boolean;
  onClose: () => void;
  onPicked: (fileId: number) => void;
}) {
  const { t } = useTranslation();
  const themes = useOwnThemes(opened);
  const [themeId, setThemeId] = useState<number | null>(null);
  const chosen = themeId ?? themes.data?.[0]?.id ?? null;
  const assets = useThemeAssets(opened ? chosen : null);
  const copy = useStoryFileFromAsset();
  const images = ASSET_TYPES.filter((type) => assetFileKind(type) === 'image').flatMap((type) =>
    (assets.data?.[type] ?? []).flatMap((asset) => {
      const file = asset.files.find((candidate) => candidate.kind === 'image');
      return file ? [{ name: asset.name, file }] : [];
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('stories.pickTitle')} size="lg">
      <Stack>
        {themes.isPending ? (
          <Loader size="sm" />
        ) : (themes.data ?? []).length === 0 ? (
          <Text>{t('stories.pickNoThemes')}</Text>
        ) : (
          <Select
            label={t('stories.pickTheme')}
            data={(themes.data ?? []).map((theme) => ({ value: String(theme.id), label: theme.name }))}
            value={chosen === null ? null : String(chosen)}
            onChange={(value) => setThemeId(value === null ? null : Number(value))}
            allowDeselect={false}
          />
        )}
        {assets.isSuccess && images.length === 0 && <Text>{t('stories.pickNoAssets')}</Text>}
        <AssetFileGrid
          options={images}
          labelOf={({ name }) => t('stories.pickAsset', { name })}
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
