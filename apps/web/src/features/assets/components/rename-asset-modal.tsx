import {
  ASSET_NAME_MAX,
  ASSET_TYPES,
  assetFileKind,
  assetUpdate,
  type Asset,
  type AssetUpdate,
} from '@logoschool/contract';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateAsset } from '../api/save-asset.ts';
import { DialogForm, FormDialog, NameField, useDialogForm } from '../../../components/dialog-form.tsx';

/**
 * Renames an asset, or moves it to another type that takes the same kind of files (a background
 * can become a game background; an image cannot become a sound).
 */
export function RenameAssetModal({ asset, onClose }: { asset: Asset | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <FormDialog target={asset} title={t('assets.editTitle')} onClose={onClose}>
      {(shown) => <RenameAssetForm asset={shown} onClose={onClose} />}
    </FormDialog>
  );
}

/** The name and type, by the rules of the contract's `assetUpdate`. */
function RenameAssetForm({ asset, onClose }: { asset: Asset; onClose(): void }) {
  const { t } = useTranslation();
  const update = useUpdateAsset();
  const { form, state } = useDialogForm<Required<AssetUpdate>>({
    initialValues: { name: asset.name, type: asset.type },
    schema: assetUpdate,
    save: async ({ name, type }) => {
      const saved = await update.mutateAsync({ id: asset.id, update: { name: name.trim(), type } });
      notifySuccess(t('assets.saved', { name: saved.name }));
      onClose();
    },
  });
  const kind = assetFileKind(asset.type);
  const types = ASSET_TYPES.filter((candidate) => assetFileKind(candidate) === kind);

  return (
    <DialogForm {...state} onCancel={onClose}>
      <NameField form={form} label={t('assets.name')} max={ASSET_NAME_MAX} />
      {types.length > 1 && (
        <Select
          label={t('assets.typeLabel')}
          data={types.map((value) => ({ value, label: t(`assets.type.${value}`) }))}
          {...form.getInputProps('type')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </DialogForm>
  );
}
