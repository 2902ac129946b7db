import { PER_PAGE_DEFAULT, type Client } from '@logoschool/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { useListControls, useUrlChoice } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { UrlTabs } from '../../components/url-tabs.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useClients } from './api/clients.ts';

const TABS = ['students', 'plans'] as const;

/**
 * /clients: the teacher's students, with search (the teacher's index screen, spec §2). With `plans`
 * (another feature's list, composed in app/) the students and the plans are two tabs, the open one
 * kept in the address (`?tab=plans`).
 */
export function ClientsPage({
  plans,
  importer,
}: {
  plans?: ReactNode;
  /** Another feature's import action (composed in app/); it calls back after adding students. */
  importer?: (onImported: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [tabParam] = useUrlChoice('tab', TABS, 'students');
  const tab = plans ? tabParam : 'students';
  const list = useListControls();
  const clients = useClients({ term: list.search, page: list.page, per_page: PER_PAGE_DEFAULT });
  const columns: Column<Client>[] = [
    {
      key: 'child',
      header: t('clients.childName'),
      cell: (client) => <Link to={`/edit-client/${client.id}`}>{client.child_name}</Link>,
    },
    {
      key: 'birthdate',
      header: t('clients.birthdate'),
      cell: (client) =>
        client.birthdate ? (
          <>
            {formatDate(client.birthdate)}
            <Text span c="gray.7" size="sm">
              {' · '}
              {t('clients.age', { age: client.age ?? 0 })}
            </Text>
          </>
        ) : (
          '—'
        ),
    },
    { key: 'client', header: t('clients.clientName'), cell: (client) => client.client_name },
    {
      key: 'themes',
      header: t('clients.customThemes'),
      cell: (client) => (
        <Group gap={4}>
          {client.themes.map((theme) => (
            <Badge key={theme.id} color="blue.9" size="sm">
              {theme.name}
            </Badge>
          ))}
          {client.custom_themes.map((theme) => (
            <Badge key={theme} color="gray.7" variant="outline" size="sm">
              {theme}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'request', header: t('clients.parentRequest'), cell: (client) => clamped(client.parent_request) },
    {
      key: 'comment',
      header: t('clients.commentForTeacher'),
      cell: (client) => clamped(client.comment_for_teacher),
    },
  ];

  const students = (
    <>
      <SearchInput label={t('clients.search')} value={list.term} onChange={list.setTerm} />
      <ListTable
        query={clients}
        empty={list.narrowed ? t('clients.noMatches') : t('clients.empty')}
        paging={list}
        rowKey={(client) => client.id}
        columns={columns}
        minWidth={720}
        highlightOnHover
        rowLink={(client) => `/edit-client/${client.id}`}
      />
    </>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('clients.title')}
        actions={
          <>
            {/* The teacher's protocol templates: spec §2 gives them no navigation item. */}
            <Button component={Link} to="/protocols-templates-teacher" variant="default">
              {t('templates.teacherListLink')}
            </Button>
            {tab === 'students' && importer?.(() => void clients.refetch())}
            {tab === 'students' && (
              <Button component={Link} to="/edit-client" leftSection={<IconPlus size={16} />}>
                {t('clients.add')}
              </Button>
            )}
          </>
        }
      />
      {plans ? (
        <UrlTabs
          tabs={[
            {
              value: 'students',
              label: t('plans.tabStudents'),
              panel: () => <Stack gap="md">{students}</Stack>,
            },
            { value: 'plans', label: t('plans.tabPlans'), panel: () => plans },
          ]}
        />
      ) : (
        students
      )}
    </Stack>
  );
}

/** A long text in a cell: two lines at most. */
const clamped = (text: string | null) => (
  <Text size="sm" lineClamp={2}>
    {text}
  </Text>
);

export default ClientsPage;
