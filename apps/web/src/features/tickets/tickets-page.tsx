import { TICKET_STATUSES, type TicketListItem, type TicketObjectKind } from '@logoschool/contract';
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls, useUrlChoice, useUrlParam } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../session/session.tsx';
import { useTicketAssignees, useTickets } from './api/tickets.ts';
import { TicketStatusBadge } from './components/ticket-status-badge.tsx';

const PER_PAGE = 20;

/** `?object=exercise-12`: the list narrowed to one object's reports (its page links here). */
function objectOf(value: string | null): { kind: TicketObjectKind; id: number } | null {
  const match = /^(exercise|story)-([1-9]\d{0,9})$/.exec(value ?? '');
  return match ? { kind: match[1] as TicketObjectKind, id: Number(match[2]) } : null;
}

/**
 * /reports-tickets (spec §2; issue 33 item 1): the project's problem reports by status with their
 * counts, searched by words, the reporter or `#number`, by assignee; a row opens its report.
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [status, setStatus] = useUrlChoice('status', TICKET_STATUSES, 'new');
  const [rawObject, setObject] = useUrlParam('object');
  const object = objectOf(rawObject);
  const list = useListControls<{ assignee: string }>(
    { assignee: 'any' },
    { firstPageOn: `${status} ${rawObject}` },
  );
  const assignee =
    list.filter.assignee === 'any'
      ? undefined
      : list.filter.assignee === 'none'
        ? 'none'
        : Number(list.filter.assignee);
  const tickets = useTickets({
    status,
    term: list.search,
    assignee,
    ...(object ? { object_kind: object.kind, object_id: object.id } : {}),
    page: list.page,
    per_page: PER_PAGE,
  });
  const people = useTicketAssignees().data ?? [];
  const counts = tickets.data?.counts;

  const columns: Column<TicketListItem>[] = [
    {
      key: 'id',
      header: t('tickets.list.number'),
      nowrap: true,
      cell: (row) => (
        <Anchor
          component={Link}
          to={`/manage-report/${row.id}`}
          aria-label={t('tickets.list.open', { id: row.id })}
        >
          #{row.id}
        </Anchor>
      ),
    },
    {
      key: 'problem',
      header: t('tickets.list.problem'),
      cell: (row) => (
        <>
          <Text size="sm" lineClamp={2}>
            {row.description}
          </Text>
          <Text size="xs" c="gray.7">
            {[
              row.reporter.name,
              row.object
                ? `${row.object.title ?? t(`tickets.object.${row.object.kind}`, { id: row.object.id })}${row.slide ? ` · ${t('tickets.slide', { number: row.slide })}` : ''}`
                : null,
              row.attachments > 0 ? t('tickets.list.files', { count: row.attachments }) : null,
              row.comments > 0 ? t('tickets.list.comments', { count: row.comments }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: t('tickets.list.status'),
      cell: (row) => <TicketStatusBadge status={row.status} />,
    },
    {
      key: 'assignee',
      header: t('tickets.list.assignee'),
      cell: (row) => row.assignee?.name ?? t('tickets.list.nobody'),
    },
    {
      key: 'updated',
      header: t('tickets.list.updated'),
      nowrap: true,
      cell: (row) => formatDateTime(row.updated_at),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('tickets.list.title')} description={t('tickets.list.description')} />
      <StatusTabs
        label={t('tickets.list.statuses')}
        value={status}
        onChange={setStatus}
        tabs
        options={TICKET_STATUSES.map((value) => ({
          value,
          label: t(`tickets.status.${value}`),
          count: counts?.[value],
        }))}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput label={t('tickets.list.search')} value={list.term} onChange={list.setTerm} width={320} />
        <Select
          label={t('tickets.list.assignee')}
          value={list.filter.assignee}
          onChange={(value) => list.setFilter({ assignee: value ?? 'any' })}
          allowDeselect={false}
          w={240}
          data={[
            { value: 'any', label: t('tickets.list.anyone') },
            { value: 'none', label: t('tickets.list.nobody') },
            ...(user ? [{ value: String(user.id), label: t('tickets.list.me') }] : []),
            ...people
              .filter((person) => person.id !== user?.id)
              .map((person) => ({ value: String(person.id), label: person.name })),
          ]}
        />
        {object && (
          <Button
            variant="default"
            rightSection={<IconX size={14} aria-hidden />}
            onClick={() => setObject(null)}
          >
            {t(`tickets.list.onlyObject.${object.kind}`, { id: object.id })}
          </Button>
        )}
      </Group>
      <ListTable
        query={tickets}
        empty={list.narrowed || object ? t('tickets.list.noMatches') : t(`tickets.list.empty.${status}`)}
        paging={list}
        label={t('tickets.list.tableLabel')}
        rowKey={(row) => row.id}
        rowLink={(row) => `/manage-report/${row.id}`}
        columns={columns}
        minWidth={760}
        framed
      />
    </Stack>
  );
}

export default TicketsPage;
