import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  categoryUpdate,
  type Category,
} from '@logoschool/contract';
import { Checkbox, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveCategory, type CategoryFields } from '../api/save-category.ts';
import { ParentSelect } from './parent-select.tsx';
import { DialogForm, FormDialog, NameField, useDialogForm } from '../../../components/dialog-form.tsx';

/** What the form is open for: a new category under a parent, or a category to change. */
export type CategoryFormTarget = { kind: 'create'; parent: number } | { kind: 'edit'; category: Category };

function initialValues(target: CategoryFormTarget): CategoryFields {
  if (target.kind === 'edit') {
    const { name, description, is_folder, parent } = target.category;
    return { name, description, is_folder, parent };
  }
  return { name: '', description: '', is_folder: false, parent: target.parent };
}

interface CategoryFormModalProps {
  target: CategoryFormTarget | null;
  tree: Category[];
  onClose(): void;
  /** After a save: the saved category, e.g. to open its parent. */
  onSaved(category: Category): void;
}

/**
 * Create or change a category: name, description, folder, parent, by the rules of the contract's
 * `categoryUpdate`. A failed save keeps everything typed and shows the server's field errors under
 * their fields.
 */
export function CategoryFormModal({ target, tree, onClose, onSaved }: CategoryFormModalProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={target}
      title={(shown) => t(shown.kind === 'edit' ? 'categories.editTitle' : 'categories.newTitle')}
      onClose={onClose}
    >
      {(shown) => <CategoryForm target={shown} tree={tree} onClose={onClose} onSaved={onSaved} />}
    </FormDialog>
  );
}

function CategoryForm({
  target,
  tree,
  onClose,
  onSaved,
}: Omit<CategoryFormModalProps, 'target'> & { target: CategoryFormTarget }) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const editing = target.kind === 'edit' ? target.category : null;
  const { form, state } = useDialogForm<CategoryFields>({
    initialValues: initialValues(target),
    schema: categoryUpdate,
    save: async (values) => {
      const fields: CategoryFields = {
        name: values.name.trim(),
        description: values.description?.trim() ?? '',
        is_folder: values.is_folder,
        parent: values.parent,
      };
      const saved = await save.mutateAsync({ id: editing?.id ?? null, fields });
      notifySuccess(t(editing ? 'categories.saved' : 'categories.created', { name: saved.name }));
      onSaved(saved);
      onClose();
    },
  });

  return (
    <DialogForm {...state} onCancel={onClose}>
      <NameField form={form} label={t('categories.name')} max={CATEGORY_NAME_MAX} />
      <Textarea
        label={t('categories.description')}
        maxLength={CATEGORY_DESCRIPTION_MAX}
        autosize
        minRows={2}
        maxRows={8}
        {...form.getInputProps('description')}
      />
      <Checkbox
        label={t('categories.isFolder')}
        description={t('categories.isFolderHint')}
        {...form.getInputProps('is_folder', { type: 'checkbox' })}
      />
      <ParentSelect
        tree={tree}
        categoryId={editing?.id ?? null}
        label={t('categories.parent')}
        value={form.values.parent}
        onChange={(parent) => form.setFieldValue('parent', parent)}
        error={form.errors.parent}
      />
    </DialogForm>
  );
}
