import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconMoodHappy } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame of a list that loads: a skeleton while it loads, a message with a retry when it
 * cannot, an empty state, else the list itself.
 */
export function ListState<T>({
  query,
  emptyText,
  emptyAction,
  children,
}: {
  query: UseQueryResult<T[]>;
  emptyText: string;
  emptyAction?: ReactNode;
  children(items: T[]): ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-hidden>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={48} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={t('themes.loadFailed')}>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          {t('errors.tryAgain')}
        </Button>
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <IconMoodHappy size={40} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text c="gray.7" ta="center" maw={420}>
            {emptyText}
          </Text>
          {emptyAction}
        </Stack>
      </Paper>
    );
  }
  return children(query.data);
}
