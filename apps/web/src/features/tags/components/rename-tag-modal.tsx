import { TAG_NAME_MAX, tagInput, type Tag, type TagInput } from '@logoschool/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveTag } from '../api/save-tag.ts';
import { tagNameRefusal } from '../tag-errors.ts';
import { DialogForm, FormDialog, NameField, useDialogForm } from '../../../components/dialog-form.tsx';

/** Renames a tag. A refused name stays in the field with the reason under it. */
export function RenameTagModal({ tag, onClose }: { tag: Tag | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <FormDialog target={tag} title={t('tags.renameTitle')} onClose={onClose}>
      {(shown) => <RenameTagForm tag={shown} onClose={onClose} />}
    </FormDialog>
  );
}

/** The new name, by the contract's `tagInput`. */
function RenameTagForm({ tag, onClose }: { tag: Tag; onClose(): void }) {
  const { t } = useTranslation();
  const save = useSaveTag();
  const { form, state } = useDialogForm<TagInput>({
    initialValues: { name: tag.name },
    schema: tagInput,
    save: async ({ name }) => {
      const saved = await save.mutateAsync({ id: tag.id, name: name.trim() });
      notifySuccess(t('tags.renamed', { from: tag.name, name: saved.name }));
      onClose();
    },
    refused: tagNameRefusal,
  });

  return (
    <DialogForm {...state} onCancel={onClose}>
      <NameField form={form} label={t('tags.name')} max={TAG_NAME_MAX} />
    </DialogForm>
  );
}
