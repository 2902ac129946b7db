import { LOCAL_KEYS, showsWorkspaceSwitcher } from '@logoschool/contract';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { removeLocal } from '../../lib/local-storage.ts';
import { useSession } from '../session.tsx';

/**
 * The project switcher (spec §2): only for a non-root user with more than one project, at least one
 * of them granting moderator, author, root or manager.
 */
export function useShowsWorkspaceSwitcher(): boolean {
  const { user, workspaces } = useSession();
  return user !== null && showsWorkspaceSwitcher(user, workspaces);
}

export function WorkspaceSwitcher() {
  const { t } = useTranslation();
  const { workspace, workspaces, selectWorkspace, user } = useSession();
  const navigate = useNavigate();
  if (!useShowsWorkspaceSwitcher() || !workspace) return null;

  const change = (value: string | null) => {
    const id = Number(value);
    if (!value || id === workspace.workspaceId) return;
    // A new project: its environment, a fresh exercise filter and report range (spec §2).
    removeLocal(LOCAL_KEYS.exercisesFilter);
    removeLocal(LOCAL_KEYS.reportRange);
    selectWorkspace(id);
    const roles = new Set(user?.assignments.flatMap((a) => a.roles));
    if (roles.size <= 1) window.location.reload();
    else void navigate('/');
  };

  return (
    <Select
      aria-label={t('header.workspace')}
      data={workspaces.map((a) => ({ value: String(a.workspaceId), label: a.workspaceTitle }))}
      value={String(workspace.workspaceId)}
      onChange={change}
      allowDeselect={false}
      size="xs"
      w={160}
      comboboxProps={{ withinPortal: true, width: 240 }}
    />
  );
}
