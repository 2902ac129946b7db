import { PER_PAGE_DEFAULT } from '@logoschool/contract';
import { Badge, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useClients } from './api/clients.ts';

/** /clients: the teacher's students, with search (the teacher's index screen, spec §2). */
export function ClientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [page, setPage] = useState(1);
  const clients = useClients({ term: debounced, page, per_page: PER_PAGE_DEFAULT });
  const rows = clients.data?.data ?? [];
  const total = clients.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE_DEFAULT));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('clients.title')}
        </Title>
        <Button component={Link} to="/edit-client" leftSection={<IconPlus size={16} />}>
          {t('clients.add')}
        </Button>
      </Group>
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
                      {client.custom_themes.map((theme) => (
                        <Badge key={theme} color="blue.9" size="sm">
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
    </Stack>
  );
}

export default ClientsPage;
