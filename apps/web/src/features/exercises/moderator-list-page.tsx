import { ExerciseListScreen } from './components/exercise-list-screen.tsx';

/** /moderator-list ("moderationList"): every exercise of the project by status, for review. */
export function ModeratorListPage() {
  return <ExerciseListScreen kind="moderator" />;
}

export default ModeratorListPage;
