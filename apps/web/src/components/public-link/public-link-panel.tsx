import type { PublicLink } from '@logoschool/contract';
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconExternalLink, IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import {
  usePublicLinkChange,
  type PublicLinkChange,
  type PublicLinkSubject,
} from '../../api/public-link-changes.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { copyText } from '../../lib/clipboard.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { ConfirmActionModal } from '../confirm-action-modal.tsx';

/** What the area says in its own words: what the link opens, and how one comes. */
export interface PublicLinkTexts {
  /** The field's label ("Link for the parents"). */
  label: string;
  /** What the link opens, under the field. */
  hint?: string;
  /** Said while there is no live link: how one is made ("sending the plan makes one"). */
  none: string;
  /** The withdrawal's question, naming the subject. */
  withdrawQuestion: string;
}

export interface PublicLinkPanelProps {
  /** The link's state as the area's query holds it; undefined while it loads. */
  link: PublicLink | undefined;
  subject: PublicLinkSubject;
  /** Whether copying without a live link may make one now (a plan not filled may not). */
  canIssue: boolean;
  texts: PublicLinkTexts;
  /** The area's way to send the link by mail, shown above the link (where the area mails it). */
  mail?: ReactNode;
  /** Told before a confirmation opens (a popover closes so as not to cover it). */
  onAsk?: () => void;
  /** Told after the link changed. */
  onChange?: (link: PublicLink) => void;
}

const STATE_COLOR: Record<PublicLink['link_state'], string> = {
  none: 'gray.7',
  live: 'teal.9',
  withdrawn: 'red.9',
};

type Asked = Exclude<PublicLinkChange, 'issue'>;

/** The link's changes and the question being asked: shared by the panel's controls and its question. */
export function usePublicLinkActions(subject: PublicLinkSubject, onChange?: (link: PublicLink) => void) {
  const change = usePublicLinkChange(subject);
  const [asking, setAsking] = useState<Asked | null>(null);
  const run = async (what: PublicLinkChange) => {
    const next = await change.mutateAsync(what);
    onChange?.(next);
    return next;
  };
  return { pending: change.isPending, asking, setAsking, run };
}
export type PublicLinkActions = ReturnType<typeof usePublicLinkActions>;

/**
 * A subject's public link for whoever shares it (decision 029), the same for every area: where it
 * stands (none yet, live, withdrawn and when), the link to copy or open, the area's mail, a new
 * link in place of one passed on to the wrong person and the withdrawal, both asked first, and
 * the reminder that anyone holding the link can open it.
 */
export function PublicLinkPanel(props: PublicLinkPanelProps) {
  const actions = usePublicLinkActions(props.subject, props.onChange);
  return (
    <>
      <PublicLinkControls {...props} actions={actions} />
      <PublicLinkQuestion actions={actions} withdrawQuestion={props.texts.withdrawQuestion} />
    </>
  );
}

/**
 * The panel without its question, for a place the question must not sit in (a popover that closes
 * to let it be seen): the place renders `PublicLinkQuestion` with the same `actions` outside.
 */
export function PublicLinkControls({
  link,
  canIssue,
  texts,
  mail,
  onAsk,
  actions,
}: Omit<PublicLinkPanelProps, 'subject' | 'onChange'> & { actions: PublicLinkActions }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [copyHint, setCopyHint] = useState(false);
  const state = link?.link_state ?? 'none';
  const url = state === 'live' ? (link?.url ?? null) : null;

  const copy = async () => {
    setProblem(null);
    setCopyHint(false);
    try {
      const address = url ?? (await actions.run('issue')).url;
      if (!address) return;
      if (await copyText(address)) notifySuccess(t('publicLink.copied'));
      else setCopyHint(true);
    } catch (error) {
      setProblem(errorTextOf(error));
    }
  };

  const ask = (what: Asked) => {
    setCopyHint(false);
    onAsk?.();
    actions.setAsking(what);
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color={STATE_COLOR[state]} variant="outline" tt="none" data-testid="public-link-state">
          {t(`publicLink.states.${state}`)}
        </Badge>
        {state === 'withdrawn' && link?.withdrawn_at && (
          <Text size="sm" c="gray.7">
            {t('publicLink.withdrawnOn', { date: formatDateTime(link.withdrawn_at) })}
          </Text>
        )}
      </Group>
      {mail}
      {url ? (
        <TextInput
          label={texts.label}
          description={texts.hint}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : (
        <Text size="sm" c="gray.7">
          {texts.none}
        </Text>
      )}
      <Text size="sm" c="gray.7">
        {t('publicLink.note')}
      </Text>
      {copyHint && (
        <Text size="sm" role="status">
          {t('publicLink.copyByHand')}
        </Text>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group gap="xs">
        {(url || canIssue) && (
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => void copy()}
            loading={actions.pending && !actions.asking}
          >
            {t('publicLink.copy')}
          </Button>
        )}
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
              {t('publicLink.open')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => ask('rotate')}
            >
              {t('publicLink.rotate')}
            </Button>
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconLinkOff size={16} aria-hidden />}
              onClick={() => ask('withdraw')}
            >
              {t('publicLink.withdraw')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

/** The question before a new link or a withdrawal; the change happens when it is confirmed. */
export function PublicLinkQuestion({
  actions,
  withdrawQuestion,
}: {
  actions: PublicLinkActions;
  withdrawQuestion: string;
}) {
  const { t } = useTranslation();
  const { asking } = actions;
  return (
    <ConfirmActionModal
      opened={asking !== null}
      title={asking === 'rotate' ? t('publicLink.rotateTitle') : t('publicLink.withdrawTitle')}
      message={asking === 'rotate' ? t('publicLink.rotateQuestion') : withdrawQuestion}
      confirmLabel={asking === 'rotate' ? t('publicLink.rotate') : t('publicLink.withdraw')}
      onConfirm={async () => {
        if (!asking) return;
        await actions.run(asking);
        notifySuccess(asking === 'rotate' ? t('publicLink.rotated') : t('publicLink.withdrawn'));
      }}
      onClose={() => actions.setAsking(null)}
    />
  );
}
