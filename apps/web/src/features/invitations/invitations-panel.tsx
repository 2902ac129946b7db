import {
  PER_PAGE_DEFAULT,
  mayGrant,
  type Invitation,
  type InvitationListStatus,
  type SentInvitation,
} from '@logoschool/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { useActingFor, useSession } from '../../session/session.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCancelInvitation, useInvitations, useResendInvitation } from './api/invitations.ts';
import { InvitationLinkNotice, notifyMailOutcome } from './mail-outcome.tsx';

const STATUS_COLORS: Record<InvitationListStatus, string> = {
  pending: 'yellow.9',
  accepted: 'teal.9',
  expired: 'gray.7',
};

/** The project's invitations with their status (spec §3, §4: awaiting confirmation, then accepted). */
export function InvitationsPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<InvitationListStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const invitations = useInvitations({ status, page, per_page: PER_PAGE_DEFAULT });
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const mayInvite = useActingFor('users.invite') !== null;
  // Sending again gives the invitation's roles on the caller's word: only roles they may grant.
  const { held } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  // A resent invitation whose mail reached nobody: its new link, to pass on by hand.
  const [unsent, setUnsent] = useState<SentInvitation | null>(null);
  const [shownUnsent, setShownUnsent] = useState(unsent);
  if (unsent && unsent !== shownUnsent) setShownUnsent(unsent);
  const rows = invitations.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((invitations.data?.meta.total ?? 0) / PER_PAGE_DEFAULT));

  const act = async (action: () => Promise<unknown>, done: string) => {
    setFailure(null);
    try {
      await action();
      notifySuccess(done);
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  const sendAgain = async (invitation: Invitation) => {
    setFailure(null);
    try {
      const sent = await resend.mutateAsync(invitation.id);
      notifyMailOutcome(t, sent, true);
      if (sent.mail_delivery !== 'smtp') setUnsent(sent);
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('invitations.statusFilter')}
        w="fit-content"
        value={status ?? 'all'}
        onChange={(value) => {
          setStatus(value === 'all' ? undefined : (value as InvitationListStatus));
          setPage(1);
        }}
        data={[
          { value: 'all', label: t('users.all') },
          { value: 'pending', label: t('users.invitationPending') },
          { value: 'accepted', label: t('users.invitationAccepted') },
          { value: 'expired', label: t('invitations.expired') },
        ]}
      />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {invitations.isSuccess && rows.length === 0 ? (
        <Text c="gray.7" py="xl" ta="center">
          {t('invitations.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.email')}</Table.Th>
                <Table.Th>{t('users.roles')}</Table.Th>
                <Table.Th>{t('users.status')}</Table.Th>
                <Table.Th>{t('invitations.invitedBy')}</Table.Th>
                <Table.Th>{t('invitations.expiresAt')}</Table.Th>
                {mayInvite && <Table.Th aria-label={t('users.actions')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((invitation) => (
                <InvitationRow
                  key={invitation.id}
                  invitation={invitation}
                  actions={
                    mayInvite && invitation.status !== 'accepted' ? (
                      <Group gap="xs" wrap="nowrap">
                        {mayGrant(held, invitation.roles) && (
                          <Button
                            size="xs"
                            variant="default"
                            loading={resend.isPending && resend.variables === invitation.id}
                            onClick={() => void sendAgain(invitation)}
                          >
                            {t('invitations.resend')}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="subtle"
                          c="red.9"
                          loading={cancel.isPending && cancel.variables === invitation.id}
                          onClick={() =>
                            void act(
                              () => cancel.mutateAsync(invitation.id),
                              t('invitations.cancelled', { email: invitation.email }),
                            )
                          }
                        >
                          {t('invitations.cancel')}
                        </Button>
                      </Group>
                    ) : mayInvite ? (
                      <span />
                    ) : null
                  }
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
      <Modal opened={unsent !== null} onClose={() => setUnsent(null)} title={t('invitations.linkTitle')}>
        {shownUnsent && <InvitationLinkNotice sent={shownUnsent} onDone={() => setUnsent(null)} />}
      </Modal>
    </Stack>
  );
}

function InvitationRow({ invitation, actions }: { invitation: Invitation; actions: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>{invitation.email}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {invitation.roles.map((role) => (
            <Badge key={role} color="blue.9" size="sm">
              {t(`roles.${role}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[invitation.status]} size="sm" autoContrast>
          {t(`invitations.status.${invitation.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{invitation.invited_by?.name ?? '—'}</Table.Td>
      <Table.Td>{invitation.status === 'accepted' ? '—' : formatDateTime(invitation.expires_at)}</Table.Td>
      {actions !== null && <Table.Td>{actions}</Table.Td>}
    </Table.Tr>
  );
}
