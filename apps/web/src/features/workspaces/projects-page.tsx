import {
  PER_PAGE_DEFAULT,
  WORKSPACE_DESCRIPTION_MAX,
  WORKSPACE_TITLE_MAX,
  type WorkspaceInput,
  type WorkspaceListItem,
} from '@logoschool/contract';
import {
  Alert,
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
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf, fieldErrorsOf } from '../../api/form-errors.ts';
import { SearchInput } from '../../components/search-input.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useArchiveProject, useProjects, useSaveProject, type ProjectsTab } from './api/projects.ts';

/** /projects: every project of the platform, for root: create, edit, archive, restore (spec §4, §6). */
export function ProjectsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ProjectsTab>('active');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<WorkspaceListItem | 'new' | null>(null);
  const projects = useProjects(tab, debounced, page, PER_PAGE_DEFAULT);
  const archive = useArchiveProject();
  const rows = projects.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((projects.data?.meta.total ?? 0) / PER_PAGE_DEFAULT));

  const toggleArchive = async (project: WorkspaceListItem) => {
    await archive.mutateAsync({ id: project.workspaceId, archive: !project.archived });
    notifySuccess(
      t(project.archived ? 'projects.restored' : 'projects.archivedDone', { title: project.workspaceTitle }),
    );
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
                  <Table.Td>{project.members}</Table.Td>
                  <Table.Td>{formatDate(project.created_at.slice(0, 10))}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {!project.archived && (
                        <Button size="xs" variant="default" onClick={() => setEditing(project)}>
                          {t('projects.edit')}
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="subtle"
                        color={project.archived ? 'blue.9' : 'red.9'}
                        c={project.archived ? 'blue.9' : 'red.9'}
                        onClick={() => void toggleArchive(project)}
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
    </Stack>
  );
}

type Field = keyof WorkspaceInput;

function ProjectModal({
  project,
  onClose,
}: {
  project: WorkspaceListItem | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveProject();
  const [values, setValues] = useState<WorkspaceInput>({ title: '', description: '', env_id: 1 });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<WorkspaceListItem | 'new' | null>(null);
  if (project !== shownFor) {
    setShownFor(project);
    setErrors({});
    setFormError(null);
    setValues(
      project && project !== 'new'
        ? { title: project.workspaceTitle, description: project.description, env_id: project.env_id }
        : { title: '', description: '', env_id: 1 },
    );
  }

  const submit = async () => {
    try {
      const saved = await save.mutateAsync({
        id: project && project !== 'new' ? project.workspaceId : null,
        input: values,
      });
      notifySuccess(t('projects.saved', { title: saved.workspaceTitle }));
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else setFormError(errorTextOf(error));
    }
  };

  return (
    <Modal
      opened={project !== null}
      onClose={onClose}
      title={t(project === 'new' ? 'projects.newTitle' : 'projects.editTitle')}
    >
      <Stack>
        {formError && <Alert color="red">{formError}</Alert>}
        <TextInput
          label={t('projects.name')}
          value={values.title}
          maxLength={WORKSPACE_TITLE_MAX}
          onChange={(event) => setValues({ ...values, title: event.currentTarget.value })}
          error={errors.title}
          required
          data-autofocus
        />
        <Textarea
          label={t('projects.description')}
          value={values.description ?? ''}
          maxLength={WORKSPACE_DESCRIPTION_MAX}
          autosize
          minRows={2}
          onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
          error={errors.description}
        />
        <NumberInput
          label={t('projects.environment')}
          description={t('projects.environmentHint')}
          value={values.env_id}
          min={1}
          allowDecimal={false}
          onChange={(value) => setValues({ ...values, env_id: typeof value === 'number' ? value : 1 })}
          error={errors.env_id}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('clients.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default ProjectsPage;
