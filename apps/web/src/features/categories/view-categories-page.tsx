import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCategoryTree } from './api/get-category-tree.ts';
import { CategoryTree, useCollapsed } from './components/category-tree.tsx';
import { TreePanel } from './components/tree-panel.tsx';

/** /view-categories: the teacher's read-only view of the project's category tree (spec §2, §6). */
export function ViewCategoriesPage() {
  const { t } = useTranslation();
  const query = useCategoryTree('categories.read');
  const { collapsed, toggle, collapseAll, expandAll } = useCollapsed();
  return (
    <Stack gap="md" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('categories.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('categories.readOnlyHint')}
        </Text>
      </Stack>
      <TreePanel
        query={query}
        emptyText={t('categories.emptyReadOnly')}
        onCollapseAll={collapseAll}
        onExpandAll={expandAll}
      >
        {(tree) => <CategoryTree tree={tree} collapsed={collapsed} onToggle={toggle} />}
      </TreePanel>
    </Stack>
  );
}

export default ViewCategoriesPage;
