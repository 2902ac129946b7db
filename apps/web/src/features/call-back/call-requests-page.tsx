import {
  CALL_REQUEST_STATUSES,
  rolesMay,
  type CallRequestRow,
  type CallRequestStatus,
} from '@logoschool/contract';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPhoneCall, IconRefresh, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { RowButtons } from '../../components/list/row-actions.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls, useUrlChoice } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../session/session.tsx';
import {
  useCallAgent,
  useCallRequestAction,
  useCallRequestCounts,
  useCallRequests,
} from './api/call-back.ts';
import { AgentDialog } from './components/agent-dialog.tsx';

const PER_PAGE = 20;

const STATUS_COLOR: Record<CallRequestStatus, string> = {
  waiting: 'yellow.9',
  requested: 'blue.9',
  started: 'teal.9',
  failed: 'red.9',
  done: 'gray.7',
};

/** The tabs in the order a manager works through them: what needs a person first. */
const TABS: readonly CallRequestStatus[] = ['waiting', 'failed', 'requested', 'started', 'done'];

/**
 * /call-requests (issue 29 item 4): the parents' call-back requests by status, with their counts,
 * searched by phone or child; a manager marks one done or asks the phone agent again; admins and
 * root set the agent here too.
 */
export function CallRequestsPage() {
  const { t, i18n } = useTranslation();
  const { held } = useSession();
  const [status, setStatus] = useUrlChoice('status', CALL_REQUEST_STATUSES, 'waiting');
  const list = useListControls({}, { firstPageOn: status });
  const requests = useCallRequests({ status, search: list.search, page: list.page, per_page: PER_PAGE });
  const counts = useCallRequestCounts().data;
  const mayAgent = rolesMay(held, 'callRequests.agent');
  const agent = useCallAgent();
  const [editingAgent, setEditingAgent] = useState(false);
  const act = useCallRequestAction();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const run = async (row: CallRequestRow, action: 'done' | 'retry') => {
    try {
      const after = await act.mutateAsync({ id: row.id, action });
      notifySuccess(
        t(`callBack.list.${action === 'done' ? 'markedDone' : `retried.${after.status}`}`, {
          phone: row.phone,
        }),
      );
    } catch (error) {
      notifyError(errorTextOf(error));
    }
  };

  const columns: Column<CallRequestRow>[] = [
    {
      key: 'when',
      header: t('callBack.list.asked'),
      nowrap: true,
      cell: (row) => when.format(new Date(row.created_at)),
    },
    {
      key: 'phone',
      header: t('callBack.list.phone'),
      cell: (row) => (
        <>
          <Anchor href={`tel:${row.phone}`} size="sm">
            {row.phone}
          </Anchor>
          <Text size="xs" c="gray.7">
            {t(`callBack.windows.${row.window}`)} · {row.time_zone}
          </Text>
        </>
      ),
    },
    {
      key: 'child',
      header: t('callBack.list.child'),
      cell: (row) => (
        <>
          <Text size="sm">{row.client?.name ?? row.child_name ?? '—'}</Text>
          <Text size="xs" c="gray.7">
            {t(`callBack.source.${row.source}`)} · {t(`languages.${row.language}`)}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: t('callBack.list.status'),
      cell: (row) => (
        <>
          <Badge autoContrast color={STATUS_COLOR[row.status]}>
            {t(`callBack.status.${row.status}`)}
          </Badge>
          {row.reason && row.status !== 'done' && (
            <Text size="xs" c="gray.7">
              {t(`callBack.reason.${row.reason}`)}
              {row.detail ? ` (${row.detail})` : ''} · {t('callBack.list.attempts', { count: row.attempts })}
            </Text>
          )}
          {row.next_attempt_at && (
            <Text size="xs" c="gray.7">
              {t('callBack.list.nextAttempt', { time: when.format(new Date(row.next_attempt_at)) })}
            </Text>
          )}
          {row.done_by && (
            <Text size="xs" c="gray.7">
              {t('callBack.list.doneBy', { name: row.done_by })}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('callBack.list.actions'),
      hiddenHeader: true,
      cell: (row) => (
        <RowButtons
          actions={[
            {
              label: t('callBack.list.retry'),
              name: t('callBack.list.retryFor', { phone: row.phone }),
              icon: IconRefresh,
              onClick: () => void run(row, 'retry'),
              hidden:
                !(agent.data?.configured ?? !mayAgent) ||
                !(row.status === 'failed' || row.status === 'waiting'),
            },
            {
              label: t('callBack.list.done'),
              name: t('callBack.list.doneFor', { phone: row.phone }),
              icon: IconCircleCheck,
              strong: true,
              onClick: () => void run(row, 'done'),
              hidden: row.status === 'done',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg" maw={1280}>
      <PageHeader
        title={t('callBack.list.title')}
        description={t('callBack.list.description')}
        actions={
          mayAgent && (
            <Button
              variant="default"
              leftSection={<IconSettings size={18} aria-hidden />}
              onClick={() => setEditingAgent(true)}
              disabled={!agent.data}
            >
              {t('callBack.agent.open')}
            </Button>
          )
        }
      />
      {mayAgent && agent.data && (
        <Group gap="xs">
          <IconPhoneCall size={18} aria-hidden />
          <Text size="sm">
            {agent.data.configured
              ? t('callBack.agent.stateOn', { url: agent.data.url })
              : t('callBack.agent.stateOff')}
          </Text>
        </Group>
      )}
      <StatusTabs
        label={t('callBack.list.statusesLabel')}
        value={status}
        onChange={setStatus}
        tabs
        options={TABS.map((value) => ({
          value,
          label: t(`callBack.status.${value}`),
          count: counts?.[value],
        }))}
      />
      <SearchInput label={t('callBack.list.search')} value={list.term} onChange={list.setTerm} width={320} />
      <ListTable
        query={requests}
        empty={list.narrowed ? t('callBack.list.noMatches') : t(`callBack.list.empty.${status}`)}
        paging={list}
        label={t('callBack.list.tableLabel')}
        rowKey={(row) => row.id}
        columns={columns}
        minWidth={680}
        framed
      />
      <AgentDialog
        agent={editingAgent ? (agent.data ?? null) : null}
        onClose={() => setEditingAgent(false)}
      />
    </Stack>
  );
}

export default CallRequestsPage;
