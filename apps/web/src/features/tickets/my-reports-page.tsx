import type { TicketListItem } from '@logoschool/contract';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FullLoader } from '../../components/full-loader.tsx';
import { type Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { routeId } from '../../lib/route-id.ts';
import { useCommentMyTicket, useMyTicket, useMyTickets } from './api/tickets.ts';
import { TicketFiles } from './components/ticket-files.tsx';
import { TicketHistory } from './components/ticket-history.tsx';
import { TicketStatusBadge } from './components/ticket-status-badge.tsx';

const LIST = '/my-reports';

/**
 * /my-reports and /my-reports/:ticketId (issue 33 item 1; not in spec §2, the profile menu links
 * it): the caller's own problem reports with their statuses, and one of them with what the
 * moderators said and did; the reporter answers while it is worked.
 */
export function MyReportsPage() {
  const { id, bad } = routeId(useParams().ticketId);
  if (bad) return <Navigate to="/not-found" replace />;
  return id === null ? <MyReportsList /> : <MyReport id={id} />;
}

function MyReportsList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const reports = useMyTickets(page);
  const columns: Column<TicketListItem>[] = [
    {
      key: 'id',
      header: t('tickets.list.number'),
      nowrap: true,
      cell: (row) => (
        <Anchor component={Link} to={`${LIST}/${row.id}`} aria-label={t('tickets.list.open', { id: row.id })}>
          #{row.id}
        </Anchor>
      ),
    },
    {
      key: 'problem',
      header: t('tickets.list.problem'),
      cell: (row) => (
        <Text size="sm" lineClamp={2}>
          {row.description}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('tickets.list.status'),
      cell: (row) => <TicketStatusBadge status={row.status} />,
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
      <PageHeader title={t('tickets.mine.title')} description={t('tickets.mine.description')} />
      <ListTable
        query={reports}
        empty={t('tickets.mine.empty')}
        paging={{ page, setPage }}
        label={t('tickets.mine.tableLabel')}
        rowKey={(row) => row.id}
        rowLink={(row) => `${LIST}/${row.id}`}
        columns={columns}
        minWidth={560}
        framed
      />
    </Stack>
  );
}

function MyReport({ id }: { id: number }) {
  const { t } = useTranslation();
  const report = useMyTicket(id);
  const comment = useCommentMyTicket(id);
  if (report.isPending) return <FullLoader />;
  if (report.isError) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    return (
      <Stack maw={560}>
        <Title order={1} size="h2">
          {t('tickets.mine.one', { id })}
        </Title>
        <ErrorAlert>{missing ? t('tickets.notFound') : errorTextOf(report.error)}</ErrorAlert>
        <Anchor component={Link} to={LIST}>
          ← {t('tickets.mine.back')}
        </Anchor>
      </Stack>
    );
  }
  const ticket = report.data;
  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to={LIST} size="sm">
        ← {t('tickets.mine.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {t('tickets.mine.one', { id: ticket.id })}
        </Title>
        <TicketStatusBadge status={ticket.status} />
      </Group>
      <Text size="sm" c="gray.8">
        {t(`tickets.mine.means.${ticket.status}`)}
      </Text>
      {ticket.decline_reason && (
        <Alert color="red" title={t('tickets.mine.declined')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {ticket.decline_reason}
          </Text>
        </Alert>
      )}
      {ticket.merged_into && (
        <Alert color="blue">
          {t('tickets.mine.merged', {
            id: ticket.merged_into.id,
            label: t(`tickets.status.${ticket.merged_into.status}`),
          })}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-report-problem">
        <Stack gap="xs">
          <Title order={2} size="h4" id="my-report-problem">
            {t('tickets.manage.problem')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{ticket.description}</Text>
          <TicketFiles files={ticket.files} />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-report-history">
        <Stack gap="xs">
          <Title order={2} size="h4" id="my-report-history">
            {t('tickets.manage.history')}
          </Title>
          <TicketHistory ticket={ticket} onComment={(text) => comment.mutateAsync(text)} />
        </Stack>
      </Paper>
    </Stack>
  );
}

export default MyReportsPage;
