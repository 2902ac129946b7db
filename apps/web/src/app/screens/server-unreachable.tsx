import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session.tsx';

/** The saved token could not be checked because the server did not answer: try again, keep the token. */
export function ServerUnreachable() {
  const { t } = useTranslation();
  const { recheck } = useSession();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={400} ta="center">
        <Title order={1}>{t('errors.unreachableTitle')}</Title>
        <Text c="gray.7">{t('errors.network')}</Text>
        <Button onClick={recheck}>{t('errors.tryAgain')}</Button>
      </Stack>
    </Center>
  );
}
