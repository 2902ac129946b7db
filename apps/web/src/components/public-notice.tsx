import { Button, Center, Loader, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A public page (under a link, no sign-in) while it loads what the link names. */
export function PublicLoading() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" component="main">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

/** Asks again for what a public page failed to load. */
export function PublicRetryButton({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Button onClick={onRetry} w="fit-content">
      {t('errors.tryAgain')}
    </Button>
  );
}

/**
 * A card in the middle of a public page: a wrong link, a failure, a state to explain. `large` for
 * a screen read from a distance (the child's screen), centred and on a grey ground.
 */
export function PublicNotice({ children, large = false }: { children: ReactNode; large?: boolean }) {
  return (
    <Center mih="100dvh" p="md" component="main" bg={large ? 'gray.0' : undefined}>
      <Paper withBorder shadow="sm" p="xl" radius={large ? 'lg' : 'md'} w="100%" maw={large ? 560 : 480}>
        {large ? (
          <Stack align="center" ta="center">
            {children}
          </Stack>
        ) : (
          <Stack>{children}</Stack>
        )}
      </Paper>
    </Center>
  );
}
