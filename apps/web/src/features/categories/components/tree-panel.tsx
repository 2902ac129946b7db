import type { Category } from '@logoschool/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenTree } from '../tree-moves.ts';
import { TreeSkeleton } from './category-tree.tsx';

interface TreePanelProps {
  query: UseQueryResult<Category[]>;
  /** What an empty tree shows under the title, e.g. a call to action. */
  emptyAction?: ReactNode;
  emptyText: string;
  /** Collapses the categories with children, or opens them all. */
  onCollapseAll(ids: number[]): void;
  onExpandAll(): void;
  children(tree: Category[]): ReactNode;
}

/**
 * The frame of a category tree: a skeleton while it loads; an inline message with a retry when it
 * cannot be loaded (category calls show no notification, spec §8); an empty state; else the tree
 * with "expand all" and "collapse all".
 */
export function TreePanel({
  query,
  emptyAction,
  emptyText,
  onCollapseAll,
  onExpandAll,
  children,
}: TreePanelProps) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Paper withBorder radius="md" p="md">
        <TreeSkeleton />
      </Paper>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={t('categories.loadFailedTitle')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('categories.loadFailed')}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const tree = query.data;
  if (tree.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <IconFolder size={40} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
          <Title order={2} size="h4">
            {t('categories.emptyTitle')}
          </Title>
          <Text c="dimmed" ta="center" maw={400} style={{ textWrap: 'balance' }}>
            {emptyText}
          </Text>
          {emptyAction}
        </Stack>
      </Paper>
    );
  }
  const parents = flattenTree(tree)
    .filter(({ category }) => category.children.length > 0)
    .map(({ category }) => category.id);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      {parents.length > 0 && (
        <Group
          justify="flex-end"
          gap="xs"
          px="sm"
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          bg="gray.0"
        >
          <Button size="compact-sm" variant="subtle" onClick={onExpandAll}>
            {t('categories.expandAll')}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => onCollapseAll(parents)}>
            {t('categories.collapseAll')}
          </Button>
        </Group>
      )}
      {children(tree)}
    </Paper>
  );
}
