import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';

/**
 * A template that could not be read: not found (another project's, someone else's draft, deleted),
 * or a failure to answer, which can be tried again.
 */
export function TemplateLoadFailed({
  error,
  back,
  onRetry,
}: {
  error: unknown;
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <Stack maw={560}>
      <Alert color="red" role="alert">
        <Group justify="space-between">
          {missing ? t('templates.notFound') : t('templates.loadOneFailed')}
          {!missing && (
            <Button size="xs" variant="default" onClick={onRetry}>
              {t('errors.tryAgain')}
            </Button>
          )}
        </Group>
      </Alert>
      <Button component={Link} to={back.to} variant="default" w="fit-content">
        {back.label}
      </Button>
    </Stack>
  );
}
