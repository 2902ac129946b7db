import type { Plan } from '@logoschool/contract';
import { useState } from 'react';
import { PlanLessons } from '../../features/lessons/plan-lessons.tsx';
import { SharePlanPanel } from '../../features/plan-sharing/share-plan-panel.tsx';
import { EditPlanPage } from '../../features/plans/edit-plan-page.tsx';
import { PlanLessonsActions, PlanSupplyNotice } from '../../features/plans/components/plan-lessons-tools.tsx';
import { MoveLessonButton } from '../../features/plans/components/plan-schedule-dialogs.tsx';

/**
 * The plan's lessons with what the plans feature does to them: scheduling them all, moving one,
 * filling them all and, before that, where the folders run short. A change asks the lessons again.
 */
function PlanLessonsSection({ plan }: { plan: Plan }) {
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((count) => count + 1);
  const freshness = `${plan.updated_at}:${changes}`;
  const filled = plan.status !== 'pending';
  return (
    <>
      {filled && <PlanSupplyNotice planId={plan.id} freshness={freshness} />}
      <PlanLessons
        planId={plan.id}
        planUpdatedAt={freshness}
        actions={filled ? <PlanLessonsActions planId={plan.id} onChanged={changed} /> : undefined}
        rowAction={(lesson) => <MoveLessonButton planId={plan.id} lesson={lesson} onDone={changed} />}
      />
    </>
  );
}

const shareOf = (plan: Plan) => (
  <>
    <PlanLessonsSection plan={plan} />
    <SharePlanPanel plan={plan} />
  </>
);

/** /edit-protocol/:protocolId: the plan to fill and, below it, its lessons and its sharing with the parents. */
export function EditProtocolScreen() {
  return <EditPlanPage share={shareOf} />;
}

export default EditProtocolScreen;
