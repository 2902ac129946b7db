import { sendPlanInput, type Plan, type PlanSharing, type SentPlan } from '@logoschool/contract';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { PublicLinkPanel } from '../../components/public-link/public-link-panel.tsx';
import { PublicLinkSection } from '../../components/public-link/public-link-section.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { usePlanLinkSubject, usePlanSharing, useSendPlan } from './api/sharing.ts';

/** Says how the mail went: green only when a mail server took it (as invitations do). */
function notifySent(t: TFunction, sent: SentPlan) {
  const message = t(`planShare.panel.sent.${sent.mail_delivery}`, { email: sent.email });
  if (sent.mail_delivery === 'smtp') notifySuccess(message);
  else if (sent.mail_delivery === 'outbox') notifyWarning(message);
  else notifyError(message);
}

/**
 * Sharing one plan with the parents (issue 14 item 6), on the plan's page: the shared public-link
 * panel (copy, replace, withdraw) with the plan's mail to the parent's e-mail (the student's, which
 * the teacher may change for this sending) and when it was last sent. A plan still to fill cannot
 * go: the parents would see empty blocks.
 */
export function SharePlanPanel({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const sharing = usePlanSharing(plan.id);
  return (
    <PublicLinkSection title={t('planShare.panel.title')} sharing={sharing}>
      {(state) => (
        <SharingForm
          // A new address on file (the student's page changed it) starts the field again.
          key={state.email}
          plan={plan}
          sharing={state}
        />
      )}
    </PublicLinkSection>
  );
}

interface SharingFormProps {
  plan: Plan;
  sharing: PlanSharing;
}

function SharingForm({ plan, sharing }: SharingFormProps) {
  const { t } = useTranslation();
  const toFill = plan.status === 'pending';
  return (
    <PublicLinkPanel
      link={sharing}
      subject={usePlanLinkSubject(plan.id)}
      canIssue={!toFill}
      texts={{
        label: t('planShare.panel.link'),
        hint: t('planShare.panel.linkHint'),
        none: t('planShare.panel.noLink'),
        withdrawQuestion: t('planShare.panel.revokeQuestion', { name: plan.client.child_name }),
      }}
      mail={<SendPlanForm plan={plan} sentAt={sharing.sent_at} email={sharing.email} toFill={toFill} />}
    />
  );
}

/** Mails the link to the parent's e-mail (the student's, which the teacher may change for this sending). */
function SendPlanForm({
  plan,
  sentAt,
  email,
  toFill,
}: {
  plan: Plan;
  sentAt: string | null;
  email: string;
  toFill: boolean;
}) {
  const { t } = useTranslation();
  const send = useSendPlan(plan.id);
  const [problem, setProblem] = useState<string | null>(null);
  const toBody = ({ email: address }: { email: string }) => ({ protocol_id: plan.id, email: address.trim() });
  const form = useForm({
    initialValues: { email },
    validate: contractValidate(sendPlanInput, t, { toBody }),
    validateInputOnBlur: true,
  });

  const submit = async (values: { email: string }) => {
    setProblem(null);
    try {
      notifySent(t, await send.mutateAsync({ email: values.email.trim() }));
    } catch (error) {
      if (!showServerErrors(form, error)) setProblem(errorTextOf(error));
    }
  };

  return (
    <Stack gap="md">
      {toFill && (
        <Alert color="yellow" role="status">
          {t('planShare.panel.fillFirst')}
        </Alert>
      )}
      <Text size="sm" c="gray.8" data-testid="plan-sent-line">
        {sentAt
          ? t('planShare.panel.sentOn', { date: formatDateTime(sentAt) })
          : t('planShare.panel.notSent')}
      </Text>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('planShare.panel.email')}
            description={t('planShare.panel.emailHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            type="email"
            autoComplete="off"
            style={{ flex: '1 1 260px' }}
            maw={420}
            {...form.getInputProps('email')}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            loading={send.isPending}
            disabled={toFill}
            leftSection={<IconSend size={16} aria-hidden />}
          >
            {t('planShare.panel.send')}
          </Button>
        </Group>
      </form>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
