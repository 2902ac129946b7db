import {
  BONUS_CHANGE_KINDS,
  REFERRAL_EVENT_KINDS,
  REFERRAL_REASON_MAX,
  REFERRAL_SESSIONS_MAX,
  bonusChangeInput,
  referralEventInput,
  referralRemovalInput,
  referrerLinkInput,
  type ReferralDetail,
  type ReferralEntry,
} from '@logoschool/contract';
import { NumberInput, Select, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  useChangeBonus,
  useLinkReferrer,
  useRecordReferralEvent,
  useReferrals,
  useRemoveReferralEvent,
} from '../api/referrals.ts';

interface DialogProps {
  family: ReferralDetail | null;
  onClose: () => void;
}

const today = () => new Date().toISOString().slice(0, 10);

/** A renewal of the course or a repeat payment, on a day, with a note: the referrer gets a session. */
export function EventDialog({ family, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={family}
      title={(row) => t('referrals.event.title', { name: row.child_name })}
      onClose={onClose}
    >
      {(row) => <EventForm family={row} onClose={onClose} />}
    </FormDialog>
  );
}

function EventForm({ family, onClose }: { family: ReferralDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const record = useRecordReferralEvent();
  const { form, state } = useDialogForm({
    initialValues: { kind: 'renewal' as (typeof REFERRAL_EVENT_KINDS)[number], on: today(), note: '' },
    schema: referralEventInput,
    save: async (input) => {
      await record.mutateAsync({ clientId: family.client_id, input });
      notifySuccess(t('referrals.event.done', { name: family.child_name }));
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('referrals.event.save')}>
      <Select
        label={t('referrals.event.kind')}
        required
        allowDeselect={false}
        data={REFERRAL_EVENT_KINDS.map((kind) => ({ value: kind, label: t(`referrals.eventKind.${kind}`) }))}
        {...form.getInputProps('kind')}
      />
      <TextInput label={t('referrals.event.on')} type="date" required {...form.getInputProps('on')} />
      <Textarea
        label={t('referrals.event.note')}
        maxLength={REFERRAL_REASON_MAX}
        autosize
        minRows={2}
        {...form.getInputProps('note')}
      />
    </DialogForm>
  );
}

/** Sessions granted or cancelled, with the reason. */
export function BonusDialog({ family, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={family}
      title={(row) => t('referrals.bonus.title', { name: row.child_name })}
      onClose={onClose}
    >
      {(row) => <BonusForm family={row} onClose={onClose} />}
    </FormDialog>
  );
}

function BonusForm({ family, onClose }: { family: ReferralDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeBonus();
  const { form, state } = useDialogForm({
    initialValues: { kind: 'grant' as (typeof BONUS_CHANGE_KINDS)[number], sessions: 1, reason: '' },
    schema: bonusChangeInput,
    save: async (input) => {
      await change.mutateAsync({ clientId: family.client_id, input });
      notifySuccess(
        t(`referrals.bonus.done.${input.kind}`, { count: input.sessions, name: family.child_name }),
      );
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('referrals.bonus.save')}>
      <Select
        label={t('referrals.bonus.kind')}
        required
        allowDeselect={false}
        data={BONUS_CHANGE_KINDS.map((kind) => ({ value: kind, label: t(`referrals.bonusKind.${kind}`) }))}
        {...form.getInputProps('kind')}
      />
      <NumberInput
        label={t('referrals.bonus.sessions')}
        description={t('referrals.bonus.balance', { count: family.bonus })}
        required
        min={1}
        max={REFERRAL_SESSIONS_MAX}
        allowDecimal={false}
        {...form.getInputProps('sessions')}
      />
      <Textarea
        label={t('referrals.reasonLabel')}
        required
        maxLength={REFERRAL_REASON_MAX}
        autosize
        minRows={2}
        {...form.getInputProps('reason')}
      />
    </DialogForm>
  );
}

/** A student linked by hand to the family that brought it (when no referral link exists). */
export function LinkDialog({ family, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={family}
      title={(row) => t('referrals.link.title', { name: row.child_name })}
      onClose={onClose}
    >
      {(row) => <LinkForm family={row} onClose={onClose} />}
    </FormDialog>
  );
}

function LinkForm({ family, onClose }: { family: ReferralDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const link = useLinkReferrer();
  const [search, setSearch] = useState('');
  const candidates = useReferrals({ search, page: 1, per_page: 50 });
  const { form, state } = useDialogForm<{ referrer_client_id: number | null; reason: string }>({
    initialValues: { referrer_client_id: null, reason: '' },
    schema: referrerLinkInput,
    save: async (values) => {
      await link.mutateAsync({
        clientId: family.client_id,
        input: { referrer_client_id: values.referrer_client_id ?? 0, reason: values.reason },
      });
      notifySuccess(t('referrals.link.done', { name: family.child_name }));
      onClose();
    },
  });
  const options = (candidates.data?.data ?? [])
    .filter((row) => row.client_id !== family.client_id)
    .map((row) => ({ value: String(row.client_id), label: `${row.child_name} (${row.parent_name})` }));
  const chosen = form.values.referrer_client_id;
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('referrals.link.save')}>
      <Select
        label={t('referrals.link.referrer')}
        required
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={options}
        nothingFoundMessage={t('referrals.list.noMatches')}
        value={chosen === null ? null : String(chosen)}
        onChange={(value) => form.setFieldValue('referrer_client_id', value === null ? null : Number(value))}
        error={form.errors.referrer_client_id}
      />
      <Textarea
        label={t('referrals.reasonLabel')}
        required
        maxLength={REFERRAL_REASON_MAX}
        autosize
        minRows={2}
        {...form.getInputProps('reason')}
      />
    </DialogForm>
  );
}

/** A renewal or payment taken back, with why (both stay in the history). */
export function RemovalDialog({
  family,
  entry,
  onClose,
}: {
  family: ReferralDetail;
  entry: ReferralEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={entry}
      title={(row) =>
        t('referrals.removal.title', {
          label: t(`referrals.entry.${row.kind}`, { date: row.on ? formatDate(row.on) : '', count: 0 }),
        })
      }
      onClose={onClose}
    >
      {(row) => <RemovalForm family={family} entry={row} onClose={onClose} />}
    </FormDialog>
  );
}

function RemovalForm({
  family,
  entry,
  onClose,
}: {
  family: ReferralDetail;
  entry: ReferralEntry;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveReferralEvent();
  const { form, state } = useDialogForm({
    initialValues: { reason: '' },
    schema: referralRemovalInput,
    save: async ({ reason }) => {
      await remove.mutateAsync({ clientId: family.client_id, input: { entryId: entry.id, reason } });
      notifySuccess(t('referrals.removal.done'));
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('referrals.removal.save')}>
      <Textarea
        label={t('referrals.reasonLabel')}
        required
        maxLength={REFERRAL_REASON_MAX}
        autosize
        minRows={2}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </DialogForm>
  );
}
