import {
  ASSET_MAX_BYTES,
  ASSET_NAME_MAX,
  ASSET_NAME_MIN,
  ASSET_TYPES,
  ASSET_UPLOAD_FILES_MAX,
  assetFileKind,
  type AssetType,
} from '@logoschool/contract';
import { Alert, Button, FileInput, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateAsset } from '../api/save-asset.ts';
import { acceptFor, checkAssetFiles, formatBytes, uploadErrorOf } from '../asset-upload.ts';

type Errors = ReturnType<typeof uploadErrorOf>;

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
  const create = useCreateAsset();
  const [name, setName] = useState('');
  const [type, setType] = useState<AssetType>(initialType);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [shownFor, setShownFor] = useState(opened);
  if (opened !== shownFor) {
    setShownFor(opened);
    if (opened) {
      setName('');
      setType(initialType);
      setFiles([]);
      setErrors({});
    }
  }
  const kind = assetFileKind(type);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid: Errors = {};
    const trimmed = name.trim();
    if (trimmed.length < ASSET_NAME_MIN) invalid.name = t('validation.required');
    else if (trimmed.length > ASSET_NAME_MAX) invalid.name = t('validation.tooLong', { max: ASSET_NAME_MAX });
    const fileProblem = checkAssetFiles(files, type, t);
    if (fileProblem) invalid.file = fileProblem;
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    try {
      const created = await create.mutateAsync({ name: trimmed, type, files });
      notifySuccess(t('assets.created', { name: created.name }));
      onClose();
    } catch (error) {
      setErrors(uploadErrorOf(error));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('assets.newTitle')}>
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
              setErrors((current) => ({ ...current, name: undefined }));
            }}
            error={errors.name}
            required
            data-autofocus
          />
          <Select
            label={t('assets.typeLabel')}
            data={ASSET_TYPES.map((value) => ({ value, label: t(`assets.type.${value}`) }))}
            value={type}
            onChange={(value) => {
              if (!value) return;
              setType(value as AssetType);
              // Files of the other kind would only be refused: choose again.
              if (assetFileKind(value as AssetType) !== kind) setFiles([]);
              setErrors((current) => ({ ...current, type: undefined, file: undefined }));
            }}
            allowDeselect={false}
            error={errors.type}
            comboboxProps={{ withinPortal: true }}
          />
          <FileInput
            label={t(kind === 'sound' ? 'assets.soundFiles' : 'assets.imageFiles')}
            description={t(kind === 'sound' ? 'assets.soundFilesHint' : 'assets.imageFilesHint', {
              max: formatBytes(ASSET_MAX_BYTES[kind]),
              count: ASSET_UPLOAD_FILES_MAX,
            })}
            multiple
            accept={acceptFor(type)}
            value={files}
            onChange={(chosen) => {
              setFiles(chosen);
              setErrors((current) => ({ ...current, file: undefined }));
            }}
            leftSection={<IconUpload size={16} aria-hidden />}
            clearable
            error={errors.file}
            required
          />
          {files.length > 0 && (
            <Text size="xs" c="gray.7">
              {files.map((file) => `${file.name} (${formatBytes(file.size)})`).join(', ')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('assets.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('assets.upload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
