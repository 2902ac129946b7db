import { TAG_NAME_MAX, tagInput, type Tag, type TagInput } from '@logoschool/contract';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractValidate } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveTag } from '../api/save-tag.ts';
import { tagNameErrorOf } from '../tag-errors.ts';

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
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label={t('tags.name')}
          maxLength={TAG_NAME_MAX}
          {...form.getInputProps('name')}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('tags.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('tags.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
