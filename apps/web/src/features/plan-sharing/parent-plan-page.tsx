import { PublicLinkPage } from '../../components/public-link/public-link-page.tsx';
import { fetchParentPlan } from './api/parent-plan.ts';
import { ParentPlanView } from './components/parent-plan-view.tsx';

/**
 * /view-protocol-plan/:token (public, spec §2 `/view-protocol-plan/:protocolId`): the plan for the
 * parents under its public link, in the student's language, in the shared public page's frame
 * (the wait, "not valid or withdrawn", a failure to try again; decision 029).
 */
export function ParentPlanPage() {
  return <PublicLinkPage read={fetchParentPlan}>{(plan) => <ParentPlanView plan={plan} />}</PublicLinkPage>;
}

export default ParentPlanPage;
