import type { Language } from '@logoschool/contract';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { LANGUAGE_LABELS } from '../../../i18n/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useImportLanguage } from '../api/translations.ts';

/**
 * A language's JSON file made into drafts: the server refuses it whole for a key the language has
 * no text under or a text the editor would refuse, and names each; nothing is published until the
 * drafts are.
 */
export function ImportDialog({ language, onClose }: { language: Language | null; onClose: () => void }) {
  const { t } = useTranslation();
  const importing = useImportLanguage();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; errors: [string, string[]][] } | null>(null);

  const close = () => {
    setFile(null);
    setRefusal(null);
    onClose();
  };

  const send = async () => {
    if (!file || !language) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setRefusal({ message: t('localization.importDialog.notJson'), errors: [] });
      return;
    }
    try {
      const done = await importing.mutateAsync({ language, file: parsed });
      notifySuccess(t('localization.importDialog.done', { count: done.drafted }));
      close();
    } catch (error) {
      setRefusal({
        message: error instanceof Error ? error.message : t('errors.generic'),
        errors: error instanceof ApiError ? Object.entries(error.fieldErrors) : [],
      });
    }
  };

  return (
    <Modal
      opened={language !== null}
      onClose={close}
      title={t('localization.importDialog.title', { language: language ? LANGUAGE_LABELS[language] : '' })}
    >
      <Stack gap="md">
        <Text size="sm">{t('localization.importDialog.hint')}</Text>
        {refusal && (
          <Alert color="red" title={refusal.message}>
            {refusal.errors.length > 0 && (
              <List size="sm">
                {refusal.errors.map(([key, messages]) => (
                  <List.Item key={key}>
                    <b>{key}</b>: {messages.join(' ')}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <FileInput
          label={t('localization.importDialog.file')}
          accept="application/json,.json"
          value={file}
          onChange={(next) => {
            setFile(next);
            setRefusal(null);
          }}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button disabled={!file} loading={importing.isPending} onClick={() => void send()}>
            {t('localization.importDialog.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
