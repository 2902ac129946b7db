import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
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
      <PageHeader title={t('categories.title')} description={t('categories.readOnlyHint')} />
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
