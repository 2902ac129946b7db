import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown to a signed-in user, not root, who holds no role in any project (spec §2, §6). */
export function NoWorkspaces() {
  const { t } = useTranslation();
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" maw={400} ta="center">
        <Title order={1}>{t('noWorkspaces.title')}</Title>
        <Text c="gray.7">{t('noWorkspaces.description')}</Text>
      </Stack>
    </Center>
  );
}
