import { Alert, Anchor, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { DiagnosisStatusBadge } from '../../components/diagnosis-form/index.ts';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useDiagnosticianClients } from './api.ts';

const PER_PAGE = 20;

/** /diagnostician-clients: the students assigned to the diagnostician across the project's teachers (issue 16 item 5). */
export function DiagnosticianClientsPage() {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useDiagnosticianClients({ term: debounced, page, per_page: PER_PAGE });
  const pages = list.data ? Math.ceil(list.data.meta.total / PER_PAGE) : 0;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('diagnosticianClients.title')}
      </Title>
      <Text c="gray.7" maw={720}>
        {t('diagnosticianClients.intro')}
      </Text>
      <SearchInput
        label={t('diagnosticianClients.search')}
        value={term}
        onChange={(value) => {
          setTerm(value);
          setPage(1);
        }}
      />
      {list.isPending && <Loader size="sm" aria-label={t('diagnosticianClients.loading')} />}
      {list.isError && (
        <Alert color="red" role="alert">
          {errorTextOf(list.error)}
        </Alert>
      )}
      {list.data && list.data.data.length === 0 && (
        <Text c="gray.7">
          {debounced ? t('diagnosticianClients.nothingFound') : t('diagnosticianClients.empty')}
        </Text>
      )}
      {list.data && list.data.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('diagnosticianClients.child')}</Table.Th>
                <Table.Th>{t('diagnosticianClients.teacher')}</Table.Th>
                <Table.Th>{t('diagnosticianClients.language')}</Table.Th>
                <Table.Th>{t('diagnosticianClients.diagnoses')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((client) => (
                <Table.Tr key={client.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/manage-diagnostician-clients/${client.id}`} fw={500}>
                      {client.child_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{client.teacher.name}</Table.Td>
                  <Table.Td>{t(`languages.${client.language}`)}</Table.Td>
                  <Table.Td>
                    {client.diagnoses.length === 0 ? (
                      <Text size="sm" c="gray.7">
                        {t('diagnosticianClients.none')}
                      </Text>
                    ) : (
                      <Stack gap={4}>
                        {client.diagnoses.map((diagnosis) => (
                          <Group key={diagnosis.id} gap="xs" wrap="nowrap">
                            <Anchor component={Link} to={`/manage-client-dc/${diagnosis.id}`} size="sm">
                              {diagnosis.card_title}
                            </Anchor>
                            <Text size="sm" c="gray.7">
                              {formatDate(diagnosis.diagnosed_on)}
                            </Text>
                            <DiagnosisStatusBadge status={diagnosis.status} />
                            {diagnosis.completed_at === null && (
                              <Text size="xs" c="gray.7">
                                {t('diagnoses.inProgress')}
                              </Text>
                            )}
                          </Group>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
    </Stack>
  );
}

export default DiagnosticianClientsPage;
