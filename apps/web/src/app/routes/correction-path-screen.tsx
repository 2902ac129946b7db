import { CorrectionPathPage } from '../../features/plan-sharing/correction-path-page.tsx';
import { ProgressSection } from '../../features/progress/progress-section.tsx';

const progressOf = (clientId: number) => <ProgressSection clientId={clientId} />;

/** /correction-path/:clientId?: the student's path and, under its timeline, their progress from the marks. */
export function CorrectionPathScreen() {
  return <CorrectionPathPage progress={progressOf} />;
}

export default CorrectionPathScreen;
