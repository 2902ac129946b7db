import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  categoryUpdate,
  type Category,
} from '@logoschool/contract';
import { Checkbox, Modal, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { contractValidate, showServerErrors } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveCategory, type CategoryFields } from '../api/save-category.ts';
import { ParentSelect } from './parent-select.tsx';
import { DialogForm } from '../../../components/dialog-form.tsx';

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
  // The last target stays shown while the dialog closes; each opening starts a fresh form.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(shown?.kind === 'edit' ? 'categories.editTitle' : 'categories.newTitle')}
    >
      {shown && <CategoryForm target={shown} tree={tree} onClose={onClose} onSaved={onSaved} />}
    </Modal>
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
  const [formError, setFormError] = useState<string | null>(null);
  const editing = target.kind === 'edit' ? target.category : null;
  const form = useForm<CategoryFields>({
    initialValues: initialValues(target),
    validate: contractValidate(categoryUpdate, t),
  });

  const submit = async (values: CategoryFields) => {
    setFormError(null);
    const fields: CategoryFields = {
      name: values.name.trim(),
      description: values.description?.trim() ?? '',
      is_folder: values.is_folder,
      parent: values.parent,
    };
    try {
      const saved = await save.mutateAsync({ id: editing?.id ?? null, fields });
      notifySuccess(t(editing ? 'categories.saved' : 'categories.created', { name: saved.name }));
      onSaved(saved);
      onClose();
    } catch (error) {
      if (!showServerErrors(form, error)) setFormError(errorTextOf(error));
    }
  };

  return (
    <DialogForm
      onSubmit={form.onSubmit((values) => void submit(values))}
      onCancel={onClose}
      error={formError}
      saving={save.isPending}
    >
      <TextInput
        label={t('categories.name')}
        maxLength={CATEGORY_NAME_MAX}
        {...form.getInputProps('name')}
        required
        data-autofocus
      />
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
