import { lazy, Suspense, type ReactNode } from 'react';
import type { TicketObjectKind } from '@logoschool/contract';
import {
  ProblemReportingProvider,
  type ProblemPlace,
  type ProblemReporting as Reporting,
} from '../components/report-problem.tsx';

const TicketButton = lazy(() =>
  import('../features/tickets/components/report-problem-button.tsx').then((module) => ({
    default: module.ReportProblemButton,
  })),
);
const TicketReports = lazy(() =>
  import('../features/tickets/components/object-reports.tsx').then((module) => ({
    default: module.ObjectReports,
  })),
);

/** The reports' feature as the screens of other features show it, each piece loaded when first shown. */
const REPORTING: Reporting = {
  Button: (place: ProblemPlace) => (
    <Suspense fallback={null}>
      <TicketButton {...place} />
    </Suspense>
  ),
  Reports: ({ object }: { object: { kind: TicketObjectKind; id: number } }) => (
    <Suspense fallback={null}>
      <TicketReports object={object} />
    </Suspense>
  ),
};

/**
 * Problem reporting for every screen (issue 33 item 1): the player, the exercise editor and the
 * story reader offer "report this slide" through the shared slot, and an exercise's page lists its
 * reports for who works them, without importing the reports' feature themselves.
 */
export function ProblemReporting({ children }: { children: ReactNode }) {
  return <ProblemReportingProvider value={REPORTING}>{children}</ProblemReportingProvider>;
}
