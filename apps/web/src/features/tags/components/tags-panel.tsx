import { TAG_NAME_MAX, tagInput, type Tag, type TagInput } from '@logoschool/contract';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogForm } from '../../../components/dialog-form.tsx';
import { ListEmpty } from '../../../components/list/list-view.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { RowMenu } from '../../../components/list/row-actions.tsx';
import { useListControls } from '../../../components/list/use-list-controls.ts';
import { SearchInput } from '../../../components/search-input.tsx';
import { useActingFor } from '../../../session/session.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useTags } from '../api/get-tags.ts';
import { useSaveTag } from '../api/save-tag.ts';
import { tagNameRefusal } from '../tag-errors.ts';
import { DeleteTagModal } from './delete-tag-modal.tsx';
import { MergeTagModal } from './merge-tag-modal.tsx';
import { RenameTagModal } from './rename-tag-modal.tsx';

/** The one-line form that adds a tag, by the contract's `tagInput`; a refused name stays typed, with the reason under it. */
function AddTagForm() {
  const { t } = useTranslation();
  const save = useSaveTag();
  const { form, state } = useDialogForm<TagInput>({
    initialValues: { name: '' },
    schema: tagInput,
    save: async ({ name }) => {
      const created = await save.mutateAsync({ id: null, name: name.trim() });
      notifySuccess(t('tags.created', { name: created.name }));
      form.reset();
    },
    refused: tagNameRefusal,
  });

  return (
    <form onSubmit={state.onSubmit} noValidate aria-label={t('tags.addTitle')}>
      <Stack gap="xs">
        {state.error && (
          <Alert color="red" role="alert">
            {state.error}
          </Alert>
        )}
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label={t('tags.newName')}
            placeholder={t('tags.newName')}
            maxLength={TAG_NAME_MAX}
            {...form.getInputProps('name')}
            w={280}
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={state.saving}>
            {t('tags.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The project's tags (the "Tags" tab of /themes): search, add, rename, merge, delete. Reading is
 * open to whoever may read tags; the changes only to a role the permission table lets manage them.
 */
export function TagsPanel() {
  const { t } = useTranslation();
  const mayManage = useActingFor('tags.manage') !== null;
  const list = useListControls();
  const tags = useTags(list.search);
  const [renaming, setRenaming] = useState<Tag | null>(null);
  const [merging, setMerging] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const rows = tags.data ?? [];

  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" align="flex-start">
        <SearchInput label={t('tags.search')} value={list.term} onChange={list.setTerm} width={260} />
        {mayManage && <AddTagForm />}
      </Group>
      <ListTable
        query={tags}
        failed={t('tags.loadFailed')}
        empty={<ListEmpty icon={IconTag}>{list.narrowed ? t('tags.noMatches') : t('tags.empty')}</ListEmpty>}
        framed
        spacing="xs"
        label={t('tags.listLabel')}
        rowKey={(tag) => tag.id}
        rowProps={() => ({ 'data-tag-row': true })}
        columns={[
          { key: 'name', header: t('tags.name'), cell: (tag) => tag.name },
          {
            key: 'actions',
            header: t('tags.actions'),
            hiddenHeader: true,
            width: 56,
            hidden: !mayManage,
            cell: (tag) => (
              <RowMenu
                label={t('tags.actionsFor', { name: tag.name })}
                actions={[
                  { label: t('tags.rename'), onClick: () => setRenaming(tag) },
                  { label: t('tags.mergeAction'), onClick: () => setMerging(tag) },
                  { label: t('tags.delete'), color: 'red.9', onClick: () => setDeleting(tag) },
                ]}
              />
            ),
          },
        ]}
      />
      {tags.isSuccess && rows.length > 0 && (
        <Text size="sm" c="gray.7">
          {t('tags.count', { count: rows.length })}
        </Text>
      )}
      {mayManage && (
        <>
          <RenameTagModal tag={renaming} onClose={() => setRenaming(null)} />
          <MergeTagModal tag={merging} onClose={() => setMerging(null)} />
          <DeleteTagModal tag={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Stack>
  );
}
