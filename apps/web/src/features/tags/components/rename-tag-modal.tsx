import { TAG_NAME_MAX, tagInput, type Tag, type TagInput } from '@logoschool/contract';
import { Modal, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractValidate } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveTag } from '../api/save-tag.ts';
import { tagNameErrorOf } from '../tag-errors.ts';
import { DialogForm } from '../../../components/dialog-form.tsx';

/** Renames a tag. A refused name stays in the field with the reason under it. */
export function RenameTagModal({ tag, onClose }: { tag: Tag | null; onClose(): void }) {
  const { t } = useTranslation();
  // The last tag stays shown while the dialog closes; each opening starts a fresh form.
  const [shown, setShown] = useState(tag);
  if (tag && tag !== shown) setShown(tag);
  return (
    <Modal opened={tag !== null} onClose={onClose} title={t('tags.renameTitle')}>
      {shown && <RenameTagForm tag={shown} onClose={onClose} />}
    </Modal>
  );
}

/** The new name, by the contract's `tagInput`. */
function RenameTagForm({ tag, onClose }: { tag: Tag; onClose(): void }) {
  const { t } = useTranslation();
  const save = useSaveTag();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TagInput>({
    initialValues: { name: tag.name },
    validate: contractValidate(tagInput, t),
  });

  const submit = async ({ name }: TagInput) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: tag.id, name: name.trim() });
      notifySuccess(t('tags.renamed', { from: tag.name, name: saved.name }));
      onClose();
    } catch (failure) {
      const refused = tagNameErrorOf(failure);
      if (refused.name) form.setErrors({ name: refused.name });
      setFormError(refused.form ?? null);
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
        label={t('tags.name')}
        maxLength={TAG_NAME_MAX}
        {...form.getInputProps('name')}
        required
        data-autofocus
      />
    </DialogForm>
  );
}
