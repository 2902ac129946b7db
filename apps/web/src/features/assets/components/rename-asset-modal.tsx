import {
  ASSET_NAME_MAX,
  ASSET_NAME_MIN,
  ASSET_TYPES,
  assetFileKind,
  type Asset,
  type AssetType,
} from '@logoschool/contract';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf, fieldErrorsOf } from '../../../api/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateAsset } from '../api/save-asset.ts';

/**
 * Renames an asset, or moves it to another type that takes the same kind of files (a background
 * can become a game background; an image cannot become a sound).
 */
export function RenameAssetModal({ asset, onClose }: { asset: Asset | null; onClose(): void }) {
  const { t } = useTranslation();
  const update = useUpdateAsset();
  const [name, setName] = useState(asset?.name ?? '');
  const [type, setType] = useState<AssetType>(asset?.type ?? 'background');
  const [errors, setErrors] = useState<{ name?: string; type?: string; form?: string }>({});
  const [shownFor, setShownFor] = useState(asset);
  if (asset !== shownFor) {
    setShownFor(asset);
    setName(asset?.name ?? '');
    setType(asset?.type ?? 'background');
    setErrors({});
  }
  const kind = asset ? assetFileKind(asset.type) : 'image';
  const types = ASSET_TYPES.filter((candidate) => assetFileKind(candidate) === kind);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!asset) return;
    const trimmed = name.trim();
    if (trimmed.length < ASSET_NAME_MIN) return setErrors({ name: t('validation.required') });
    if (trimmed.length > ASSET_NAME_MAX)
      return setErrors({ name: t('validation.tooLong', { max: ASSET_NAME_MAX }) });
    try {
      const saved = await update.mutateAsync({ id: asset.id, update: { name: trimmed, type } });
      notifySuccess(t('assets.saved', { name: saved.name }));
      onClose();
    } catch (error) {
      const byField = fieldErrorsOf(error);
      setErrors(
        byField?.name || byField?.type
          ? { name: byField.name, type: byField.type }
          : { form: errorTextOf(error) },
      );
    }
  };

  return (
    <Modal opened={asset !== null} onClose={onClose} title={t('assets.editTitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <TextInput
            label={t('assets.name')}
            value={name}
            maxLength={ASSET_NAME_MAX}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors({});
            }}
            error={errors.name}
            required
            data-autofocus
          />
          {types.length > 1 && (
            <Select
              label={t('assets.typeLabel')}
              data={types.map((value) => ({ value, label: t(`assets.type.${value}`) }))}
              value={type}
              onChange={(value) => value && setType(value as AssetType)}
              allowDeselect={false}
              error={errors.type}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('assets.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('assets.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
