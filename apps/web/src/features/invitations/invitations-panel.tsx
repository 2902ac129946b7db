import {
  PER_PAGE_DEFAULT,
  mayGrant,
  type Invitation,
  type InvitationListStatus,
  type SentInvitation,
} from '@logoschool/contract';
import { Alert, Badge, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { FormDialog } from '../../components/dialog-form.tsx';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { RowButtons } from '../../components/list/row-actions.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { RoleBadges } from '../../components/roles.tsx';
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
  const list = useListControls<{ status: InvitationListStatus | 'all' }>({ status: 'all' });
  const { status } = list.filter;
  const invitations = useInvitations({
    status: status === 'all' ? undefined : status,
    page: list.page,
    per_page: PER_PAGE_DEFAULT,
  });
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const mayInvite = useActingFor('users.invite') !== null;
  // Sending again gives the invitation's roles on the caller's word: only roles they may grant.
  const { held } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  // A resent invitation whose mail reached nobody: its new link, to pass on by hand.
  const [unsent, setUnsent] = useState<SentInvitation | null>(null);

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

  const columns: Column<Invitation>[] = [
    { key: 'email', header: t('users.email'), cell: (invitation) => invitation.email },
    { key: 'roles', header: t('users.roles'), cell: (invitation) => <RoleBadges roles={invitation.roles} /> },
    {
      key: 'status',
      header: t('users.status'),
      cell: (invitation) => (
        <Badge color={STATUS_COLORS[invitation.status]} size="sm" autoContrast>
          {t(`invitations.status.${invitation.status}`)}
        </Badge>
      ),
    },
    {
      key: 'invitedBy',
      header: t('invitations.invitedBy'),
      cell: (invitation) => invitation.invited_by?.name ?? '—',
    },
    {
      key: 'expiresAt',
      header: t('invitations.expiresAt'),
      cell: (invitation) => (invitation.status === 'accepted' ? '—' : formatDateTime(invitation.expires_at)),
    },
    {
      key: 'actions',
      header: t('users.actions'),
      hiddenHeader: true,
      hidden: !mayInvite,
      cell: (invitation) =>
        invitation.status !== 'accepted' && (
          <RowButtons
            actions={[
              {
                label: t('invitations.resend'),
                strong: true,
                hidden: !mayGrant(held, invitation.roles),
                loading: resend.isPending && resend.variables === invitation.id,
                onClick: () => void sendAgain(invitation),
              },
              {
                label: t('invitations.cancel'),
                color: 'red.9',
                loading: cancel.isPending && cancel.variables === invitation.id,
                onClick: () =>
                  void act(
                    () => cancel.mutateAsync(invitation.id),
                    t('invitations.cancelled', { email: invitation.email }),
                  ),
              },
            ]}
          />
        ),
    },
  ];

  return (
    <Stack gap="md">
      <StatusTabs
        label={t('invitations.statusFilter')}
        value={status}
        onChange={(next) => list.setFilter({ status: next })}
        options={[
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
      <ListTable
        query={invitations}
        empty={t('invitations.empty')}
        paging={list}
        rowKey={(invitation) => invitation.id}
        columns={columns}
        minWidth={760}
      />
      <FormDialog target={unsent} title={t('invitations.linkTitle')} onClose={() => setUnsent(null)}>
        {(shown) => <InvitationLinkNotice sent={shown} onDone={() => setUnsent(null)} />}
      </FormDialog>
    </Stack>
  );
}
