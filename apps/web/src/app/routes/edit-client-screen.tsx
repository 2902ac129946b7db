import { EditClientPage } from '../../features/clients/edit-client-page.tsx';
import { ReplicateClientButton } from '../../features/crm/components/replicate-client-dialog.tsx';
import { ClientDiagnosesSection } from '../../features/diagnoses/components/client-diagnoses-section.tsx';
import { ShareDashboardSection } from '../../features/parent-dashboard/share-dashboard-section.tsx';
import { ClientPlansSection } from '../../features/plans/components/plans-panel.tsx';
import { StudentGamesSection } from '../../features/student-games/components/student-games-section.tsx';

const plansOf = (clientId: number) => (
  <>
    <ClientPlansSection clientId={clientId} />
    <ClientDiagnosesSection clientId={clientId} />
    <ShareDashboardSection clientId={clientId} />
    <StudentGamesSection clientId={clientId} />
  </>
);
const copyOf = (clientId: number) => <ReplicateClientButton clientId={clientId} />;

/** /edit-client/:clientId: the student's form and, below it, her plans and her diagnostics, each with the way to a new one, her family's dashboard link and her games. */
export function EditClientScreen() {
  return <EditClientPage plans={plansOf} copy={copyOf} />;
}

export default EditClientScreen;
