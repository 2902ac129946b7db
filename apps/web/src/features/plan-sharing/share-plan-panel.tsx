import { sendPlanInput, type Plan, type SentPlan } from '@logoschool/contract';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconExternalLink, IconLinkOff, IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkField } from '../../components/link-field.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { ConfirmActionModal } from '../../components/confirm-action-modal.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { useCreatePlanLink, usePlanSharing, useRevokePlanLink, useSendPlan } from './api/sharing.ts';

/** Says how the mail went: green only when a mail server took it (as invitations do). */
function notifySent(t: TFunction, sent: SentPlan) {
  const message = t(`planShare.panel.sent.${sent.mail_delivery}`, { email: sent.email });
  if (sent.mail_delivery === 'smtp') notifySuccess(message);
  else if (sent.mail_delivery === 'outbox') notifyWarning(message);
  else notifyError(message);
}

/**
 * Sharing one plan with the parents (issue 14 item 6), on the plan's page: mail its link to the
 * parent's e-mail (the student's, which the teacher may change for this sending), copy the link
 * to pass it on another way, withdraw it (asked first), and when it was last sent. A plan still
 * to fill cannot go: the parents would see empty blocks.
 */
export function SharePlanPanel({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const sharing = usePlanSharing(plan.id);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="share-plan-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="share-plan-title">
          {t('planShare.panel.title')}
        </Title>
        {sharing.isPending && <Text c="gray.7">{t('app.loading')}</Text>}
        {sharing.isError && (
          <Group>
            <Alert color="red" role="alert">
              {errorTextOf(sharing.error)}
            </Alert>
            <Button variant="default" onClick={() => void sharing.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          </Group>
        )}
        {sharing.data && (
          <SharingForm
            // A new address on file (the student's page changed it) starts the field again.
            key={sharing.data.email}
            plan={plan}
            url={sharing.data.url}
            sentAt={sharing.data.sent_at}
            email={sharing.data.email}
          />
        )}
      </Stack>
    </Paper>
  );
}

interface SharingFormProps {
  plan: Plan;
  url: string | null;
  sentAt: string | null;
  email: string;
}

function SharingForm({ plan, url, sentAt, email }: SharingFormProps) {
  const { t } = useTranslation();
  const send = useSendPlan(plan.id);
  const create = useCreatePlanLink(plan.id);
  const revoke = useRevokePlanLink(plan.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [copyHint, setCopyHint] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const toFill = plan.status === 'pending';
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

  const copy = async () => {
    setProblem(null);
    setCopyHint(false);
    try {
      const link = url ?? (await create.mutateAsync(null)).url;
      if (!link) return;
      if (await copyText(link)) notifySuccess(t('planShare.panel.copied'));
      else setCopyHint(true);
    } catch (error) {
      setProblem(errorTextOf(error));
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
      <LinkField
        url={url}
        label={t('planShare.panel.link')}
        description={t('planShare.panel.linkHint')}
        noLink={t('planShare.panel.noLink')}
        copyByHand={copyHint ? t('planShare.panel.copyByHand') : null}
      />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => void copy()}
          loading={create.isPending}
          disabled={toFill && !url}
        >
          {t('planShare.panel.copy')}
        </Button>
        {url && (
          <>
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('planShare.panel.open')}
            </Button>
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconLinkOff size={16} aria-hidden />}
              onClick={() => setRevoking(true)}
            >
              {t('planShare.panel.revoke')}
            </Button>
          </>
        )}
      </Group>
      <ConfirmActionModal
        opened={revoking}
        title={t('planShare.panel.revokeTitle')}
        message={t('planShare.panel.revokeQuestion', { name: plan.client.child_name })}
        confirmLabel={t('planShare.panel.revoke')}
        onConfirm={async () => {
          await revoke.mutateAsync(null);
          setCopyHint(false);
          notifySuccess(t('planShare.panel.revoked'));
        }}
        onClose={() => setRevoking(false)}
      />
    </Stack>
  );
}
