import {
  ROLE,
  mayReplicateInto,
  roleMay,
  rolesInWorkspace,
  type ReplicateClientResult,
} from '@logoschool/contract';
import { Alert, Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useActingFor, useSession } from '../../../session/session.tsx';
import { useProjectTeachers, useReplicateClient } from '../api/replicate-client.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';

/**
 * "Copy to another teacher" on a student's page (spec §7 /replicate-client): a dialog that picks a
 * project (the one acted in, or another where the caller may copy students too) and a teacher of
 * it, then says what was copied and what stayed behind. Nothing for a caller who may not copy.
 */
export function ReplicateClientButton({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const acting = useActingFor('clients.replicate');
  const [opened, setOpened] = useState(false);
  const [session, setSession] = useState(0);
  if (!acting) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCopy size={16} aria-hidden />}
        w="fit-content"
        onClick={() => {
          setSession((value) => value + 1);
          setOpened(true);
        }}
      >
        {t('crm.replicate.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('crm.replicate.title')}>
        <ReplicateClient key={session} clientId={clientId} onClose={() => setOpened(false)} />
      </Modal>
    </>
  );
}

/** The dialog's content. */
export function ReplicateClient({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { user, workspace, workspaces } = useSession();
  const acting = useActingFor('clients.replicate');
  const current = workspace?.workspaceId ?? null;
  const [projectId, setProjectId] = useState<number | null>(current);
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ReplicateClientResult | null>(null);
  const replicate = useReplicateClient(acting);

  /** A role the caller holds in a project that may copy students there, as its id. */
  const roleIn = (id: number) => {
    const held = user ? rolesInWorkspace(user, id) : [];
    const role = held.find((candidate) => roleMay(candidate, 'clients.replicate'));
    return role ? ROLE[role] : null;
  };
  const projects = workspaces.filter(
    (project) => user !== null && mayReplicateInto(rolesInWorkspace(user, project.workspaceId)),
  );
  const targetRole = projectId === null ? null : roleIn(projectId);
  const teachers = useProjectTeachers(
    projectId !== null && targetRole !== null ? { workspace_id: projectId, role_id: targetRole } : null,
  );
  // In the same project the student is already the caller's: a colleague gets the copy.
  const offered = (teachers.data ?? []).filter((teacher) => projectId !== current || teacher.id !== user?.id);
  const projectTitle = projects.find((project) => project.workspaceId === projectId)?.workspaceTitle ?? '';
  const teacherName = offered.find((teacher) => String(teacher.id) === teacherId)?.name ?? '';

  const submit = async () => {
    if (projectId === null || teacherId === null) return;
    setFailure(null);
    try {
      setResult(
        await replicate.mutateAsync({
          client_id: clientId,
          ...(projectId === current ? {} : { to_workspace_id: projectId }),
          teacher_id: Number(teacherId),
        }),
      );
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  if (result) {
    return (
      <Stack>
        <Alert color="teal" role="status" title={t('crm.replicate.doneTitle')}>
          {t('crm.replicate.done', { teacher: teacherName, project: projectTitle })}
        </Alert>
        <Text size="sm">{t('crm.replicate.plansCopied', { count: result.plans_copied.length })}</Text>
        {result.plans_copied.length > 0 && (
          <List size="sm" spacing={2}>
            {result.plans_copied.map((plan) => (
              <List.Item key={plan.id}>
                {plan.template_title}
                {plan.filled ? '' : ` — ${t('crm.replicate.needsFilling')}`}
              </List.Item>
            ))}
          </List>
        )}
        {result.plans_skipped.length > 0 && (
          <Alert color="yellow" variant="light" title={t('crm.replicate.plansSkipped')}>
            <List size="sm" spacing={2}>
              {result.plans_skipped.map((plan) => (
                <List.Item key={plan.id}>{plan.template_title}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {result.themes_dropped.length > 0 && (
          <Alert color="yellow" variant="light" title={t('crm.replicate.themesDropped')}>
            {result.themes_dropped.join(', ')}
          </Alert>
        )}
        {result.remote_id_dropped && (
          <Text size="sm" c="gray.7">
            {t('crm.replicate.remoteIdDropped')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('crm.close')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      <Text size="sm">{t('crm.replicate.intro')}</Text>
      <ErrorAlert>{failure}</ErrorAlert>
      <Select
        label={t('crm.replicate.project')}
        data={projects.map((project) => ({
          value: String(project.workspaceId),
          label: project.workspaceTitle,
        }))}
        value={projectId === null ? null : String(projectId)}
        onChange={(value) => {
          setProjectId(value === null ? null : Number(value));
          setTeacherId(null);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        required
      />
      <Select
        label={t('crm.replicate.teacher')}
        placeholder={t(teachers.isPending ? 'crm.replicate.loadingTeachers' : 'crm.replicate.chooseTeacher')}
        data={offered.map((teacher) => ({
          value: String(teacher.id),
          label: `${teacher.name} (${teacher.email})`,
        }))}
        value={teacherId}
        onChange={setTeacherId}
        searchable
        nothingFoundMessage={t('crm.replicate.noTeachers')}
        comboboxProps={{ withinPortal: true }}
        required
      />
      {projectId !== current && projectId !== null && (
        <Text size="sm" c="gray.7">
          {t('crm.replicate.otherProject')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={replicate.isPending} disabled={teacherId === null}>
          {t('crm.replicate.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
