import type { Plan } from '@logoschool/contract';
import { PlanLessons } from '../../features/lessons/plan-lessons.tsx';
import { SharePlanPanel } from '../../features/plan-sharing/share-plan-panel.tsx';
import { EditPlanPage } from '../../features/plans/edit-plan-page.tsx';

const shareOf = (plan: Plan) => (
  <>
    <PlanLessons planId={plan.id} planUpdatedAt={plan.updated_at} />
    <SharePlanPanel plan={plan} />
  </>
);

/** /edit-protocol/:protocolId: the plan to fill and, below it, its lessons and its sharing with the parents. */
export function EditProtocolScreen() {
  return <EditPlanPage share={shareOf} />;
}

export default EditProtocolScreen;
