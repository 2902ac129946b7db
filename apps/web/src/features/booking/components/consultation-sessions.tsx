import {
  consultationSessionInput,
  LANGUAGES,
  type ConsultationSession,
  type Language,
  type TeacherAvailability,
} from '@logoschool/contract';
import { Button, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmTargetModal } from '../../../components/confirm-action-modal.tsx';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import type { Column } from '../../../components/list/data-table.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { RowButtons } from '../../../components/list/row-actions.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../i18n/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useConsultationSessions, useCreateSession, useDeleteSession } from '../api/booking.ts';

/**
 * The upcoming consultation group sessions (spec §9: groups of 60 minutes from 6 years), their
 * teacher, language and seats taken; a new one through its dialog, and one without live bookings
 * deleted after a question.
 */
export function ConsultationSessions({ teachers }: { teachers: TeacherAvailability[] }) {
  const { t } = useTranslation();
  const sessions = useConsultationSessions();
  const remove = useDeleteSession();
  const [creating, setCreating] = useState<'new' | null>(null);
  const [deleting, setDeleting] = useState<ConsultationSession | null>(null);
  const columns: Column<ConsultationSession>[] = [
    {
      key: 'when',
      header: t('booking.sessions.when'),
      nowrap: true,
      cell: (row) => formatDateTime(row.starts_at),
    },
    { key: 'teacher', header: t('booking.list.teacher'), cell: (row) => row.teacher_name },
    { key: 'language', header: t('booking.list.language'), cell: (row) => t(`languages.${row.language}`) },
    {
      key: 'seats',
      header: t('booking.sessions.seats'),
      nowrap: true,
      cell: (row) =>
        `${row.seats_taken} / ${row.seats} · ${t('booking.sessions.seatsLeft', { count: row.seats - row.seats_taken })}`,
    },
    {
      key: 'actions',
      header: t('booking.list.actions'),
      hiddenHeader: true,
      cell: (row) => (
        <RowButtons
          icons
          actions={[
            {
              label: t('booking.sessions.delete'),
              name: t('booking.sessions.deleteOne', { date: formatDateTime(row.starts_at) }),
              icon: IconTrash,
              color: 'red.9',
              onClick: () => setDeleting(row),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        order={2}
        title={t('booking.sessions.title')}
        description={t('booking.sessions.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating('new')}>
            {t('booking.sessions.add')}
          </Button>
        }
      />
      <ListTable
        query={sessions}
        empty={t('booking.sessions.empty')}
        label={t('booking.sessions.tableLabel')}
        rowKey={(row) => row.id}
        columns={columns}
        minWidth={640}
        framed
      />
      <FormDialog target={creating} title={t('booking.sessions.newTitle')} onClose={() => setCreating(null)}>
        {() => <SessionForm teachers={teachers} onClose={() => setCreating(null)} />}
      </FormDialog>
      <ConfirmTargetModal
        target={deleting}
        title={(row) => t('booking.sessions.deleteTitle', { date: formatDateTime(row.starts_at) })}
        message={() => t('booking.sessions.deleteMessage')}
        confirmLabel={t('booking.sessions.delete')}
        onConfirm={async (row) => {
          await remove.mutateAsync(row.id);
          notifySuccess(t('booking.sessions.deleted'));
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

interface SessionValues {
  teacher_id: string | null;
  /** The start as the browser's date-and-time field holds it, in the viewer's zone. */
  starts_at: string;
  language: Language | null;
  seats: number | string;
}

/** The body the form stands for: the local start as an instant with its offset. */
const toBody = (values: SessionValues) => ({
  teacher_id: values.teacher_id === null ? undefined : Number(values.teacher_id),
  starts_at: values.starts_at === '' ? '' : dayjs(values.starts_at).format('YYYY-MM-DDTHH:mm:ssZ'),
  language: values.language ?? undefined,
  seats: typeof values.seats === 'number' ? values.seats : undefined,
});

function SessionForm({ teachers, onClose }: { teachers: TeacherAvailability[]; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateSession();
  const leading = teachers.filter((teacher) => teacher.consultation_groups);
  const choices = leading.length > 0 ? leading : teachers;
  const { form, state } = useDialogForm<SessionValues>({
    initialValues: {
      teacher_id: choices.length === 1 ? String(choices[0]?.teacher_id) : null,
      starts_at: '',
      language: null,
      seats: '',
    },
    schema: consultationSessionInput,
    toBody,
    save: async (values) => {
      await create.mutateAsync(toBody(values) as Parameters<typeof create.mutateAsync>[0]);
      notifySuccess(t('booking.sessions.created'));
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('booking.sessions.create')}>
      <Select
        label={t('booking.list.teacher')}
        required
        data={choices.map((teacher) => ({ value: String(teacher.teacher_id), label: teacher.name }))}
        {...form.getInputProps('teacher_id')}
      />
      <TextInput
        type="datetime-local"
        label={t('booking.sessions.startsAt')}
        description={t('booking.sessions.startsAtHint', { zone: browserTimeZone() })}
        required
        {...form.getInputProps('starts_at')}
      />
      <Select
        label={t('booking.list.language')}
        required
        data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
        {...form.getInputProps('language')}
      />
      <NumberInput
        label={t('booking.sessions.seats')}
        description={t('booking.sessions.seatsHint')}
        min={2}
        max={30}
        allowDecimal={false}
        {...form.getInputProps('seats')}
      />
      <Text size="xs" c="gray.7">
        {t('booking.sessions.length')}
      </Text>
    </DialogForm>
  );
}
