import { PER_PAGE_DEFAULT } from '@logoschool/contract';
import { Badge, Button, Group, Pagination, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useClients } from './api/clients.ts';

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
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = plans && params.get('tab') === 'plans' ? 'plans' : 'students';
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [page, setPage] = useState(1);
  const clients = useClients({ term: debounced, page, per_page: PER_PAGE_DEFAULT });
  const rows = clients.data?.data ?? [];
  const total = clients.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE_DEFAULT));

  const students = (
    <>
      <SearchInput
        label={t('clients.search')}
        value={term}
        onChange={(value) => {
          setTerm(value);
          setPage(1);
        }}
      />
      {clients.isSuccess && rows.length === 0 ? (
        <Text c="gray.7" py="xl" ta="center">
          {debounced ? t('clients.noMatches') : t('clients.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('clients.childName')}</Table.Th>
                <Table.Th>{t('clients.birthdate')}</Table.Th>
                <Table.Th>{t('clients.clientName')}</Table.Th>
                <Table.Th>{t('clients.customThemes')}</Table.Th>
                <Table.Th>{t('clients.parentRequest')}</Table.Th>
                <Table.Th>{t('clients.commentForTeacher')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((client) => (
                <Table.Tr
                  key={client.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => void navigate(`/edit-client/${client.id}`)}
                >
                  <Table.Td>
                    <Link to={`/edit-client/${client.id}`}>{client.child_name}</Link>
                  </Table.Td>
                  <Table.Td>
                    {client.birthdate ? (
                      <>
                        {formatDate(client.birthdate)}
                        <Text span c="gray.7" size="sm">
                          {' · '}
                          {t('clients.age', { age: client.age ?? 0 })}
                        </Text>
                      </>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{client.client_name}</Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {client.parent_request}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {client.comment_for_teacher}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
    </>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('clients.title')}
        </Title>
        <Group gap="sm">
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
        </Group>
      </Group>
      {plans ? (
        <Tabs
          value={tab}
          onChange={(next) => setParams(next === 'plans' ? { tab: 'plans' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="students">{t('plans.tabStudents')}</Tabs.Tab>
            <Tabs.Tab value="plans">{t('plans.tabPlans')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="students" pt="md">
            <Stack gap="md">{students}</Stack>
          </Tabs.Panel>
          <Tabs.Panel value="plans" pt="md">
            {plans}
          </Tabs.Panel>
        </Tabs>
      ) : (
        students
      )}
    </Stack>
  );
}

export default ClientsPage;
