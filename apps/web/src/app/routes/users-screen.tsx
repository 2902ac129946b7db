import { rolesMay } from '@logoschool/contract';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ProjectCrmAccessButton } from '../../features/crm/components/crm-access-dialog.tsx';
import { InvitationsPanel } from '../../features/invitations/invitations-panel.tsx';
import { InviteModal } from '../../features/invitations/invite-modal.tsx';
import { UsersPage, type InvitationParts } from '../../features/users/users-page.tsx';
import { useWorkspace } from '../../features/workspaces/api/workspaces.ts';
import { ProjectPicker } from '../../features/workspaces/project-picker.tsx';
import { FullLoader } from '../../components/full-loader.tsx';
import { WorkspaceScope, useSession } from '../../session/session.tsx';

const INVITATIONS: InvitationParts = { Panel: InvitationsPanel, Dialog: InviteModal };

/** The address's `?project=`: a project id, or null. */
function projectParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /users: the project's members (users feature) and its invitations (invitations feature). Whoever
 * manages every project (root) picks the project here (workspaces feature), kept in the address as
 * `?project=ID`: root has no header switcher (spec §2, §6), and a new project needs its first
 * members from someone.
 */
export default function UsersScreen() {
  const { held } = useSession();
  if (!rolesMay(held, 'workspaces.manage')) {
    return <UsersPage invitations={INVITATIONS} crmAccess={<ProjectCrmAccessButton />} />;
  }
  return <AnyProjectUsersScreen />;
}

function AnyProjectUsersScreen() {
  const { workspace } = useSession();
  const [params, setParams] = useSearchParams();
  const chosen = projectParam(params.get('project'));
  const projectId = chosen ?? workspace?.workspaceId ?? null;
  const project = useWorkspace(projectId);
  const choose = useCallback(
    (id: number) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('project', String(id));
          return next;
        },
        // Taking the first project by itself is no step to go back to.
        { replace: projectId === null },
      ),
    [setParams, projectId],
  );

  // A project that does not exist (a stale address; the call says so) falls back to root's own.
  const missing = chosen !== null && project.isError;
  useEffect(() => {
    if (!missing) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('project');
        return next;
      },
      { replace: true },
    );
  }, [missing, setParams]);

  if (project.isLoading || missing) return <FullLoader />;
  const shown = project.data ?? null;
  return (
    <WorkspaceScope workspace={shown}>
      <UsersPage
        invitations={INVITATIONS}
        projectPicker={<ProjectPicker value={shown} onChange={choose} />}
        crmAccess={<ProjectCrmAccessButton />}
      />
    </WorkspaceScope>
  );
}
