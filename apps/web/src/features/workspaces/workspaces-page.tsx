import {
  PER_PAGE_DEFAULT,
  WORKSPACE_DESCRIPTION_MAX,
  WORKSPACE_TITLE_MAX,
  workspaceInput,
  type WorkspaceInput,
  type WorkspaceListItem,
} from '@logoschool/contract';
import { Anchor, Button, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { ConfirmTargetModal } from '../../components/confirm-action-modal.tsx';
import { DialogForm, FormDialog, NameField, useDialogForm } from '../../components/dialog-form.tsx';
import type { Column } from '../../components/list/data-table.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { RowButtons } from '../../components/list/row-actions.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  useArchiveWorkspace,
  useWorkspaces,
  useSaveWorkspace,
  type WorkspacesTab,
} from './api/workspaces.ts';

/**
 * /projects: every project of the platform, for root: create, edit, archive, restore (spec §4, §6).
 * `projectActions` are another feature's actions on an active project (composed in app/).
 */
export function WorkspacesPage({
  projectActions,
}: {
  projectActions?: (project: WorkspaceListItem) => ReactElement;
}) {
  const { t } = useTranslation();
  const list = useListControls<{ tab: WorkspacesTab }>({ tab: 'active' });
  const [editing, setEditing] = useState<WorkspaceListItem | 'new' | null>(null);
  const [archiving, setArchiving] = useState<WorkspaceListItem | null>(null);
  const projects = useWorkspaces(list.filter.tab, list.search, list.page, PER_PAGE_DEFAULT);
  const archive = useArchiveWorkspace();

  const toggleArchive = async (project: WorkspaceListItem) => {
    await archive.mutateAsync({ id: project.workspaceId, archive: !project.archived });
    notifySuccess(
      t(project.archived ? 'projects.restored' : 'projects.archivedDone', { title: project.workspaceTitle }),
    );
  };
  // Archiving takes the project from its members: it asks first; restoring does not.
  const archiveOrRestore = (project: WorkspaceListItem) => {
    if (project.archived) void toggleArchive(project).catch((error) => notifyError(errorTextOf(error)));
    else setArchiving(project);
  };

  const columns: Column<WorkspaceListItem>[] = [
    {
      key: 'name',
      header: t('projects.name'),
      cell: (project) => <Text fw={600}>{project.workspaceTitle}</Text>,
    },
    {
      key: 'description',
      header: t('projects.description'),
      cell: (project) => (
        <Text size="sm" lineClamp={2}>
          {project.description}
        </Text>
      ),
    },
    { key: 'environment', header: t('projects.environment'), cell: (project) => project.env_id },
    {
      key: 'members',
      header: t('projects.members'),
      cell: (project) =>
        project.archived ? (
          project.members
        ) : (
          <Anchor
            component={Link}
            to={`/users?project=${project.workspaceId}`}
            c="blue.9"
            aria-label={t('projects.openMembers', {
              members: project.members,
              title: project.workspaceTitle,
            })}
          >
            {project.members}
          </Anchor>
        ),
    },
    {
      key: 'created',
      header: t('projects.created'),
      cell: (project) => formatDate(project.created_at.slice(0, 10)),
    },
    {
      key: 'actions',
      header: t('users.actions'),
      cell: (project) => (
        <RowButtons
          actions={[
            {
              label: t('projects.edit'),
              strong: true,
              hidden: project.archived,
              onClick: () => setEditing(project),
            },
            ...(!project.archived && projectActions ? [projectActions(project)] : []),
            {
              label: t(project.archived ? 'projects.restore' : 'projects.archive'),
              color: project.archived ? 'blue.9' : 'red.9',
              onClick: () => archiveOrRestore(project),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('projects.title')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('projects.add')}
          </Button>
        }
      />
      <StatusTabs
        tabs
        label={t('projects.title')}
        value={list.filter.tab}
        onChange={(tab) => list.setFilter({ tab })}
        options={[
          { value: 'active', label: t('projects.active') },
          { value: 'archived', label: t('projects.archived') },
        ]}
      />
      <SearchInput label={t('projects.search')} value={list.term} onChange={list.setTerm} />
      <ListTable
        query={projects}
        empty={t('projects.empty')}
        paging={list}
        rowKey={(project) => project.workspaceId}
        columns={columns}
        minWidth={720}
      />
      <FormDialog
        target={editing}
        title={(shown) => t(shown === 'new' ? 'projects.newTitle' : 'projects.editTitle')}
        onClose={() => setEditing(null)}
      >
        {(shown) => <ProjectForm project={shown === 'new' ? null : shown} onClose={() => setEditing(null)} />}
      </FormDialog>
      {/* Archiving: its members lose the project and nobody can join it until it is restored (spec §4). */}
      <ConfirmTargetModal
        target={archiving}
        title={(project) => t('projects.archiveTitle', { title: project.workspaceTitle })}
        message={(project) => t('projects.archiveQuestion', { title: project.workspaceTitle })}
        confirmLabel={t('projects.archiveConfirm')}
        onConfirm={toggleArchive}
        onClose={() => setArchiving(null)}
      />
    </Stack>
  );
}

/** The project form's values: the environment as the number input holds it (empty while cleared). */
interface ProjectValues {
  title: string;
  description: string;
  env_id: number | string;
}

/** The body the form stands for (the contract's `workspaceInput`): a cleared environment is none. */
const toBody = ({ env_id, ...fields }: ProjectValues) => ({
  ...fields,
  env_id: typeof env_id === 'number' ? env_id : undefined,
});

/** A project's title, description and environment, by the contract's `workspaceInput`. */
function ProjectForm({ project, onClose }: { project: WorkspaceListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveWorkspace();
  const { form, state } = useDialogForm<ProjectValues>({
    initialValues: project
      ? { title: project.workspaceTitle, description: project.description, env_id: project.env_id }
      : { title: '', description: '', env_id: 1 },
    schema: workspaceInput,
    toBody,
    save: async (values) => {
      // The form has passed the schema: the environment is a number.
      const saved = await save.mutateAsync({
        id: project?.workspaceId ?? null,
        input: toBody(values) as WorkspaceInput,
      });
      notifySuccess(t('projects.saved', { title: saved.workspaceTitle }));
      onClose();
    },
  });

  return (
    <DialogForm {...state} onCancel={onClose}>
      <NameField form={form} field="title" label={t('projects.name')} max={WORKSPACE_TITLE_MAX} />
      <Textarea
        label={t('projects.description')}
        maxLength={WORKSPACE_DESCRIPTION_MAX}
        autosize
        minRows={2}
        {...form.getInputProps('description')}
      />
      <NumberInput
        label={t('projects.environment')}
        description={t('projects.environmentHint')}
        min={1}
        allowDecimal={false}
        {...form.getInputProps('env_id')}
        required
      />
    </DialogForm>
  );
}

export default WorkspacesPage;
