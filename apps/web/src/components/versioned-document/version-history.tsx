import { Alert, Button, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.ts';
import { useDocumentVersions, useVersionsDiff } from './api.ts';
import { VersionDiffView, type DiffLabels } from './version-diff-view.tsx';

/** The "to" picker's value for what the caller reads now. */
const NOW = 'now';

/** The document the versions are of. */
export interface HistoryProps {
  /** The document's API address (`/templates/7`). */
  path: string;
  /** Its latest published version. */
  latest: number;
  /** When its working copy was last saved: a save asks for the difference again. */
  saved: string;
  /** Whether the caller reads the working copy (else the latest version). */
  working: boolean;
  labels: DiffLabels;
}

/**
 * The versions dialog of a saved document (`path`, its API address); null before its first
 * publication, when there is nothing to compare.
 */
export function historyOf(
  path: string,
  document: { version: number; updated_at: string } | null,
  working: boolean,
  labels: DiffLabels,
): HistoryProps | null {
  if (!document || document.version === 0) return null;
  return { path, latest: document.version, saved: document.updated_at, working, labels };
}

/**
 * A document's published versions and the difference between any two (decision 030), in a dialog
 * opened from the edit page: which version, when and by whom, then "from" and "to" pickers, "to"
 * defaulting to the working copy for whom keeps it (what publishing would change) and the changes
 * listed below.
 */
export function VersionHistory(props: HistoryProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setOpened(true)}>
        {t('versions.history')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('versions.history')} size="xl">
        {opened && <History {...props} />}
      </Modal>
    </>
  );
}

function History({ path, latest, saved, working, labels }: HistoryProps) {
  const { t } = useTranslation();
  const versions = useDocumentVersions(path, latest);
  const [from, setFrom] = useState<number>(working ? latest : Math.max(1, latest - 1));
  const [to, setTo] = useState<string>(NOW);
  const toVersion = to === NOW ? null : Number(to);
  const diff = useVersionsDiff(path, latest, from, toVersion, saved);
  const numbers = (versions.data ?? []).map((one) => ({
    value: String(one.version),
    label: t('versions.version', { version: one.version }),
  }));
  const now = { value: NOW, label: working ? t('versions.workingCopy') : t('versions.latest') };

  if (versions.isPending) return <Loader size="sm" aria-label={t('versions.loading')} />;
  if (versions.isError) {
    return <Alert color="red">{t('versions.loadFailed')}</Alert>;
  }
  return (
    <Stack gap="md">
      <Table aria-label={t('versions.published')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('versions.columns.version')}</Table.Th>
            <Table.Th>{t('versions.columns.when')}</Table.Th>
            <Table.Th>{t('versions.columns.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.data.map((one) => (
            <Table.Tr key={one.version}>
              <Table.Td>{one.version}</Table.Td>
              <Table.Td>{formatDateTime(one.published_at)}</Table.Td>
              <Table.Td>{one.published_by?.name ?? t('versions.unknownPublisher')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group grow>
        <Select
          label={t('versions.from')}
          data={numbers}
          value={String(from)}
          allowDeselect={false}
          onChange={(value) => value && setFrom(Number(value))}
        />
        <Select
          label={t('versions.to')}
          data={[now, ...numbers]}
          value={to}
          allowDeselect={false}
          onChange={(value) => value && setTo(value)}
        />
      </Group>
      <section aria-label={t('versions.differences')}>
        {diff.isPending ? (
          <Loader size="sm" aria-label={t('versions.loading')} />
        ) : diff.isError ? (
          <Alert color="red">{t('versions.diffFailed')}</Alert>
        ) : (
          <VersionDiffView diff={diff.data} labels={labels} />
        )}
      </section>
      <Text size="xs" c="gray.7">
        {working ? t('versions.workingCopyHint') : ''}
      </Text>
    </Stack>
  );
}
