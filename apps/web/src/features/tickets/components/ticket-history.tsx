import { TICKET_COMMENT_MAX, ticketCommentInput, type Ticket, type TicketEvent } from '@logoschool/contract';
import { Button, Group, Paper, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowsJoin, IconMessage, IconPlus, IconSwitchHorizontal } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useFormChanges } from '../../../components/dialog-form.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../i18n/dates.ts';
import { contractValidate } from '../../../lib/form.ts';

const ICON = {
  created: IconPlus,
  status: IconSwitchHorizontal,
  comment: IconMessage,
  merged_into: IconArrowsJoin,
  merged_from: IconArrowsJoin,
};

/** What one entry of the history says happened. */
function EventLine({ event }: { event: TicketEvent }) {
  const { t } = useTranslation();
  const who = event.actor?.name ?? t('tickets.history.someone');
  const what =
    event.kind === 'status'
      ? t('tickets.history.status', {
          name: who,
          from: t(`tickets.status.${event.from_status ?? 'new'}`),
          to: t(`tickets.status.${event.to_status ?? 'new'}`),
        })
      : event.kind === 'merged_into' || event.kind === 'merged_from'
        ? t(`tickets.history.${event.kind}`, { name: who, id: event.other_ticket_id ?? '' })
        : t(`tickets.history.${event.kind}`, { name: who });
  return (
    <>
      <Text size="sm" fw={500}>
        {what}
      </Text>
      {event.text && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {event.kind === 'status' ? t('tickets.history.reason', { reason: event.text }) : event.text}
        </Text>
      )}
      <Text size="xs" c="gray.7">
        {formatDateTime(event.created_at)}
      </Text>
    </>
  );
}

/**
 * A report's whole history (made, moved, commented, merged), the first first, and a comment box
 * when the viewer may comment: a moderator's question, the reporter's answer.
 */
export function TicketHistory({
  ticket,
  onComment,
}: {
  ticket: Ticket;
  onComment: (text: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { text: '' },
    validate: contractValidate(ticketCommentInput, t),
  });
  const { release } = useFormChanges(form.isDirty());
  const [sending, setSending] = useState(false);
  const send = async (values: { text: string }) => {
    setFailure(null);
    setSending(true);
    try {
      await onComment(values.text);
      form.reset();
      release();
    } catch (error) {
      setFailure(errorTextOf(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="md">
      <Timeline bulletSize={24} lineWidth={2} active={ticket.events.length}>
        {ticket.events.map((event) => {
          const Icon = ICON[event.kind];
          return (
            <Timeline.Item key={event.id} bullet={<Icon size={14} aria-hidden />}>
              <EventLine event={event} />
            </Timeline.Item>
          );
        })}
      </Timeline>
      {ticket.commentable && (
        <Paper withBorder p="sm" radius="md">
          <form onSubmit={form.onSubmit((values) => void send(values))} noValidate>
            <Stack gap="xs">
              <ErrorAlert>{failure}</ErrorAlert>
              <Textarea
                label={t('tickets.history.commentLabel')}
                autosize
                minRows={2}
                maxLength={TICKET_COMMENT_MAX}
                {...form.getInputProps('text')}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={sending}>
                  {t('tickets.history.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
