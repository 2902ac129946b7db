import type { Asset } from '@logoschool/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteAsset } from '../api/save-asset.ts';

/**
 * Asks before deleting an asset with its files. The server refuses while a theme has it attached:
 * its message then shows here and the library stays as it was.
 */
export function DeleteAssetModal({ asset, onClose }: { asset: Asset | null; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteAsset();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(asset);
  if (asset !== shownFor) {
    setShownFor(asset);
    setRefusal(null);
  }

  const confirm = async () => {
    if (!asset) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(asset.id);
      notifySuccess(t('assets.deleted', { name: asset.name }));
      onClose();
    } catch (error) {
      setRefusal(errorTextOf(error));
    }
  };

  return (
    <Modal opened={asset !== null} onClose={onClose} title={t('assets.deleteTitle')}>
      <Stack>
        <Text maw={400}>{t('assets.deleteQuestion', { name: asset?.name ?? '' })}</Text>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('assets.cancel')}
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={remove.isPending}>
            {t('assets.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
