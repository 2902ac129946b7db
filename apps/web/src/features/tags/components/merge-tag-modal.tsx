import type { Tag } from '@logoschool/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf, fieldErrorsOf } from '../../../api/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useTags } from '../api/get-tags.ts';
import { useMergeTag } from '../api/merge-tag.ts';

/**
 * Merges a tag into another one of the project. Says plainly what happens: the tag disappears and
 * whatever carried it carries the chosen tag instead.
 */
export function MergeTagModal({ tag, onClose }: { tag: Tag | null; onClose(): void }) {
  const { t } = useTranslation();
  const merge = useMergeTag();
  const all = useTags('');
  const [intoId, setIntoId] = useState<string | null>(null);
  const [error, setError] = useState<{ into?: string; form?: string }>({});
  const [shownFor, setShownFor] = useState(tag);
  if (tag !== shownFor) {
    setShownFor(tag);
    setIntoId(null);
    setError({});
  }
  const into = all.data?.find((candidate) => String(candidate.id) === intoId);
  const options = (all.data ?? [])
    .filter((candidate) => candidate.id !== tag?.id)
    .map((candidate) => ({ value: String(candidate.id), label: candidate.name }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!tag) return;
    if (!into) return setError({ into: t('tags.chooseTarget') });
    try {
      const kept = await merge.mutateAsync({ id: tag.id, intoId: into.id });
      notifySuccess(t('tags.merged', { from: tag.name, name: kept.name }));
      onClose();
    } catch (failure) {
      const byField = fieldErrorsOf(failure);
      setError(byField?.into_id ? { into: byField.into_id } : { form: errorTextOf(failure) });
    }
  };

  return (
    <Modal opened={tag !== null} onClose={onClose} title={t('tags.mergeTitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Text maw={400}>{t('tags.mergeText', { name: tag?.name ?? '' })}</Text>
          {error.form && (
            <Alert color="red" role="alert">
              {error.form}
            </Alert>
          )}
          <Select
            label={t('tags.mergeInto')}
            data={options}
            value={intoId}
            onChange={(value) => {
              setIntoId(value);
              setError({});
            }}
            searchable
            nothingFoundMessage={t('tags.noMatches')}
            error={error.into}
            required
            comboboxProps={{ withinPortal: true }}
          />
          {into && tag && (
            <Alert color="yellow" variant="light" role="status">
              {t('tags.mergeResult', { from: tag.name, name: into.name })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('tags.cancel')}
            </Button>
            <Button type="submit" loading={merge.isPending}>
              {t('tags.merge')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
