import { LOCAL_KEYS, selectedRole, showsWorkspaceSwitcher } from '@logoschool/contract';
import { Group, Select, Space, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askBeforeLeaving } from '../../lib/unsaved-changes.ts';
import { removeLocal } from '../../lib/local-storage.ts';
import { useSession } from '../../session/session.tsx';

/**
 * The project switcher (spec §2): only for a non-root user with more than one project, at least one
 * of them granting moderator, author, root or manager.
 */
export function useShowsWorkspaceSwitcher(): boolean {
  const { user, workspaces } = useSession();
  return user !== null && showsWorkspaceSwitcher(user, workspaces);
}

/**
 * The switcher itself: each project with the role it gives (the selected role there, spec §6), so
 * that choosing one says what the screens will be.
 */
export function WorkspaceSwitcher() {
  const { t } = useTranslation();
  const { workspace, workspaces, selectWorkspace, user } = useSession();
  const navigate = useNavigate();
  if (!useShowsWorkspaceSwitcher() || !workspace || !user) return null;
  const roleIn = new Map(
    workspaces.map((a) => {
      const role = selectedRole(user, a.workspaceId);
      return [String(a.workspaceId), role ? t(`roles.${role}`) : ''] as const;
    }),
  );

  const change = (value: string | null) => {
    const id = Number(value);
    if (!value || id === workspace.workspaceId) return;
    // Another project leaves the screen: unsaved changes ask first (decision 033).
    askBeforeLeaving(() => {
      // A new project: its environment, a fresh exercise filter and report range (spec §2).
      removeLocal(LOCAL_KEYS.exercisesFilter);
      removeLocal(LOCAL_KEYS.reportRange);
      selectWorkspace(id);
      const roles = new Set(user.assignments.flatMap((a) => a.roles));
      if (roles.size <= 1) window.location.reload();
      else void navigate('/');
    });
  };

  return (
    <Select
      aria-label={t('header.workspace')}
      data={workspaces.map((a) => ({ value: String(a.workspaceId), label: a.workspaceTitle }))}
      value={String(workspace.workspaceId)}
      onChange={change}
      renderOption={({ option, checked }) => (
        <Group justify="space-between" gap="sm" wrap="nowrap" w="100%">
          <Group gap={6} wrap="nowrap">
            {checked ? <IconCheck size={14} aria-hidden /> : <Space w={14} />}
            <Text size="sm">{option.label}</Text>
          </Group>
          <Text size="xs" c="gray.7" data-testid="workspace-role">
            {roleIn.get(option.value)}
          </Text>
        </Group>
      )}
      allowDeselect={false}
      size="xs"
      w={160}
      comboboxProps={{ withinPortal: true, width: 280 }}
    />
  );
}
