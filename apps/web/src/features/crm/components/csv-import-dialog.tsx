import {
  CLIENT_IMPORT_COLUMNS,
  CLIENT_IMPORT_ROWS_MAX,
  type ClientImportResult,
  type ImportOutcome,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  List,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { fieldText } from '../../../lib/form.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { useImportClients } from '../api/import-clients.ts';
import { readClientsCsv, rowIsValid, templateCsv, type CsvRead, type CsvRow } from '../csv-import.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';

const OUTCOME_COLOR: Record<ImportOutcome, string> = {
  created: 'teal.9',
  updated: 'blue.9',
  refused: 'red.9',
};

/**
 * "Import CSV" on /clients (issue 14 item 4): the teacher picks a CSV file of students; it is read
 * and checked in the browser, previewed row by row with each row's problems, and its valid rows are
 * sent to `POST /clients/import`, which answers per row. `onImported` runs after an import that
 * saved anything (the students list is then fetched again).
 */
export function CsvImportButton({ onImported }: { onImported?: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // A new dialog each time it opens: no file or result of the last import is left in it.
  const [session, setSession] = useState(0);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} aria-hidden />}
        onClick={() => {
          setSession((value) => value + 1);
          setOpened(true);
        }}
      >
        {t('crm.import.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('crm.import.title')} size="xl">
        <CsvImport key={session} onClose={() => setOpened(false)} onImported={onImported} />
      </Modal>
    </>
  );
}

/** The dialog's content: the file, the preview, the import and its result. */
export function CsvImport({ onClose, onImported }: { onClose: () => void; onImported?: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [read, setRead] = useState<CsvRead | null>(null);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<ClientImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useImportClients();

  const pick = async (picked: File | null) => {
    setFile(picked);
    setRead(null);
    setResult(null);
    setFailure(null);
    if (!picked) return;
    setReading(true);
    try {
      setRead(await readClientsCsv(picked));
    } finally {
      setReading(false);
    }
  };

  const rows = read?.ok ? read.rows : [];
  const valid = rows.filter(rowIsValid);
  const outcomes = new Map<number, ClientImportResult['rows'][number]>();
  // The answer's rows are in the order sent: the valid rows of the file.
  result?.rows.forEach((answer) => {
    const row = valid[answer.index];
    if (row) outcomes.set(row.number, answer);
  });

  const submit = async () => {
    setFailure(null);
    try {
      const answer = await send.mutateAsync(valid.map((row) => row.cells));
      setResult(answer);
      if (answer.created + answer.updated > 0) onImported?.();
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  const downloadTemplate = () =>
    saveBlob(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }), t('crm.import.templateName'));

  return (
    <Stack>
      {/* How to make the file, until one is read: then the rows take the room. */}
      {!read?.ok && (
        <>
          <Text size="sm">{t('crm.import.intro', { count: CLIENT_IMPORT_ROWS_MAX })}</Text>
          <Text size="sm">
            {t('crm.import.columns')} <Code>{CLIENT_IMPORT_COLUMNS.join(', ')}</Code>
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('crm.import.requiredColumns')}</List.Item>
            <List.Item>{t('crm.import.formats')}</List.Item>
          </List>
        </>
      )}
      <Anchor
        component="button"
        type="button"
        size="sm"
        c="blue.9"
        w="fit-content"
        onClick={downloadTemplate}
      >
        {t('crm.import.template')}
      </Anchor>
      <FileInput
        label={t('crm.import.file')}
        description={t('crm.import.fileHint')}
        accept=".csv,text/csv"
        value={file}
        onChange={(picked) => void pick(picked)}
        leftSection={<IconUpload size={16} aria-hidden />}
        clearable
        clearButtonProps={{ 'aria-label': t('crm.import.clearFile') }}
        disabled={send.isPending}
      />
      {reading && <Text size="sm">{t('crm.import.reading')}</Text>}
      {read && !read.ok && (
        <Alert color="red" role="alert" title={t('crm.import.cannotRead')}>
          {t(`crm.import.problem.${read.problem.key}`, 'params' in read.problem ? read.problem.params : {})}
        </Alert>
      )}
      <ErrorAlert>{failure}</ErrorAlert>
      {result && (
        <Alert color={result.refused > 0 ? 'yellow' : 'teal'} role="status" title={t('crm.import.doneTitle')}>
          {t('crm.import.done', {
            created: result.created,
            updated: result.updated,
            refused: result.refused,
          })}
        </Alert>
      )}
      {read?.ok && (
        <>
          <Text size="sm" fw={600} role="status">
            {t('crm.import.summary', {
              count: rows.length,
              valid: valid.length,
              invalid: rows.length - valid.length,
            })}
          </Text>
          <Alert color="blue" variant="light" title={t('crm.import.howTitle')}>
            {t('crm.import.how')}
          </Alert>
          <PreviewTable rows={rows} outcomes={outcomes} />
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t(result ? 'crm.close' : 'actions.cancel')}
        </Button>
        {!result && (
          <Button onClick={() => void submit()} loading={send.isPending} disabled={valid.length === 0}>
            {t('crm.import.send', { count: valid.length })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The file's rows: what each holds, its problems, and after the import what became of it. */
function PreviewTable({
  rows,
  outcomes,
}: {
  rows: CsvRow[];
  outcomes: Map<number, ClientImportResult['rows'][number]>;
}) {
  const { t } = useTranslation();
  const problems = (row: CsvRow) => [
    ...(row.misshapen ? [t('crm.import.misshapen')] : []),
    ...row.issues.map((issue) => `${issue.field || t('crm.import.row')}: ${fieldText(t, issue)}`),
  ];
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Table striped verticalSpacing="xs" fz="sm" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('crm.import.row')}</Table.Th>
            <Table.Th>{t('crm.import.childName')}</Table.Th>
            <Table.Th>{t('crm.import.clientName')}</Table.Th>
            <Table.Th>{t('crm.import.birthdate')}</Table.Th>
            <Table.Th>{t('crm.import.remoteId')}</Table.Th>
            <Table.Th>{t('crm.import.check')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const said = problems(row);
            const outcome = outcomes.get(row.number);
            const refusals = outcome
              ? Object.entries(outcome.errors).flatMap(([field, messages]) =>
                  messages.map((message) => (field ? `${field}: ${message}` : message)),
                )
              : [];
            return (
              <Table.Tr key={row.number}>
                <Table.Td>{row.number}</Table.Td>
                <Table.Td>{row.cells.child_name}</Table.Td>
                <Table.Td>{row.cells.client_name}</Table.Td>
                <Table.Td>{row.cells.birthdate}</Table.Td>
                <Table.Td>{row.cells.remote_id}</Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    {outcome ? (
                      <Badge color={OUTCOME_COLOR[outcome.outcome]}>
                        {t(`crm.import.outcome.${outcome.outcome}`)}
                      </Badge>
                    ) : (
                      <Badge color={said.length > 0 ? 'red.9' : 'teal.9'}>
                        {said.length > 0 ? t('crm.import.notSent') : t('crm.import.ready')}
                      </Badge>
                    )}
                    {[...said, ...refusals].map((message) => (
                      <Text key={message} size="xs" c="red.9">
                        {message}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
