import {
  EMAIL_MAX,
  grantableRoles,
  inviteBody,
  type InviteBody,
  type SentInvitation,
} from '@logoschool/contract';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session.tsx';
import { useInvite } from './api/invitations.ts';
import { InvitationLinkNotice, notifyMailOutcome } from './mail-outcome.tsx';
import { DialogForm, GuardedModal, useDialogForm } from '../../components/dialog-form.tsx';
import { RoleChoice } from '../../components/roles.tsx';

type InviteValues = Omit<InviteBody, 'workspace_id'>;

/** The invitation as the form sends it: the project comes from where the caller acts. */
const inviteFields = inviteBody.omit({ workspace_id: true });

/**
 * Invite someone to the project by e-mail with their roles (spec §2 /users, §5: a valid e-mail and
 * at least one role, the contract's `inviteBody`), offering only the roles the caller may grant. An
 * address that has an account is invited like any other: the server does not say which it is, and
 * its owner accepts by signing in (decision: no "already exists" here, so the form tells nobody who
 * has an account). When the mail reached nobody, the dialog then offers the link to pass on.
 */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [unsent, setUnsent] = useState<SentInvitation | null>(null);
  // Each opening starts with the form (the notice stays while the dialog closes).
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setUnsent(null);
  }
  return (
    <GuardedModal opened={opened} onClose={onClose} title={t('invitations.inviteTitle')}>
      {unsent ? (
        <InvitationLinkNotice sent={unsent} onDone={onClose} />
      ) : (
        <InviteForm onClose={onClose} onUnsent={setUnsent} />
      )}
    </GuardedModal>
  );
}

function InviteForm({
  onClose,
  onUnsent,
}: {
  onClose: () => void;
  /** The invitation was saved but its mail reached nobody. */
  onUnsent: (sent: SentInvitation) => void;
}) {
  const { t } = useTranslation();
  const invite = useInvite();
  const { held } = useSession();
  const offered = grantableRoles(held);
  const { form, state } = useDialogForm<InviteValues>({
    initialValues: { email: '', roles: ['teacher'] },
    schema: inviteFields,
    save: async ({ email, roles }) => {
      const sent = await invite.mutateAsync({ email: email.trim(), roles });
      notifyMailOutcome(t, sent);
      if (sent.mail_delivery === 'smtp') onClose();
      else onUnsent(sent);
    },
  });

  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('invitations.send')}>
      <TextInput
        label={t('login.email')}
        type="email"
        maxLength={EMAIL_MAX}
        {...form.getInputProps('email')}
        required
        data-autofocus
      />
      <RoleChoice offered={offered} label={t('users.roles')} {...form.getInputProps('roles')} required />
    </DialogForm>
  );
}
