import { rolesMay, type SentInvitation } from '@logoschool/contract';
import { Alert, Anchor, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/session.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';

/**
 * Says how an invitation's mail went (the answer's `mail_delivery`): green only when an SMTP server
 * took it; kept in the outbox (no mail server is set up) or failed is no success to show in green.
 * `again` for a resent one.
 */
export function notifyMailOutcome(t: TFunction, sent: SentInvitation, again = false) {
  const texts = again
    ? { smtp: 'invitations.resent', outbox: 'invitations.resentToOutbox', failed: 'invitations.resendFailed' }
    : { smtp: 'invitations.sent', outbox: 'invitations.sentToOutbox', failed: 'invitations.sendFailed' };
  const message = t(texts[sent.mail_delivery], { email: sent.email });
  if (sent.mail_delivery === 'smtp') notifySuccess(message);
  else if (sent.mail_delivery === 'outbox') notifyWarning(message);
  else notifyError(message);
}

/**
 * What the inviter can do when the mail reached nobody: copy the invitation link and pass it on
 * themselves (the answer carries it then), rather than wait for root to read the outbox. Root also
 * gets the way to the outbox.
 */
export function InvitationLinkNotice({ sent, onDone }: { sent: SentInvitation; onDone: () => void }) {
  const { t } = useTranslation();
  const { held } = useSession();
  const link = sent.invitation_link;
  return (
    <Stack>
      <Alert color={sent.mail_delivery === 'failed' ? 'red' : 'yellow'} role="status">
        {t(sent.mail_delivery === 'failed' ? 'invitations.linkFailed' : 'invitations.linkOutbox', {
          email: sent.email,
        })}
      </Alert>
      {link && (
        <>
          <Text size="sm">
            {t('invitations.linkPassOn', { email: sent.email, date: formatDateTime(sent.expires_at) })}
          </Text>
          <TextInput
            label={t('invitations.link')}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
        </>
      )}
      <Group justify="flex-end" gap="sm">
        {rolesMay(held, 'mails.read') && (
          <Anchor component={Link} to="/outbox" c="blue.9" size="sm" mr="auto">
            {t('invitations.openOutbox')}
          </Anchor>
        )}
        {link && (
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal.9' : undefined}
                onClick={copy}
              >
                {t(copied ? 'invitations.linkCopied' : 'invitations.copyLink')}
              </Button>
            )}
          </CopyButton>
        )}
        <Button variant={link ? 'default' : 'filled'} onClick={onDone}>
          {t('invitations.done')}
        </Button>
      </Group>
    </Stack>
  );
}
