import { EMAIL_MAX, grantableRoles, type RoleName } from '@logoschool/contract';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf, fieldErrorsOf } from '../../api/form-errors.ts';
import { useSession } from '../../app/session.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useInvite } from './api/invitations.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'email' | 'roles';

/**
 * Invite someone to the project by e-mail with their roles (spec §2 /users, §5: a valid e-mail and
 * at least one role), offering only the roles the caller may grant. An address that has an account
 * is invited like any other: the server does not say which it is, and its owner accepts by signing
 * in (decision: no "already exists" here, so the form tells nobody who has an account).
 */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const invite = useInvite();
  const { held } = useSession();
  const offered = grantableRoles(held);
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<RoleName[]>(['teacher']);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setEmail('');
    setRoles(['teacher']);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const validate = (): boolean => {
    const found: Partial<Record<Field, string>> = {};
    if (!email.trim()) found.email = t('validation.required');
    else if (!EMAIL_PATTERN.test(email.trim())) found.email = t('validation.email');
    if (roles.length === 0) found.roles = t('users.oneRoleRequired');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const showFailure = (error: unknown) => {
    const byField = fieldErrorsOf(error);
    if (byField && (byField.email || byField.roles))
      setErrors({ email: byField.email, roles: byField.roles });
    else setFailure(errorTextOf(error));
  };

  const send = async () => {
    setFailure(null);
    if (!validate()) return;
    try {
      const sent = await invite.mutateAsync({ email: email.trim(), roles });
      notifySuccess(
        t(sent.mail_delivered ? 'invitations.sent' : 'invitations.sentToOutbox', { email: sent.email }),
      );
      close();
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('invitations.inviteTitle')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
            required
            data-autofocus
          />
          <Checkbox.Group
            label={t('users.roles')}
            value={roles}
            onChange={(value) => setRoles(value as RoleName[])}
            error={errors.roles}
            required
          >
            <Stack gap="xs" mt="xs">
              {offered.map((role) => (
                <Checkbox key={role} value={role} label={t(`roles.${role}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('clients.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('invitations.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
