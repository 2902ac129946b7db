import { ROLE, type WorkspaceListItem } from '@logoschool/contract';
import { CrmAccessButton } from '../../features/crm/components/crm-access-dialog.tsx';
import { WorkspacesPage } from '../../features/workspaces/workspaces-page.tsx';

/** Root's "CRM access" of one project: root acts as root in every project (spec §6). */
const crmAccessOf = (project: WorkspaceListItem) => (
  <CrmAccessButton
    project={{ workspaceId: project.workspaceId, roleId: ROLE.root }}
    title={project.workspaceTitle}
    size="xs"
  />
);

/**
 * /projects (root): every project (workspaces feature) and, on each active one, its CRM access (crm
 * feature). Two areas meet here, so the app composes them.
 */
export function ProjectsScreen() {
  return <WorkspacesPage projectActions={crmAccessOf} />;
}

export default ProjectsScreen;
