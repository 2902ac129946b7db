import {
  ASSET_NAME_MAX,
  ASSET_TYPES,
  assetFileKind,
  assetUpdate,
  type Asset,
  type AssetUpdate,
} from '@logoschool/contract';
import { Modal, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { contractValidate, showServerErrors } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateAsset } from '../api/save-asset.ts';
import { DialogForm } from '../../../components/dialog-form.tsx';

/**
 * Renames an asset, or moves it to another type that takes the same kind of files (a background
 * can become a game background; an image cannot become a sound).
 */
export function RenameAssetModal({ asset, onClose }: { asset: Asset | null; onClose(): void }) {
  const { t } = useTranslation();
  // The last asset stays shown while the dialog closes; each opening starts a fresh form.
  const [shown, setShown] = useState(asset);
  if (asset && asset !== shown) setShown(asset);
  return (
    <Modal opened={asset !== null} onClose={onClose} title={t('assets.editTitle')}>
      {shown && <RenameAssetForm asset={shown} onClose={onClose} />}
    </Modal>
  );
}

/** The name and type, by the rules of the contract's `assetUpdate`. */
function RenameAssetForm({ asset, onClose }: { asset: Asset; onClose(): void }) {
  const { t } = useTranslation();
  const update = useUpdateAsset();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Required<AssetUpdate>>({
    initialValues: { name: asset.name, type: asset.type },
    validate: contractValidate(assetUpdate, t),
  });
  const kind = assetFileKind(asset.type);
  const types = ASSET_TYPES.filter((candidate) => assetFileKind(candidate) === kind);

  const submit = async ({ name, type }: Required<AssetUpdate>) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync({ id: asset.id, update: { name: name.trim(), type } });
      notifySuccess(t('assets.saved', { name: saved.name }));
      onClose();
    } catch (error) {
      if (!showServerErrors(form, error)) setFormError(errorTextOf(error));
    }
  };

  return (
    <DialogForm
      onSubmit={form.onSubmit((values) => void submit(values))}
      onCancel={onClose}
      error={formError}
      saving={update.isPending}
    >
      <TextInput
        label={t('assets.name')}
        maxLength={ASSET_NAME_MAX}
        {...form.getInputProps('name')}
        required
        data-autofocus
      />
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
