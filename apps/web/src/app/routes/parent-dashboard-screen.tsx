import { ParentDashboardPage } from '../../features/parent-dashboard/parent-dashboard-page.tsx';

/**
 * /parent-dashboard-demo/:token: the family's dashboard; the other parts of the parents' side
 * (home practice, referrals, a call back, merchandise) come in as its sections.
 */
export function ParentDashboardScreen() {
  return <ParentDashboardPage />;
}

export default ParentDashboardScreen;
