import type { TicketObjectKind } from '@logoschool/contract';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActingFor } from '../../../session/session.tsx';
import { useTickets } from '../api/tickets.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';

/** How many of an object's reports the small list shows. */
const SHOWN = 5;

/**
 * The problem reports about an exercise or a story, on its page for whoever works reports (issue 33
 * item 1): the latest few, each a link to its report; nothing when there are none.
 */
export function ObjectReports({ object }: { object: { kind: TicketObjectKind; id: number } }) {
  const { t } = useTranslation();
  const acting = useActingFor('tickets.manage');
  const reports = useTickets(
    { object_kind: object.kind, object_id: object.id, page: 1, per_page: SHOWN },
    acting !== null,
  );
  const rows = reports.data?.data ?? [];
  if (acting === null || rows.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="object-reports-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="object-reports-title">
          {t('tickets.objectReports.title', { count: reports.data?.meta.total ?? rows.length })}
        </Title>
        {rows.map((row) => (
          <Group key={row.id} gap="sm" wrap="nowrap" justify="space-between">
            <Anchor component={Link} to={`/manage-report/${row.id}`} size="sm" lineClamp={1}>
              #{row.id} · {row.slide ? `${t('tickets.slide', { number: row.slide })} · ` : ''}
              {row.description}
            </Anchor>
            <TicketStatusBadge status={row.status} />
          </Group>
        ))}
        {(reports.data?.meta.total ?? 0) > SHOWN && (
          <Text size="sm">
            <Anchor component={Link} to={`/reports-tickets?object=${object.kind}-${object.id}`}>
              {t('tickets.objectReports.all')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
