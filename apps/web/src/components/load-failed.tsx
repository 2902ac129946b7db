import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../api/client.ts';

/**
 * A screen's object that could not be read: `notFound` when it is out of reach (404 or 403:
 * another project's, someone else's draft, deleted), else `failed` with a way to try again; and
 * the way back to its list.
 */
export function LoadFailed({
  error,
  notFound,
  failed,
  back,
  onRetry,
}: {
  error: unknown;
  notFound: string;
  failed: string;
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <Stack maw={560}>
      <Alert color="red" role="alert">
        <Group justify="space-between">
          {missing ? notFound : failed}
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
