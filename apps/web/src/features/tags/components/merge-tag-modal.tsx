import { tagMergeInput, type Tag } from '@logoschool/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { contractValidate, showServerErrors } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useTags } from '../api/get-tags.ts';
import { useMergeTag } from '../api/merge-tag.ts';

/** The tag to merge into, as the select holds it: its id as text, null while none is chosen. */
interface MergeValues {
  into_id: string | null;
}

/**
 * Merges a tag into another one of the project. Says plainly what happens: the tag disappears and
 * whatever carried it carries the chosen tag instead.
 */
export function MergeTagModal({ tag, onClose }: { tag: Tag | null; onClose(): void }) {
  const { t } = useTranslation();
  // The last tag stays shown while the dialog closes; each opening starts a fresh form.
  const [shown, setShown] = useState(tag);
  if (tag && tag !== shown) setShown(tag);
  return (
    <Modal opened={tag !== null} onClose={onClose} title={t('tags.mergeTitle')}>
      {shown && <MergeTagForm tag={shown} onClose={onClose} />}
    </Modal>
  );
}

/** The choice of the tag to keep, by the contract's `tagMergeInput`. */
function MergeTagForm({ tag, onClose }: { tag: Tag; onClose(): void }) {
  const { t } = useTranslation();
  const merge = useMergeTag();
  const all = useTags('');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<MergeValues>({
    initialValues: { into_id: null },
    validate: contractValidate<MergeValues>(tagMergeInput, t, {
      toBody: ({ into_id }) => ({ into_id: into_id === null ? undefined : Number(into_id) }),
    }),
  });
  const into = all.data?.find((candidate) => String(candidate.id) === form.values.into_id);
  const options = (all.data ?? [])
    .filter((candidate) => candidate.id !== tag.id)
    .map((candidate) => ({ value: String(candidate.id), label: candidate.name }));

  const submit = async ({ into_id }: MergeValues) => {
    setFormError(null);
    try {
      const kept = await merge.mutateAsync({ id: tag.id, intoId: Number(into_id) });
      notifySuccess(t('tags.merged', { from: tag.name, name: kept.name }));
      onClose();
    } catch (failure) {
      if (!showServerErrors(form, failure)) setFormError(errorTextOf(failure));
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack>
        <Text maw={400}>{t('tags.mergeText', { name: tag.name })}</Text>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Select
          label={t('tags.mergeInto')}
          data={options}
          {...form.getInputProps('into_id')}
          searchable
          nothingFoundMessage={t('tags.noMatches')}
          required
          comboboxProps={{ withinPortal: true }}
        />
        {into && (
          <Alert color="yellow" variant="light" role="status">
            {t('tags.mergeResult', { from: tag.name, name: into.name })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={merge.isPending}>
            {t('tags.merge')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
