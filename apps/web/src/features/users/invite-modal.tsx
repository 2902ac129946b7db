import { EMAIL_MAX, ASSIGNABLE_ROLES, type RoleName } from '@logoschool/contract';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorTextOf, fieldErrorsOf } from '../../api/form-errors.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useAddExistingUser, useInvite } from './api/invitations.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'email' | 'roles';

/**
 * Invite someone to the project by e-mail with their roles (spec §2 /users, §5: a valid e-mail and
 * at least one role). When the address already has an account, says so (spec §8) and offers to add
 * that user to the project instead.
 */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const invite = useInvite();
  const addExisting = useAddExistingUser();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<RoleName[]>(['teacher']);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [existing, setExisting] = useState<string | null>(null);

  const close = () => {
    setEmail('');
    setRoles(['teacher']);
    setErrors({});
    setFailure(null);
    setExisting(null);
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
    setExisting(null);
    if (!validate()) return;
    try {
      const sent = await invite.mutateAsync({ email: email.trim(), roles });
      notifySuccess(
        t(sent.mail_delivered ? 'invitations.sent' : 'invitations.sentToOutbox', { email: sent.email }),
      );
      close();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'user_exists') setExisting(error.message);
      else showFailure(error);
    }
  };

  const add = async () => {
    setFailure(null);
    try {
      const added = await addExisting.mutateAsync({ email: email.trim(), roles });
      notifySuccess(t('invitations.added', { name: added.name }));
      close();
    } catch (error) {
      setExisting(null);
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
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setExisting(null);
            }}
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
              {ASSIGNABLE_ROLES.map((role) => (
                <Checkbox key={role} value={role} label={t(`roles.${role}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          {existing && (
            <Alert color="yellow" role="status">
              <Stack gap="xs" align="flex-start">
                {existing}
                <Button size="xs" onClick={() => void add()} loading={addExisting.isPending}>
                  {t('invitations.addExisting')}
                </Button>
              </Stack>
            </Alert>
          )}
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
