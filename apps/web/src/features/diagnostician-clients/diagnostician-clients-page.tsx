import { PER_PAGE_DEFAULT, type DiagnosticianClient } from '@logoschool/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DiagnosisStatusBadge } from '../../components/diagnosis-form/index.ts';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useDiagnosticianClients } from './api.ts';

/** /diagnostician-clients: the students assigned to the diagnostician across the project's teachers (issue 16 item 5). */
export function DiagnosticianClientsPage() {
  const { t } = useTranslation();
  const list = useListControls();
  const clients = useDiagnosticianClients({ term: list.search, page: list.page, per_page: PER_PAGE_DEFAULT });
  const columns: Column<DiagnosticianClient>[] = [
    {
      key: 'child',
      header: t('diagnosticianClients.child'),
      cell: (client) => (
        <Anchor component={Link} to={`/manage-diagnostician-clients/${client.id}`} fw={500}>
          {client.child_name}
        </Anchor>
      ),
    },
    { key: 'teacher', header: t('diagnosticianClients.teacher'), cell: (client) => client.teacher.name },
    {
      key: 'language',
      header: t('diagnosticianClients.language'),
      cell: (client) => t(`languages.${client.language}`),
    },
    {
      key: 'diagnoses',
      header: t('diagnosticianClients.diagnoses'),
      cell: (client) =>
        client.diagnoses.length === 0 ? (
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
        ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={t('diagnosticianClients.title')} description={t('diagnosticianClients.intro')} />
      <SearchInput label={t('diagnosticianClients.search')} value={list.term} onChange={list.setTerm} />
      <ListTable
        query={clients}
        empty={list.narrowed ? t('diagnosticianClients.nothingFound') : t('diagnosticianClients.empty')}
        paging={list}
        rowKey={(client) => client.id}
        columns={columns}
        minWidth={640}
        striped={false}
      />
    </Stack>
  );
}

export default DiagnosticianClientsPage;
