import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';

/** A card that could not be read: not found (another project's, deleted), or a failure that can be tried again. */
export function CardLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <Stack maw={560}>
      <Alert color="red" role="alert">
        <Group justify="space-between">
          {missing ? t('diagnosticCards.notFound') : t('diagnosticCards.loadOneFailed')}
          {!missing && (
            <Button size="xs" variant="default" onClick={onRetry}>
              {t('errors.tryAgain')}
            </Button>
          )}
        </Group>
      </Alert>
      <Button component={Link} to="/diagnostic-cards" variant="default" w="fit-content">
        {t('diagnosticCards.backToList')}
      </Button>
    </Stack>
  );
}
