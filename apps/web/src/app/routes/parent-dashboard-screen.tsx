import { QueryClientProvider } from '@tanstack/react-query';
import { CallBackSection } from '../../features/call-back/components/call-back-section.tsx';
import { MerchSection } from '../../features/merchandise/components/merch-section.tsx';
import type { DashboardSections } from '../../features/parent-dashboard/components/parent-dashboard-view.tsx';
import { ParentDashboardPage } from '../../features/parent-dashboard/parent-dashboard-page.tsx';
import { HomePracticeSection } from '../../features/practice/home-practice-section.tsx';
import { ReferralSection } from '../../features/referrals/referral-section.tsx';
import { FamilyGamesSection } from '../../features/student-games/family-games-section.tsx';
import { queryClient } from '../../lib/query-client.ts';

/** What the other parts of the parents' side bring to the dashboard, each read by the family's token. */
const sectionsOf: DashboardSections = (dashboard, token) => (
  <>
    <HomePracticeSection token={token} />
    <FamilyGamesSection token={token} />
    <CallBackSection token={token} via="dashboard" childName={dashboard.child_name} />
    <ReferralSection token={token} />
    <MerchSection token={token} />
  </>
);

/**
 * /parent-dashboard-demo/:token: the family's dashboard with its sections: home practice, games, a call
 * back, the family's referral and the school's merchandise. A public page, outside the shell: the app's query cache is given here.
 */
export function ParentDashboardScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <ParentDashboardPage sections={sectionsOf} />
    </QueryClientProvider>
  );
}

export default ParentDashboardScreen;
