import { PER_PAGE_DEFAULT, type ProgramKind, type ProgramListItem } from '@logoschool/contract';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { GuardedDrawer } from '../../components/dialog-form.tsx';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { RowButtons } from '../../components/list/row-actions.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
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
  const list = useListControls();
  const query = usePrograms({ kind, term: list.search, page: list.page, per_page: PER_PAGE_DEFAULT });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const remove = useDeleteProgram();
  const columns: Column<ProgramListItem>[] = [
    {
      key: 'name',
      header: t('programs.columns.name'),
      cell: (program) => (
        <>
          <Text fw={600} size="sm">
            {program.name}
          </Text>
          {program.description && (
            <Text size="xs" c="gray.7" lineClamp={2}>
              {program.description}
            </Text>
          )}
        </>
      ),
    },
    { key: 'exercises', header: t('programs.columns.exercises'), cell: (program) => program.items },
    {
      key: 'updated',
      header: t('programs.columns.updated'),
      cell: (program) => formatDate(program.updated_at),
    },
    {
      key: 'actions',
      header: t('programs.columns.actions'),
      hiddenHeader: true,
      cell: (program) => (
        <RowButtons
          actions={[
            {
              label: t('programs.edit'),
              name: t('programs.editNamed', { name: program.name }),
              icon: IconPencil,
              onClick: () => setEditing({ id: program.id }),
            },
            {
              label: t('programs.delete'),
              name: t('programs.deleteNamed', { name: program.name }),
              icon: IconTrash,
              color: 'red',
              onClick: () => setDeleting({ id: program.id, name: program.name }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        order={2}
        title={t(`${texts}.title`)}
        description={t(`${texts}.intro`)}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ id: null })}>
            {t(`${texts}.add`)}
          </Button>
        }
      />
      <SearchInput label={t('programs.search')} value={list.term} onChange={list.setTerm} />
      <ListTable
        query={query}
        failed={t('programs.loadFailed')}
        empty={list.narrowed ? t('programs.noMatches') : t(`${texts}.empty`)}
        paging={list}
        rowKey={(program) => program.id}
        columns={columns}
        minWidth={560}
        highlightOnHover
      />

      <GuardedDrawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="xl"
        title={t(editing?.id ? `${texts}.editTitle` : `${texts}.newTitle`)}
      >
        {editing && <ProgramEditor kind={kind} programId={editing.id} onDone={() => setEditing(null)} />}
      </GuardedDrawer>
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
