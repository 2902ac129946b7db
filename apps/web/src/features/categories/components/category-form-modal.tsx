import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  CATEGORY_NAME_MIN,
  ROOT_PARENT,
  type Category,
} from '@logoschool/contract';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf, fieldErrorsOf } from '../../../api/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveCategory, type CategoryFields } from '../api/save-category.ts';
import { ParentSelect } from './parent-select.tsx';

/** What the form is open for: a new category under a parent, or a category to change. */
export type CategoryFormTarget = { kind: 'create'; parent: number } | { kind: 'edit'; category: Category };

interface FormValues {
  name: string;
  description: string;
  is_folder: boolean;
  parent: number;
}

type Field = keyof FormValues;

function initialValues(target: CategoryFormTarget | null): FormValues {
  if (target?.kind === 'edit') {
    const { name, description, is_folder, parent } = target.category;
    return { name, description, is_folder, parent };
  }
  return { name: '', description: '', is_folder: false, parent: target?.parent ?? ROOT_PARENT };
}

/** The contract's limits (spec §5), checked before sending; the server checks them again. */
function validate(values: FormValues, t: TFunction): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = t('validation.required');
  else if (name.length < CATEGORY_NAME_MIN)
    errors.name = t('validation.tooShort', { min: CATEGORY_NAME_MIN });
  else if (name.length > CATEGORY_NAME_MAX) errors.name = t('validation.tooLong', { max: CATEGORY_NAME_MAX });
  if (values.description.trim().length > CATEGORY_DESCRIPTION_MAX) {
    errors.description = t('validation.tooLong', { max: CATEGORY_DESCRIPTION_MAX });
  }
  return errors;
}

const FIELDS: readonly Field[] = ['name', 'description', 'is_folder', 'parent'];

interface CategoryFormModalProps {
  target: CategoryFormTarget | null;
  tree: Category[];
  onClose(): void;
  /** After a save: the saved category, e.g. to open its parent. */
  onSaved(category: Category): void;
}

/**
 * Create or change a category: name, description, folder, parent. A failed save keeps everything
 * typed and shows the server's field errors under their fields.
 */
export function CategoryFormModal({ target, tree, onClose, onSaved }: CategoryFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const [values, setValues] = useState<FormValues>(() => initialValues(target));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(target);
  if (target !== shownFor) {
    setShownFor(target);
    setValues(initialValues(target));
    setErrors({});
    setFormError(null);
  }
  const editing = target?.kind === 'edit' ? target.category : null;

  const set = <K extends Field>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const invalid = validate(values, t);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    const fields: CategoryFields = {
      name: values.name.trim(),
      description: values.description.trim(),
      is_folder: values.is_folder,
      parent: values.parent,
    };
    try {
      const saved = await save.mutateAsync({ id: editing?.id ?? null, fields });
      notifySuccess(t(editing ? 'categories.saved' : 'categories.created', { name: saved.name }));
      onSaved(saved);
      onClose();
    } catch (error) {
      const byField = fieldErrorsOf(error) ?? {};
      const known = Object.fromEntries(
        FIELDS.flatMap((field) => (byField[field] ? [[field, byField[field]]] : [])),
      );
      setErrors(known);
      if (Object.keys(known).length === 0) setFormError(errorTextOf(error));
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(editing ? 'categories.editTitle' : 'categories.newTitle')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t('categories.name')}
            value={values.name}
            maxLength={CATEGORY_NAME_MAX}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
          />
          <Textarea
            label={t('categories.description')}
            value={values.description}
            maxLength={CATEGORY_DESCRIPTION_MAX}
            autosize
            minRows={2}
            maxRows={8}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description}
          />
          <Checkbox
            label={t('categories.isFolder')}
            description={t('categories.isFolderHint')}
            checked={values.is_folder}
            onChange={(event) => set('is_folder', event.currentTarget.checked)}
            error={errors.is_folder}
          />
          <ParentSelect
            tree={tree}
            categoryId={editing?.id ?? null}
            label={t('categories.parent')}
            value={values.parent}
            onChange={(parent) => set('parent', parent)}
            error={errors.parent}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('categories.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('categories.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
