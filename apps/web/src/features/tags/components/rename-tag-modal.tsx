import { TAG_NAME_MAX, type Tag } from '@logoschool/contract';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveTag } from '../api/save-tag.ts';
import { tagNameErrorOf } from '../tag-errors.ts';
import { validateTagName } from '../tag-name.ts';

/** Renames a tag. A refused name stays in the field with the reason under it. */
export function RenameTagModal({ tag, onClose }: { tag: Tag | null; onClose(): void }) {
  const { t } = useTranslation();
  const save = useSaveTag();
  const [name, setName] = useState(tag?.name ?? '');
  const [error, setError] = useState<{ name?: string; form?: string }>({});
  const [shownFor, setShownFor] = useState(tag);
  if (tag !== shownFor) {
    setShownFor(tag);
    setName(tag?.name ?? '');
    setError({});
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!tag) return;
    const invalid = validateTagName(name, t);
    if (invalid) return setError({ name: invalid });
    try {
      const saved = await save.mutateAsync({ id: tag.id, name: name.trim() });
      notifySuccess(t('tags.renamed', { from: tag.name, name: saved.name }));
      onClose();
    } catch (failure) {
      setError(tagNameErrorOf(failure));
    }
  };

  return (
    <Modal opened={tag !== null} onClose={onClose} title={t('tags.renameTitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {error.form && (
            <Alert color="red" role="alert">
              {error.form}
            </Alert>
          )}
          <TextInput
            label={t('tags.name')}
            value={name}
            maxLength={TAG_NAME_MAX}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError({});
            }}
            error={error.name}
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
    </Modal>
  );
}
