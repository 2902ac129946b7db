import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session.tsx';

/**
 * While root acts as another user (login-as-user), every screen says whose account this is and
 * offers the way back to root's own: without it root would have to sign out and in again.
 */
export function ActingAsBanner() {
  const { t } = useTranslation();
  const { signedInAs, user, returnToOwnAccount } = useSession();
  const [returning, setReturning] = useState(false);
  if (!signedInAs || !user) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      mb="md"
      icon={<IconUserShield size={20} aria-hidden />}
      data-testid="acting-as-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600} c="dark.9">
          {t('actingAs.text', { name: user.name, email: user.email })}
        </Text>
        <Button
          size="xs"
          variant="default"
          loading={returning}
          onClick={() => {
            setReturning(true);
            void returnToOwnAccount();
          }}
        >
          {t('actingAs.return')}
        </Button>
      </Group>
    </Alert>
  );
}
