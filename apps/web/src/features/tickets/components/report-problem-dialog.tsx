import {
  TICKET_ATTACHMENTS_MAX,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_DESCRIPTION_MAX,
  ticketInput,
} from '@logoschool/contract';
import { Anchor, FileInput, List, Text, Textarea } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import type { ProblemPlace } from '../../../components/report-problem.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateTicket } from '../api/tickets.ts';

/** The file types the dialog offers to attach (the server judges the bytes). */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';
const MEGABYTES = Math.round(TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024);

interface ProblemValues {
  description: string;
  files: File[];
}

/**
 * "Report a problem" (issue 33 item 1): what went wrong, screenshots or PDFs, and what the screen
 * attaches by itself (its address, the exercise or story and slide), said before it is sent. The
 * server adds the role and the browser.
 */
export function ReportProblemDialog({ place, onClose }: { place: ProblemPlace | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog target={place} title={t('tickets.report.title')} onClose={onClose} size="lg">
      {(shown) => <ProblemForm place={shown} onClose={onClose} />}
    </FormDialog>
  );
}

function ProblemForm({ place, onClose }: { place: ProblemPlace; onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const create = useCreateTicket();
  // One key per opened dialog: a second press of "Send" while the first is under way is the same report.
  const key = useMemo(() => crypto.randomUUID(), []);
  const context = {
    screen: `${pathname}${search}`.slice(0, 500),
    object: place.object,
    slide: place.slide ?? null,
    place: place.place ?? '',
  };
  const { form, state } = useDialogForm<ProblemValues>({
    initialValues: { description: '', files: [] },
    schema: ticketInput,
    toBody: (values) => ({ key, description: values.description, context }),
    check: (values) => {
      const errors: Record<string, string> = {};
      if (values.files.length > TICKET_ATTACHMENTS_MAX) {
        errors.files = t('tickets.report.tooMany', { count: TICKET_ATTACHMENTS_MAX });
      } else if (values.files.some((file) => file.size > TICKET_ATTACHMENT_MAX_BYTES)) {
        errors.files = t('tickets.report.tooLarge', { size: MEGABYTES });
      }
      return errors;
    },
    save: async (values) => {
      const ticket = await create.mutateAsync({
        input: { key, description: values.description, context },
        files: values.files,
      });
      notifySuccess(t('tickets.report.sent', { id: ticket.id }));
      onClose();
    },
    fieldOf: (path) => (path.startsWith('attachment_ids') ? 'files' : (path.split('.')[0] ?? path)),
  });

  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('tickets.report.submit')}>
      <Textarea
        label={t('tickets.report.description')}
        description={t('tickets.report.descriptionHint')}
        autosize
        minRows={4}
        maxLength={TICKET_DESCRIPTION_MAX}
        required
        data-autofocus
        {...form.getInputProps('description')}
      />
      <FileInput
        label={t('tickets.report.files')}
        description={t('tickets.report.filesHint', { count: TICKET_ATTACHMENTS_MAX, size: MEGABYTES })}
        accept={ACCEPT}
        multiple
        clearable
        clearButtonProps={{ 'aria-label': t('tickets.report.clearFiles') }}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        {...form.getInputProps('files')}
      />
      <div>
        <Text size="sm" fw={500}>
          {t('tickets.report.context')}
        </Text>
        <List size="sm" c="gray.8">
          <List.Item>{t('tickets.report.screen', { url: context.screen })}</List.Item>
          {place.object && (
            <List.Item>
              {t(`tickets.object.${place.object.kind}`, { id: place.object.id })}
              {place.slide ? ` · ${t('tickets.slide', { number: place.slide })}` : ''}
              {place.place ? ` · ${place.place}` : ''}
            </List.Item>
          )}
          <List.Item>{t('tickets.report.browser')}</List.Item>
        </List>
      </div>
      <Text size="sm">
        <Anchor component={Link} to="/my-reports" onClick={onClose}>
          {t('tickets.report.mine')}
        </Anchor>
      </Text>
    </DialogForm>
  );
}
