import { sendFamilyLinkInput, type FamilySharing, type SentFamilyLink } from '@logoschool/contract';
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
import { useFamilyLinkSubject, useFamilySharing, useSendFamilyLink } from './api/sharing.ts';

/** Says how the mail went: green only when a mail server took it (as the plan's sending does). */
function notifySent(t: TFunction, sent: SentFamilyLink) {
  const message = t(`parentDashboard.share.sent.${sent.mail_delivery}`, { email: sent.email });
  if (sent.mail_delivery === 'smtp') notifySuccess(message);
  else if (sent.mail_delivery === 'outbox') notifyWarning(message);
  else notifyError(message);
}

/**
 * The family's dashboard on the student's page (issue 29 item 1): the shared public-link panel
 * (copy, open, a new link, withdraw) with the mail to the parent's e-mail (the student's, which
 * the teacher may change for this sending) and when it was last sent.
 */
export function ShareDashboardSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const sharing = useFamilySharing(clientId);
  const subject = useFamilyLinkSubject(clientId);
  return (
    <PublicLinkSection title={t('parentDashboard.share.title')} sharing={sharing}>
      {(state) => (
        <PublicLinkPanel
          link={state}
          subject={subject}
          canIssue
          texts={{
            label: t('parentDashboard.share.link'),
            hint: t('parentDashboard.share.linkHint'),
            none: t('parentDashboard.share.noLink'),
            withdrawQuestion: t('parentDashboard.share.withdrawQuestion'),
          }}
          // A new address on file starts the field again.
          mail={<SendDashboardForm key={state.email} clientId={clientId} sharing={state} />}
        />
      )}
    </PublicLinkSection>
  );
}

/** Mails the link to the parent's e-mail (the student's, which the teacher may change for this sending). */
function SendDashboardForm({ clientId, sharing }: { clientId: number; sharing: FamilySharing }) {
  const { t } = useTranslation();
  const send = useSendFamilyLink(clientId);
  const [problem, setProblem] = useState<string | null>(null);
  const toBody = ({ email }: { email: string }) => ({ email: email.trim() });
  const form = useForm({
    initialValues: { email: sharing.email },
    validate: contractValidate(sendFamilyLinkInput, t, { toBody }),
    validateInputOnBlur: true,
  });

  const submit = async (values: { email: string }) => {
    setProblem(null);
    try {
      notifySent(t, await send.mutateAsync(toBody(values)));
    } catch (error) {
      if (!showServerErrors(form, error)) setProblem(errorTextOf(error));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.8" data-testid="dashboard-sent-line">
        {sharing.sent_at
          ? t('parentDashboard.share.sentOn', { date: formatDateTime(sharing.sent_at) })
          : t('parentDashboard.share.notSent')}
      </Text>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('parentDashboard.share.email')}
            description={t('parentDashboard.share.emailHint')}
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
            leftSection={<IconSend size={16} aria-hidden />}
          >
            {t('parentDashboard.share.send')}
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
