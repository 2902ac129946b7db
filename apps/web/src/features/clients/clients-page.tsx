import { PER_PAGE_DEFAULT, type ClientListItem } from '@logoschool/contract';
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
import { PlanStatusBadge } from '../../components/plan-status-badge.tsx';
import { formatDate, formatDateTime } from '../../i18n/dates.ts';
import { useClients } from './api/clients.ts';

const TABS = ['students', 'plans'] as const;

/**
 * /clients: the teacher's students, with search by the child's or the parent's name (the teacher's
 * index screen, spec §2): each with age, lesson language, the current plan's status and the next
 * lesson, what a teacher looks for before a session. With `plans`
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
  const columns: Column<ClientListItem>[] = [
    {
      key: 'child',
      header: t('clients.childName'),
      cell: (client) => <Link to={`/edit-client/${client.id}`}>{client.child_name}</Link>,
    },
    {
      key: 'age',
      header: t('clients.ageColumn'),
      nowrap: true,
      cell: (client) =>
        client.birthdate ? (
          <>
            <Text span size="sm">
              {t('clients.age', { count: client.age ?? 0 })}
            </Text>
            <Text size="xs" c="gray.7">
              {formatDate(client.birthdate)}
            </Text>
          </>
        ) : (
          '—'
        ),
    },
    { key: 'client', header: t('clients.clientName'), cell: (client) => client.client_name },
    {
      key: 'language',
      header: t('clients.language'),
      nowrap: true,
      cell: (client) => t(`languages.${client.language}`),
    },
    {
      key: 'plan',
      header: t('clients.plan'),
      cell: (client) =>
        client.current_plan ? (
          <Stack gap={2} align="flex-start">
            <PlanStatusBadge status={client.current_plan.status} />
            <Text size="xs" c="gray.7">
              {t('clients.planUntil', { date: formatDate(client.current_plan.deadline) })}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="gray.7">
            {t('clients.noPlan')}
          </Text>
        ),
    },
    {
      key: 'next',
      header: t('clients.nextLesson'),
      nowrap: true,
      cell: (client) =>
        client.next_lesson ? (
          formatDateTime(client.next_lesson.starts_at)
        ) : (
          <Text size="sm" c="gray.7">
            {t('clients.noNextLesson')}
          </Text>
        ),
    },
    {
      key: 'themes',
      header: t('clients.interests'),
      cell: (client) =>
        badges(
          client.themes.map((theme) => theme.name),
          'blue.9',
          'filled',
        ),
    },
    {
      key: 'custom',
      header: t('clients.customThemes'),
      cell: (client) => badges(client.custom_themes, 'gray.7', 'outline'),
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
        minWidth={1100}
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

/** Interests as badges: the project's themes filled, the family's own words outlined. */
const badges = (names: string[], color: string, variant: 'filled' | 'outline') => (
  <Group gap={4}>
    {names.map((name) => (
      <Badge key={name} color={color} variant={variant} size="sm">
        {name}
      </Badge>
    ))}
  </Group>
);

/** A long text in a cell: two lines at most. */
const clamped = (text: string | null) => (
  <Text size="sm" lineClamp={2}>
    {text}
  </Text>
);

export default ClientsPage;
