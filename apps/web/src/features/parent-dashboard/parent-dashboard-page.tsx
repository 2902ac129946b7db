import { PublicLinkPage } from '../../components/public-link/public-link-page.tsx';
import { fetchParentDashboard } from './api/dashboard.ts';
import { ParentDashboardView, type DashboardSections } from './components/parent-dashboard-view.tsx';

/**
 * /parent-dashboard-demo/:token (public, spec §2 `/parent-dashboard-demo/:childId`): the child's
 * dashboard under the family's link, in the child's language, in the shared public page's frame
 * (the wait, "not valid or withdrawn", a failure to try again; decision 029). `sections`: what the
 * other parts of the parents' side add (the app composes them).
 */
export function ParentDashboardPage({ sections }: { sections?: DashboardSections }) {
  return (
    <PublicLinkPage read={fetchParentDashboard}>
      {(dashboard, { token }) => (
        <ParentDashboardView dashboard={dashboard} token={token} sections={sections} />
      )}
    </PublicLinkPage>
  );
}
