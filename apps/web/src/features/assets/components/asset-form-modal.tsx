import {
  ASSET_MAX_BYTES,
  ASSET_NAME_MAX,
  ASSET_TYPES,
  ASSET_UPLOAD_FILES_MAX,
  assetFileKind,
  assetUploadBody,
  type AssetType,
} from '@logoschool/contract';
import { FileInput, Select, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateAsset } from '../api/save-asset.ts';
import { acceptFor, checkAssetFiles, formatBytes, uploadErrorOf } from '../asset-upload.ts';
import { DialogForm, FormDialog, NameField, useDialogForm } from '../../../components/dialog-form.tsx';

interface AssetFormValues {
  name: string;
  type: AssetType;
  /** The form's `file` parts. */
  file: File[];
}

/**
 * Adds an asset to the library: a name, a type and one or more files of the kind the type takes.
 * A refused upload keeps what was chosen and says which file and why.
 */
export function AssetFormModal({
  opened,
  initialType,
  onClose,
}: {
  opened: boolean;
  initialType: AssetType;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog target={opened ? initialType : null} title={t('assets.newTitle')} onClose={onClose}>
      {(type) => <AssetForm initialType={type} onClose={onClose} />}
    </FormDialog>
  );
}

/**
 * The fields follow the contract's `assetUploadBody`; the chosen files are checked too (how many,
 * their kind and size), as far as the browser can tell before the server reads their bytes.
 */
function AssetForm({ initialType, onClose }: { initialType: AssetType; onClose(): void }) {
  const { t } = useTranslation();
  const create = useCreateAsset();
  const { form, state } = useDialogForm<AssetFormValues>({
    initialValues: { name: '', type: initialType, file: [] },
    schema: assetUploadBody,
    toBody: ({ file, ...fields }) => ({ ...fields, file: file.length > 0 ? file : undefined }),
    check: (values, errors) => {
      const fileProblem = errors.file ? null : checkAssetFiles(values.file, values.type, t);
      return fileProblem ? { file: fileProblem } : {};
    },
    save: async ({ name, type, file }) => {
      const created = await create.mutateAsync({ name: name.trim(), type, files: file });
      notifySuccess(t('assets.created', { name: created.name }));
      onClose();
    },
    refused: (error, form) => {
      const { form: above, ...byField } = uploadErrorOf(error);
      form.setErrors(byField);
      return above ?? null;
    },
  });
  const kind = assetFileKind(form.values.type);

  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('assets.upload')}>
      <NameField form={form} label={t('assets.name')} max={ASSET_NAME_MAX} />
      <Select
        label={t('assets.typeLabel')}
        data={ASSET_TYPES.map((value) => ({ value, label: t(`assets.type.${value}`) }))}
        value={form.values.type}
        onChange={(value) => {
          if (!value) return;
          const type = value as AssetType;
          form.setFieldValue('type', type);
          // Files of the other kind would only be refused: choose again.
          if (assetFileKind(type) !== kind) form.setFieldValue('file', []);
          form.clearFieldError('file');
        }}
        allowDeselect={false}
        error={form.errors.type}
        comboboxProps={{ withinPortal: true }}
      />
      <FileInput
        label={t(kind === 'sound' ? 'assets.soundFiles' : 'assets.imageFiles')}
        description={t(kind === 'sound' ? 'assets.soundFilesHint' : 'assets.imageFilesHint', {
          max: formatBytes(ASSET_MAX_BYTES[kind]),
          count: ASSET_UPLOAD_FILES_MAX,
        })}
        multiple
        accept={acceptFor(form.values.type)}
        {...form.getInputProps('file')}
        leftSection={<IconUpload size={16} aria-hidden />}
        clearable
        required
      />
      {form.values.file.length > 0 && (
        <Text size="xs" c="gray.7">
          {form.values.file.map((file) => `${file.name} (${formatBytes(file.size)})`).join(', ')}
        </Text>
      )}
    </DialogForm>
  );
}
