import {
  PER_PAGE_DEFAULT,
  WORKSPACE_DESCRIPTION_MAX,
  WORKSPACE_TITLE_MAX,
  workspaceInput,
  type WorkspaceInput,
  type WorkspaceListItem,
} from '@logoschool/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Pagination,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  useArchiveWorkspace,
  useWorkspaces,
  useSaveWorkspace,
  type WorkspacesTab,
} from './api/workspaces.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import { ConfirmActionModal } from '../../components/confirm-action-modal.tsx';

/**
 * /projects: every project of the platform, for root: create, edit, archive, restore (spec §4, §6).
 * `projectActions` are another feature's actions on an active project (composed in app/).
 */
export function WorkspacesPage({
  projectActions,
}: {
  projectActions?: (project: WorkspaceListItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<WorkspacesTab>('active');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<WorkspaceListItem | 'new' | null>(null);
  const [archiving, setArchiving] = useState<WorkspaceListItem | null>(null);
  const projects = useWorkspaces(tab, debounced, page, PER_PAGE_DEFAULT);
  const archive = useArchiveWorkspace();
  const rows = projects.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((projects.data?.meta.total ?? 0) / PER_PAGE_DEFAULT));

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

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('projects.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('projects.add')}
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab(value === 'archived' ? 'archived' : 'active');
          setPage(1);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="active">{t('projects.active')}</Tabs.Tab>
          <Tabs.Tab value="archived">{t('projects.archived')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <SearchInput
        label={t('projects.search')}
        value={term}
        onChange={(value) => {
          setTerm(value);
          setPage(1);
        }}
      />
      {projects.isSuccess && rows.length === 0 ? (
        <Text c="gray.7" py="xl" ta="center">
          {t('projects.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('projects.name')}</Table.Th>
                <Table.Th>{t('projects.description')}</Table.Th>
                <Table.Th>{t('projects.environment')}</Table.Th>
                <Table.Th>{t('projects.members')}</Table.Th>
                <Table.Th>{t('projects.created')}</Table.Th>
                <Table.Th>{t('users.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((project) => (
                <Table.Tr key={project.workspaceId}>
                  <Table.Td fw={600}>{project.workspaceTitle}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {project.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>{project.env_id}</Table.Td>
                  <Table.Td>
                    {project.archived ? (
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
                    )}
                  </Table.Td>
                  <Table.Td>{formatDate(project.created_at.slice(0, 10))}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {!project.archived && (
                        <Button size="xs" variant="default" onClick={() => setEditing(project)}>
                          {t('projects.edit')}
                        </Button>
                      )}
                      {!project.archived && projectActions?.(project)}
                      <Button
                        size="xs"
                        variant="subtle"
                        color={project.archived ? 'blue.9' : 'red.9'}
                        c={project.archived ? 'blue.9' : 'red.9'}
                        onClick={() => archiveOrRestore(project)}
                      >
                        {t(project.archived ? 'projects.restore' : 'projects.archive')}
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
      <ProjectModal project={editing} onClose={() => setEditing(null)} />
      <ArchiveModal project={archiving} onConfirm={toggleArchive} onClose={() => setArchiving(null)} />
    </Stack>
  );
}

/**
 * Asks before archiving a project: its members lose it and nobody can join it until it is restored
 * (spec §4: archived, and restorable).
 */
function ArchiveModal({
  project,
  onConfirm,
  onClose,
}: {
  project: WorkspaceListItem | null;
  onConfirm: (project: WorkspaceListItem) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The last project stays shown while the dialog closes.
  const [shown, setShown] = useState(project);
  if (project && project !== shown) setShown(project);
  const what = { title: shown?.workspaceTitle ?? '' };
  return (
    <ConfirmActionModal
      opened={project !== null}
      title={t('projects.archiveTitle', what)}
      message={t('projects.archiveQuestion', what)}
      confirmLabel={t('projects.archiveConfirm')}
      onConfirm={() => (shown ? onConfirm(shown) : Promise.resolve())}
      onClose={onClose}
    />
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

function ProjectModal({
  project,
  onClose,
}: {
  project: WorkspaceListItem | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The last project stays shown while the dialog closes; each opening starts a fresh form.
  const [shown, setShown] = useState(project);
  if (project && project !== shown) setShown(project);
  return (
    <Modal
      opened={project !== null}
      onClose={onClose}
      title={t(shown === 'new' ? 'projects.newTitle' : 'projects.editTitle')}
    >
      {shown && <ProjectForm project={shown === 'new' ? null : shown} onClose={onClose} />}
    </Modal>
  );
}

/** A project's title, description and environment, by the contract's `workspaceInput`. */
function ProjectForm({ project, onClose }: { project: WorkspaceListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveWorkspace();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProjectValues>({
    initialValues: project
      ? { title: project.workspaceTitle, description: project.description, env_id: project.env_id }
      : { title: '', description: '', env_id: 1 },
    validate: contractValidate(workspaceInput, t, { toBody }),
  });

  const submit = async (values: ProjectValues) => {
    setFormError(null);
    try {
      // The form has passed the schema: the environment is a number.
      const saved = await save.mutateAsync({
        id: project?.workspaceId ?? null,
        input: toBody(values) as WorkspaceInput,
      });
      notifySuccess(t('projects.saved', { title: saved.workspaceTitle }));
      onClose();
    } catch (error) {
      if (!showServerErrors(form, error)) setFormError(errorTextOf(error));
    }
  };

  return (
    <DialogForm
      onSubmit={form.onSubmit((values) => void submit(values))}
      onCancel={onClose}
      error={null}
      saving={save.isPending}
    >
      {formError && <Alert color="red">{formError}</Alert>}
      <TextInput
        label={t('projects.name')}
        maxLength={WORKSPACE_TITLE_MAX}
        {...form.getInputProps('title')}
        required
        data-autofocus
      />
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
