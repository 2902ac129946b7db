import { Alert, Box, Button, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';

/** What a list's query answers: the rows, or a page of them with the total (`callApiPage`). */
export type ListData<T> = readonly T[] | { data: readonly T[]; meta: { total: number; per_page: number } };

/** The rows of a list's answer. */
export function rowsOf<T>(data: ListData<T> | undefined): readonly T[] {
  if (data === undefined) return [];
  return 'meta' in data ? data.data : data;
}

/** How many pages a paged answer has (1 for a whole list, and while nothing is read). */
export function pagesOf(data: ListData<unknown> | undefined): number {
  if (data === undefined || !('meta' in data)) return 1;
  return Math.max(1, Math.ceil(data.meta.total / data.meta.per_page));
}

/** Rows to come, while a list loads: announced as loading. */
export function ListLoading({ height = 44, count = 3 }: { height?: number; count?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-label={t('app.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} />
      ))}
    </Stack>
  );
}

/** A list that could not be read: why, and a way to try again. */
export function ListLoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between">
        {children}
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('errors.tryAgain')}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * A list with nothing in it: the reason, centred; with an `icon`, in a frame under the picture,
 * with a `hint` below and an `action` (the way to add the first one).
 */
export function ListEmpty({
  icon: Picture,
  children,
  hint,
  action,
}: {
  icon?: Icon;
  children: ReactNode;
  hint?: ReactNode;
  action?: ReactNode;
}) {
  if (!Picture && !hint && !action) {
    return (
      <Text c="gray.7" py="xl" ta="center">
        {children}
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        {Picture && <Picture size={40} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />}
        <Text c={hint ? undefined : 'gray.7'} fw={hint ? 600 : undefined} maw={420}>
          {children}
        </Text>
        {hint && (
          <Text size="sm" c="gray.7" maw={520}>
            {hint}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}

/** The page a paged list shows, and how to turn it (a list's `ListControls` is one). */
export interface ListPaging {
  page: number;
  setPage(page: number): void;
}

/** A list's query and the states the list shows from it. */
export interface ListViewProps<T> {
  query: UseQueryResult<ListData<T>>;
  /** What the list says when it cannot be read; the refusal's own message when not given. */
  failed?: string;
  /** The empty state: a sentence (shown centred) or a `ListEmpty`. */
  empty: ReactNode;
  /** What stands for the rows while they load, when not skeleton rows. */
  loading?: ReactNode;
  paging?: ListPaging;
  children(rows: T[]): ReactNode;
}

/**
 * The states of a list read by a query, the same on every screen: rows to come while it loads, the
 * reason and "Try again" when it cannot be read, the empty state, else the rows (dimmed while the
 * next page loads over the last one) and, with `paging`, the pages under them.
 */
export function ListView<T>({ query, failed, empty, loading, paging, children }: ListViewProps<T>) {
  if (query.isPending) return loading ?? <ListLoading />;
  if (query.isError) {
    return (
      <ListLoadFailed onRetry={() => void query.refetch()}>
        {failed ?? errorTextOf(query.error)}
      </ListLoadFailed>
    );
  }
  const rows = rowsOf(query.data);
  if (rows.length === 0) return typeof empty === 'string' ? <ListEmpty>{empty}</ListEmpty> : empty;
  const pages = pagesOf(query.data);
  return (
    <>
      <Box opacity={query.isPlaceholderData ? 0.6 : 1} aria-busy={query.isFetching}>
        {children([...rows])}
      </Box>
      {paging && pages > 1 && <Pagination value={paging.page} onChange={paging.setPage} total={pages} />}
    </>
  );
}
