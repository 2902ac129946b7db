import { ROOT_PARENT, type Category, type CategoryPlace } from '@logoschool/contract';
import { Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useActingFor } from '../../session/session.tsx';
import { notifyError } from '../../lib/notify.ts';
import { useCategoryTree } from './api/get-category-tree.ts';
import { useMoveCategories } from './api/move-categories.ts';
import { CategoryFormModal, type CategoryFormTarget } from './components/category-form-modal.tsx';
import { CategoryTree, useCollapsed, type TreeActions } from './components/category-tree.tsx';
import { DeleteCategoryModal } from './components/delete-category-modal.tsx';
import { MoveIntoModal } from './components/move-into-modal.tsx';
import { TreePanel } from './components/tree-panel.tsx';

/**
 * /categories: the moderator's index (spec §2): the project's category tree, to build and
 * rearrange. Editing is offered only to a role the permission table lets manage categories.
 */
export function CategoriesPage() {
  const { t } = useTranslation();
  const mayManage = useActingFor('categories.manage') !== null;
  const query = useCategoryTree('categories.read');
  const move = useMoveCategories();
  const { collapsed, toggle, expand, collapseAll, expandAll } = useCollapsed();
  const [form, setForm] = useState<CategoryFormTarget | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [movingInto, setMovingInto] = useState<Category | null>(null);
  // Said to screen readers after a move, which otherwise happens without a word.
  const [announcement, setAnnouncement] = useState('');
  const tree = query.data ?? [];

  const sendMove = (category: Category, items: CategoryPlace[]) => {
    const parent = items.find((item) => item.id === category.id)?.parent ?? ROOT_PARENT;
    expand(parent);
    setAnnouncement('');
    move.mutate(items, {
      onSuccess: () => setAnnouncement(t('categories.moved', { name: category.name })),
      onError: (error) =>
        notifyError(t('categories.moveFailed', { name: category.name, reason: errorTextOf(error) })),
    });
  };

  const actions: TreeActions | undefined = mayManage
    ? {
        add: (parent) => setForm({ kind: 'create', parent: parent.id }),
        edit: (category) => setForm({ kind: 'edit', category }),
        remove: setDeleting,
        moveInto: setMovingInto,
        move: sendMove,
        busy: move.isPending,
      }
    : undefined;

  const addTop = () => setForm({ kind: 'create', parent: ROOT_PARENT });

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={t('categories.title')}
        actions={
          mayManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={addTop}>
              {t('categories.add')}
            </Button>
          )
        }
      />
      {mayManage && tree.length > 0 && (
        <Text c="dimmed" size="sm">
          {t('categories.dragHint')}
        </Text>
      )}
      <TreePanel
        query={query}
        emptyText={t(mayManage ? 'categories.emptyText' : 'categories.emptyReadOnly')}
        emptyAction={
          mayManage && (
            <Button leftSection={<IconPlus size={16} />} variant="light" onClick={addTop}>
              {t('categories.addFirst')}
            </Button>
          )
        }
        onCollapseAll={collapseAll}
        onExpandAll={expandAll}
      >
        {(loaded) => <CategoryTree tree={loaded} collapsed={collapsed} onToggle={toggle} actions={actions} />}
      </TreePanel>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {mayManage && (
        <>
          <CategoryFormModal
            target={form}
            tree={tree}
            onClose={() => setForm(null)}
            onSaved={(saved) => expand(saved.parent)}
          />
          <DeleteCategoryModal category={deleting} onClose={() => setDeleting(null)} />
          <MoveIntoModal
            category={movingInto}
            tree={tree}
            onClose={() => setMovingInto(null)}
            onMove={sendMove}
          />
        </>
      )}
    </Stack>
  );
}

export default CategoriesPage;
