import { TAG_NAME_MAX, tagInput, type Tag, type TagInput } from '@logoschool/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconPlus, IconTag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../components/search-input.tsx';
import { useActingFor } from '../../../session/session.tsx';
import { contractValidate } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useTags } from '../api/get-tags.ts';
import { useSaveTag } from '../api/save-tag.ts';
import { tagNameErrorOf } from '../tag-errors.ts';
import { DeleteTagModal } from './delete-tag-modal.tsx';
import { MergeTagModal } from './merge-tag-modal.tsx';
import { RenameTagModal } from './rename-tag-modal.tsx';

/** The one-line form that adds a tag, by the contract's `tagInput`; a refused name stays typed, with the reason under it. */
function AddTagForm() {
  const { t } = useTranslation();
  const save = useSaveTag();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TagInput>({ initialValues: { name: '' }, validate: contractValidate(tagInput, t) });

  const submit = async ({ name }: TagInput) => {
    setFormError(null);
    try {
      const created = await save.mutateAsync({ id: null, name: name.trim() });
      notifySuccess(t('tags.created', { name: created.name }));
      form.reset();
    } catch (failure) {
      const refused = tagNameErrorOf(failure);
      if (refused.name) form.setErrors({ name: refused.name });
      setFormError(refused.form ?? null);
    }
  };

  return (
    <form
      onSubmit={form.onSubmit((values) => void submit(values))}
      noValidate
      aria-label={t('tags.addTitle')}
    >
      <Stack gap="xs">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
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
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={save.isPending}>
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
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const tags = useTags(debounced);
  const [renaming, setRenaming] = useState<Tag | null>(null);
  const [merging, setMerging] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const rows = tags.data ?? [];

  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" align="flex-start">
        <SearchInput label={t('tags.search')} value={term} onChange={setTerm} width={260} />
        {mayManage && <AddTagForm />}
      </Group>
      {tags.isPending ? (
        <Stack gap="xs" aria-hidden>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : tags.isError ? (
        <Alert color="red" role="alert" title={t('tags.loadFailed')}>
          <Button size="xs" variant="default" onClick={() => void tags.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconTag size={36} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text c="gray.7" ta="center" maw={400}>
              {debounced ? t('tags.noMatches') : t('tags.empty')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table verticalSpacing="xs" striped aria-label={t('tags.listLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tags.name')}</Table.Th>
                {mayManage && (
                  <Table.Th w={56}>
                    <VisuallyHidden>{t('tags.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((tag) => (
                <Table.Tr key={tag.id} data-tag-row>
                  <Table.Td>{tag.name}</Table.Td>
                  {mayManage && (
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray.7"
                            aria-label={t('tags.actionsFor', { name: tag.name })}
                          >
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setRenaming(tag)}>{t('tags.rename')}</Menu.Item>
                          <Menu.Item onClick={() => setMerging(tag)}>{t('tags.mergeAction')}</Menu.Item>
                          <Menu.Item color="red.9" onClick={() => setDeleting(tag)}>
                            {t('tags.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
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
