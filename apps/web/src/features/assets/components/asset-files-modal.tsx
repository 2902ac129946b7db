import { assetFileKind, type Asset } from '@logoschool/contract';
import { Alert, Button, FileInput, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddAssetFile, useRemoveAssetFile } from '../api/asset-media.ts';
import { acceptFor, checkAssetFiles, formatBytes, uploadErrorOf } from '../asset-upload.ts';
import { AssetPreview } from '../../../components/assets/asset-preview.tsx';

/**
 * The files of an asset: each with its preview, to remove (not the last one), and a file to add.
 * The dialog follows the asset as the server answers each change.
 */
export function AssetFilesModal({ asset, onClose }: { asset: Asset | null; onClose(): void }) {
  const { t } = useTranslation();
  const add = useAddAssetFile();
  const remove = useRemoveAssetFile();
  const [current, setCurrent] = useState(asset);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(asset);
  if (asset !== shownFor) {
    setShownFor(asset);
    setCurrent(asset);
    setFile(null);
    setFileError(null);
    setRefusal(null);
  }

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return;
    const problem = checkAssetFiles(file ? [file] : [], current.type, t, 1);
    if (problem || !file) return setFileError(problem);
    setRefusal(null);
    try {
      setCurrent(await add.mutateAsync({ assetId: current.id, file }));
      notifySuccess(t('assets.fileAdded', { file: file.name }));
      setFile(null);
    } catch (error) {
      const reason = uploadErrorOf(error);
      setFileError(reason.file ?? reason.form ?? reason.name ?? null);
    }
  };

  const removeFile = async (fileId: number, fileName: string) => {
    setRefusal(null);
    try {
      setCurrent(await remove.mutateAsync(fileId));
      notifySuccess(t('assets.fileRemoved', { file: fileName }));
    } catch (error) {
      setRefusal(errorTextOf(error));
    }
  };

  return (
    <Modal
      opened={asset !== null}
      onClose={onClose}
      title={t('assets.filesTitle', { name: current?.name ?? '' })}
      size="lg"
    >
      {current && (
        <Stack>
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {current.files.map((item) => (
              <Paper key={item.id} component="li" withBorder radius="md" p="xs">
                <Group wrap="nowrap" align="center">
                  <div style={{ width: assetFileKind(current.type) === 'sound' ? 260 : 96, flexShrink: 0 }}>
                    <AssetPreview
                      fileUrl={item.file_url}
                      type={current.type}
                      name={item.original_name}
                      height={72}
                    />
                  </div>
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {item.original_name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {item.mime} · {formatBytes(item.size)}
                    </Text>
                  </Stack>
                  <Button
                    variant="default"
                    size="compact-sm"
                    leftSection={<IconTrash size={14} color="var(--mantine-color-red-9)" aria-hidden />}
                    aria-label={t('assets.removeFile', { file: item.original_name })}
                    loading={remove.isPending && remove.variables === item.id}
                    onClick={() => void removeFile(item.id, item.original_name)}
                  >
                    {t('assets.remove')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
          <form onSubmit={(event) => void upload(event)} noValidate>
            <Group align="flex-start" gap="xs">
              <FileInput
                label={t('assets.addFile')}
                accept={acceptFor(current.type)}
                value={file}
                onChange={(chosen) => {
                  setFile(chosen);
                  setFileError(null);
                }}
                leftSection={<IconUpload size={16} aria-hidden />}
                clearable
                error={fileError}
                style={{ flex: 1 }}
              />
              <Button type="submit" mt={25} loading={add.isPending}>
                {t('assets.upload')}
              </Button>
            </Group>
          </form>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('assets.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
