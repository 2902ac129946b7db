import type { Diagnosis, DiagnosisSharing, SentDiagnosis } from '@logoschool/contract';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { PublicLinkPanel } from '../../components/public-link/public-link-panel.tsx';
import { PublicLinkSection } from '../../components/public-link/public-link-section.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import {
  useDiagnosisLinkSubject,
  useDiagnosisSharing,
  useDownloadDiagnosisPdf,
  useSendDiagnosis,
} from './api/sharing.ts';

/** What the panel reads of the diagnosis the filling screen shows. */
export type SharedDiagnosis = Pick<Diagnosis, 'id' | 'completed_at' | 'child_name' | 'diagnosed_on'> & {
  card: Pick<Diagnosis['card'], 'title'>;
};

export interface DiagnosisSharePanelProps {
  diagnosis: SharedDiagnosis;
  /** Told after the sharing changed (sent, failed, withdrawn): the screen reads its diagnosis again. */
  onChange?: (sharing: DiagnosisSharing) => void;
}

const STATUS_COLOR: Record<DiagnosisSharing['status'], string> = {
  draft: 'gray.7',
  sent: 'teal.9',
  not_sent: 'red.9',
};

/**
 * Says how the mail went, as plans and invitations do: green only when a mail server took it, red
 * when it refused it (spec §8 diagnostic card send failure; the panel then shows the reason).
 */
function notifySent(t: TFunction, sent: SentDiagnosis) {
  const message = t(`diagnosisSharing.panel.sent.${sent.mail_delivery}`, { email: sent.email });
  if (sent.mail_delivery === 'smtp') notifySuccess(message);
  else if (sent.mail_delivery === 'failed') notifyError(message);
  else notifyWarning(message);
}

/**
 * Sending a diagnosis to the parents (issue 16 item 6), on its filling screen: the shared
 * public-link panel (copy, replace, withdraw) with where the sending stands (draft, sent, not sent
 * and why), "Send to the parents" once it is completed, and the filled card as a PDF.
 */
export function DiagnosisSharePanel({ diagnosis, onChange }: DiagnosisSharePanelProps) {
  const { t } = useTranslation();
  const sharing = useDiagnosisSharing(diagnosis.id, diagnosis.completed_at);
  return (
    <PublicLinkSection title={t('diagnosisSharing.panel.title')} size="h4" sharing={sharing}>
      {(state) => <SharingState diagnosis={diagnosis} state={state} onChange={onChange} />}
    </PublicLinkSection>
  );
}

/** The diagnosis, how it is shared now, and who to tell of a change. */
type SharingProps = DiagnosisSharePanelProps & { state: DiagnosisSharing };

function SharingState({ diagnosis, state, onChange }: SharingProps) {
  const { t } = useTranslation();
  return (
    <PublicLinkPanel
      link={state}
      subject={useDiagnosisLinkSubject(diagnosis.id, diagnosis.completed_at)}
      canIssue={state.completed}
      texts={{
        label: t('diagnosisSharing.panel.link'),
        hint: t('diagnosisSharing.panel.linkHint'),
        none: t('diagnosisSharing.panel.noLink'),
        withdrawQuestion: t('diagnosisSharing.panel.revokeQuestion', { name: diagnosis.child_name }),
      }}
      mail={<SendDiagnosis diagnosis={diagnosis} state={state} onChange={onChange} />}
      onChange={(link) => onChange?.({ ...state, ...link })}
    />
  );
}

/** Where the sending stands (draft, sent, not sent and why), "Send to the parents", and the PDF. */
function SendDiagnosis({ diagnosis, state, onChange }: SharingProps) {
  const { t } = useTranslation();
  const send = useSendDiagnosis(diagnosis.id, diagnosis.completed_at);
  const pdf = useDownloadDiagnosisPdf(diagnosis.id);
  const [problem, setProblem] = useState<string | null>(null);
  const why = !state.completed
    ? t('diagnosisSharing.panel.completeFirst')
    : !state.email
      ? t('diagnosisSharing.panel.noEmail')
      : null;

  const submit = async () => {
    setProblem(null);
    try {
      const sent = await send.mutateAsync();
      notifySent(t, sent);
      onChange?.(sent);
    } catch (error) {
      const message = errorTextOf(error);
      setProblem(message);
      notifyError(message);
      onChange?.(state);
    }
  };

  const download = async () => {
    setProblem(null);
    try {
      await pdf.mutateAsync({
        card: diagnosis.card.title,
        child: diagnosis.child_name,
        date: diagnosis.diagnosed_on,
      });
    } catch (error) {
      setProblem(errorTextOf(error));
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Badge
          color={STATUS_COLOR[state.status]}
          autoContrast
          size="lg"
          tt="none"
          data-testid="diagnosis-status"
        >
          {t(`diagnosisSharing.status.${state.status}`)}
        </Badge>
        <Text size="sm" c="gray.8">
          {state.sent_at
            ? t('diagnosisSharing.panel.sentOn', { date: formatDateTime(state.sent_at), email: state.email })
            : t('diagnosisSharing.panel.notSentYet')}
        </Text>
      </Group>
      {state.status === 'not_sent' && state.send_error && (
        <Alert color="red" role="status" title={t('diagnosisSharing.panel.failedTitle')}>
          {t('diagnosisSharing.panel.failedReason', { reason: state.send_error })}
        </Alert>
      )}
      <Stack gap={4}>
        <Group gap="sm">
          <Button
            onClick={() => void submit()}
            loading={send.isPending}
            disabled={why !== null}
            leftSection={<IconSend size={16} aria-hidden />}
            aria-describedby={why ? 'diagnosis-send-why' : undefined}
          >
            {state.status === 'draft'
              ? t('diagnosisSharing.panel.send')
              : t('diagnosisSharing.panel.sendAgain')}
          </Button>
          <Button
            variant="default"
            onClick={() => void download()}
            loading={pdf.isPending}
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('diagnosisSharing.panel.pdf')}
          </Button>
        </Group>
        {why ? (
          <Text size="sm" c="gray.7" id="diagnosis-send-why">
            {why}
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            {t('diagnosisSharing.panel.sendTo', { email: state.email })}
          </Text>
        )}
      </Stack>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
