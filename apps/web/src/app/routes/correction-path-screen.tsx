import { CorrectionPathPage } from '../../features/plan-sharing/correction-path-page.tsx';
import { StudentPracticeSection } from '../../features/practice/components/student-practice-section.tsx';
import { ProgressSection } from '../../features/progress/progress-section.tsx';
import { StudentGameProgressSection } from '../../features/student-games/components/student-game-progress-section.tsx';

const progressOf = (clientId: number) => (
  <>
    <ProgressSection clientId={clientId} />
    <StudentPracticeSection clientId={clientId} />
    <StudentGameProgressSection clientId={clientId} />
  </>
);

/**
 * /correction-path/:clientId?: the student's path and, under its timeline, their progress from the
 * marks and, beside it, what the family practised at home and what the child played.
 */
export function CorrectionPathScreen() {
  return <CorrectionPathPage progress={progressOf} />;
}

export default CorrectionPathScreen;
