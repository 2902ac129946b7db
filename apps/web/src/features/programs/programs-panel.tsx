import { PER_PAGE_DEFAULT, type ProgramKind, type ProgramListItem } from '@logoschool/contract';
import {
  Alert,
  Button,
  Drawer,
  Group,
  Loader,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { useDeleteProgram, useProgram, usePrograms } from './api/programs.ts';
import { ProgramForm } from './components/program-form.tsx';

/** What the drawer edits: a new program, or one of the list by id. */
type Editing = { id: number | null } | null;

/**
 * The project's recommended programs or exercise complexes (spec §3 "name, content"; issue 16
 * item 7), for a moderator: a searchable list, a drawer to write one (name, description, ordered
 * accepted exercises with notes), and deleting with a confirmation (the server refuses a program a
 * published diagnostic card points at, and its message shows in the dialog).
 */
export function ProgramsPanel({ kind }: { kind: ProgramKind }) {
  const { t } = useTranslation();
  const texts = `programs.${kind}`;
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [page, setPage] = useState(1);
  const query = usePrograms({ kind, term: debounced, page, per_page: PER_PAGE_DEFAULT });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const remove = useDeleteProgram();
  const rows = query.data?.data ?? [];
  const pages = query.data ? Math.ceil(query.data.meta.total / query.data.meta.per_page) : 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            {t(`${texts}.title`)}
          </Title>
          <Text c="gray.7" size="sm" maw={720}>
            {t(`${texts}.intro`)}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ id: null })}>
          {t(`${texts}.add`)}
        </Button>
      </Group>
      <SearchInput
        label={t('programs.search')}
        value={term}
        onChange={(value) => {
          setTerm(value);
          setPage(1);
        }}
      />
      {query.isLoading ? (
        <Stack gap="xs" role="status" aria-label={t('app.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={44} />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            {t('programs.loadFailed')}
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="gray.7" py="xl" ta="center">
          {debounced ? t('programs.noMatches') : t(`${texts}.empty`)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} opacity={query.isPlaceholderData ? 0.6 : 1}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('programs.columns.name')}</Table.Th>
                <Table.Th>{t('programs.columns.exercises')}</Table.Th>
                <Table.Th>{t('programs.columns.updated')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('programs.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((program: ProgramListItem) => (
                <Table.Tr key={program.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {program.name}
                    </Text>
                    {program.description && (
                      <Text size="xs" c="gray.7" lineClamp={2}>
                        {program.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{program.items}</Table.Td>
                  <Table.Td>{formatDate(program.updated_at)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconPencil size={14} aria-hidden />}
                        aria-label={t('programs.editNamed', { name: program.name })}
                        onClick={() => setEditing({ id: program.id })}
                      >
                        {t('programs.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        aria-label={t('programs.deleteNamed', { name: program.name })}
                        onClick={() => setDeleting({ id: program.id, name: program.name })}
                      >
                        {t('programs.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}

      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="xl"
        title={t(editing?.id ? `${texts}.editTitle` : `${texts}.newTitle`)}
      >
        {editing && <ProgramEditor kind={kind} programId={editing.id} onDone={() => setEditing(null)} />}
      </Drawer>
      <ConfirmDeleteModal
        item={deleting}
        texts={texts}
        remove={(id) => remove.mutateAsync(id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** The form of a new program, or of one read first. */
function ProgramEditor({
  kind,
  programId,
  onDone,
}: {
  kind: ProgramKind;
  programId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const program = useProgram(programId);
  if (programId === null) return <ProgramForm kind={kind} program={null} onDone={onDone} />;
  if (program.isPending) return <Loader size="sm" aria-label={t('app.loading')} />;
  if (program.isError)
    return (
      <Alert color="red" role="alert">
        {errorTextOf(program.error)}
      </Alert>
    );
  return <ProgramForm key={program.data.id} kind={kind} program={program.data} onDone={onDone} />;
}
