import { tagMergeInput, type Tag } from '@logoschool/contract';
import { Alert, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
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
  return (
    <FormDialog target={tag} title={t('tags.mergeTitle')} onClose={onClose}>
      {(shown) => <MergeTagForm tag={shown} onClose={onClose} />}
    </FormDialog>
  );
}

/** The choice of the tag to keep, by the contract's `tagMergeInput`. */
function MergeTagForm({ tag, onClose }: { tag: Tag; onClose(): void }) {
  const { t } = useTranslation();
  const merge = useMergeTag();
  const all = useTags('');
  const { form, state } = useDialogForm<MergeValues>({
    initialValues: { into_id: null },
    schema: tagMergeInput,
    toBody: ({ into_id }) => ({ into_id: into_id === null ? undefined : Number(into_id) }),
    save: async ({ into_id }) => {
      const kept = await merge.mutateAsync({ id: tag.id, intoId: Number(into_id) });
      notifySuccess(t('tags.merged', { from: tag.name, name: kept.name }));
      onClose();
    },
  });
  const into = all.data?.find((candidate) => String(candidate.id) === form.values.into_id);
  const options = (all.data ?? [])
    .filter((candidate) => candidate.id !== tag.id)
    .map((candidate) => ({ value: String(candidate.id), label: candidate.name }));

  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('tags.merge')}>
      <Text maw={400}>{t('tags.mergeText', { name: tag.name })}</Text>
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
    </DialogForm>
  );
}
