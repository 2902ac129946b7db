import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The 404 screen (spec §2), and in error mode the generic error screen: its button then reloads
 * the root path instead of navigating, to recover from a broken state.
 */
export function NotFoundPage({ error = false }: { error?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={400} ta="center">
        {!error && (
          <Text fz={96} fw={800} c="gray.7" lh={1} aria-hidden>
            {t('notFound.code')}
          </Text>
        )}
        <Title order={1}>{t(error ? 'errors.title' : 'notFound.title')}</Title>
        <Text c="gray.7">{t(error ? 'errors.generic' : 'notFound.description')}</Text>
        {error ? (
          <Button onClick={() => window.location.assign('/')}>{t('errors.reload')}</Button>
        ) : (
          <Button component={Link} to="/">
            {t('app.toHome')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

export default NotFoundPage;
