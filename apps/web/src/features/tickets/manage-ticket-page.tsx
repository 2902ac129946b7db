import {
  TICKET_REASON_MAX,
  ticketActionInput,
  ticketMergeInput,
  ticketObjectScreen,
  type Ticket,
  type TicketAction,
} from '@logoschool/contract';
import { Anchor, Button, Grid, Group, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowsJoin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { ConfirmActionModal } from '../../components/confirm-action-modal.tsx';
import { DialogForm, FormDialog, useDialogForm } from '../../components/dialog-form.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Fact } from '../../components/fact.tsx';
import { FullLoader } from '../../components/full-loader.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import { useChangeTicket, useTicket } from './api/tickets.ts';
import { TicketFiles } from './components/ticket-files.tsx';
import { TicketHistory } from './components/ticket-history.tsx';
import { TicketStatusBadge } from './components/ticket-status-badge.tsx';

const LIST = '/reports-tickets';

/**
 * /manage-report/:ticketId (spec §2; issue 33 item 1): one report as a moderator works it: what was
 * reported, the context with a link to the exercise or story, the files, spec §4's actions allowed
 * now (decline asks why, delete asks first), merging it into another, and the whole history with
 * comments. Without an id the address leads to the list.
 */
export function ManageTicketPage() {
  const { t } = useTranslation();
  const { id, bad } = routeId(useParams().ticketId);
  const ticket = useTicket(id);
  if (bad) return <Navigate to="/not-found" replace />;
  if (id === null) return <Navigate to={LIST} replace />;
  if (ticket.isPending) return <FullLoader />;
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && ticket.error.status === 404;
    return (
      <Stack maw={560}>
        <Title order={1} size="h2">
          {t('tickets.manage.title', { id })}
        </Title>
        <ErrorAlert>{missing ? t('tickets.notFound') : errorTextOf(ticket.error)}</ErrorAlert>
        <Anchor component={Link} to={LIST}>
          ← {t('tickets.manage.back')}
        </Anchor>
      </Stack>
    );
  }
  return <TicketWork ticket={ticket.data} />;
}

/** The dialog that asks why a report is declined. */
function DeclineDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog target={ticket} title={t('tickets.manage.declineTitle')} onClose={onClose}>
      {(shown) => <DeclineForm ticket={shown} onClose={onClose} />}
    </FormDialog>
  );
}

function DeclineForm({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeTicket(ticket.id);
  const { form, state } = useDialogForm({
    initialValues: { reason: '' },
    schema: ticketActionInput,
    toBody: (values) => ({ action: 'decline', reason: values.reason }),
    save: async (values) => {
      await change.mutateAsync({ kind: 'action', input: { action: 'decline', reason: values.reason } });
      notifySuccess(t('tickets.manage.done.decline', { id: ticket.id }));
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('tickets.action.decline')}>
      <Textarea
        label={t('tickets.manage.reason')}
        description={t('tickets.manage.reasonHint')}
        autosize
        minRows={3}
        maxLength={TICKET_REASON_MAX}
        required
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </DialogForm>
  );
}

/** The dialog that merges the report into another, by its number. */
function MergeDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog target={ticket} title={t('tickets.manage.mergeTitle')} onClose={onClose}>
      {(shown) => <MergeForm ticket={shown} onClose={onClose} />}
    </FormDialog>
  );
}

function MergeForm({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeTicket(ticket.id);
  const { form, state } = useDialogForm<{ into_id: number | string }>({
    initialValues: { into_id: '' },
    schema: ticketMergeInput,
    toBody: (values) => ({ into_id: values.into_id === '' ? undefined : Number(values.into_id) }),
    save: async (values) => {
      await change.mutateAsync({ kind: 'merge', into_id: Number(values.into_id) });
      notifySuccess(t('tickets.manage.merged', { id: ticket.id }));
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('tickets.manage.merge')}>
      <Text size="sm">{t('tickets.manage.mergeHint', { id: ticket.id })}</Text>
      <NumberInput
        label={t('tickets.manage.mergeInto')}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        required
        data-autofocus
        {...form.getInputProps('into_id')}
      />
    </DialogForm>
  );
}

function TicketWork({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const change = useChangeTicket(ticket.id);
  const [declining, setDeclining] = useState<Ticket | null>(null);
  const [merging, setMerging] = useState<Ticket | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (action: TicketAction) => {
    setFailure(null);
    try {
      await change.mutateAsync({ kind: 'action', input: { action } });
      notifySuccess(t(`tickets.manage.done.${action}`, { id: ticket.id }));
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };
  const press = (action: TicketAction) => {
    if (action === 'decline') setDeclining(ticket);
    else if (action === 'delete') setDeleting(true);
    else void run(action);
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={LIST} size="sm">
        ← {t('tickets.manage.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {t('tickets.manage.title', { id: ticket.id })}
        </Title>
        <TicketStatusBadge status={ticket.status} />
      </Group>
      <ErrorAlert>{failure}</ErrorAlert>
      {(ticket.actions.length > 0 || ticket.mergeable) && (
        <Group gap="sm" role="group" aria-label={t('tickets.manage.actions')}>
          {ticket.actions.map((action) => (
            <Button
              key={action}
              variant={action === 'delete' || action === 'decline' ? 'default' : 'filled'}
              color={action === 'delete' ? 'red.9' : undefined}
              loading={
                change.isPending &&
                change.variables?.kind === 'action' &&
                change.variables.input.action === action
              }
              onClick={() => press(action)}
            >
              {t(`tickets.action.${action}`)}
            </Button>
          ))}
          {ticket.mergeable && (
            <Button
              variant="default"
              leftSection={<IconArrowsJoin size={16} aria-hidden />}
              onClick={() => setMerging(ticket)}
            >
              {t('tickets.manage.merge')}
            </Button>
          )}
        </Group>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ticket-problem">
              <Stack gap="xs">
                <Title order={2} size="h4" id="ticket-problem">
                  {t('tickets.manage.problem')}
                </Title>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{ticket.description}</Text>
                {ticket.decline_reason && (
                  <Text size="sm" c="red.9">
                    {t('tickets.history.reason', { reason: ticket.decline_reason })}
                  </Text>
                )}
                {ticket.merged_into && (
                  <Text size="sm">
                    {t('tickets.manage.mergedInto')}{' '}
                    <Anchor component={Link} to={`/manage-report/${ticket.merged_into.id}`}>
                      #{ticket.merged_into.id}
                    </Anchor>
                  </Text>
                )}
                {ticket.merged.length > 0 && (
                  <Text size="sm">
                    {t('tickets.manage.duplicates')}{' '}
                    {ticket.merged.map((id, index) => (
                      <span key={id}>
                        {index > 0 && ', '}
                        <Anchor component={Link} to={`/manage-report/${id}`}>
                          #{id}
                        </Anchor>
                      </span>
                    ))}
                  </Text>
                )}
                <Title order={3} size="h5">
                  {t('tickets.manage.files')}
                </Title>
                <TicketFiles files={ticket.files} />
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ticket-history">
              <Stack gap="xs">
                <Title order={2} size="h4" id="ticket-history">
                  {t('tickets.manage.history')}
                </Title>
                <TicketHistory
                  ticket={ticket}
                  onComment={(text) => change.mutateAsync({ kind: 'comment', text })}
                />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ticket-context">
            <Stack gap={6}>
              <Title order={2} size="h4" id="ticket-context">
                {t('tickets.manage.context')}
              </Title>
              <Fact label={t('tickets.manage.reporter')}>{ticket.reporter.name}</Fact>
              <Fact label={t('tickets.manage.role')}>{t(`roles.${ticket.context.role}`)}</Fact>
              <Fact label={t('tickets.manage.when')}>{formatDateTime(ticket.created_at)}</Fact>
              <Fact label={t('tickets.manage.assignee')}>
                {ticket.assignee?.name ?? t('tickets.list.nobody')}
              </Fact>
              {ticket.object && (
                <Fact label={t('tickets.manage.object')}>
                  <Anchor component={Link} to={ticketObjectScreen(ticket.object.kind, ticket.object.id)}>
                    {ticket.object.title ??
                      t(`tickets.object.${ticket.object.kind}`, { id: ticket.object.id })}
                  </Anchor>
                  {ticket.slide ? ` · ${t('tickets.slide', { number: ticket.slide })}` : ''}
                  {ticket.context.place ? ` · ${ticket.context.place}` : ''}
                </Fact>
              )}
              <Fact label={t('tickets.manage.screen')}>
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {ticket.context.screen}
                </Text>
              </Fact>
              <Fact label={t('tickets.manage.browser')}>
                <Text size="xs" c="gray.8" style={{ wordBreak: 'break-word' }}>
                  {ticket.context.user_agent || '—'}
                </Text>
              </Fact>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <DeclineDialog ticket={declining} onClose={() => setDeclining(null)} />
      <MergeDialog ticket={merging} onClose={() => setMerging(null)} />
      <ConfirmActionModal
        opened={deleting}
        title={t('tickets.manage.deleteTitle', { id: ticket.id })}
        message={t('tickets.manage.deleteMessage')}
        confirmLabel={t('tickets.action.delete')}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await change.mutateAsync({ kind: 'action', input: { action: 'delete' } });
          notifySuccess(t('tickets.manage.done.delete', { id: ticket.id }));
        }}
      />
    </Stack>
  );
}

export default ManageTicketPage;
