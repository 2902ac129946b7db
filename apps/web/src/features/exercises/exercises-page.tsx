import { ExerciseListScreen } from './components/exercise-list-screen.tsx';

/** /exercises (author index, "contentCreating"): the author's exercises and the open requests. */
export function ExercisesPage() {
  return <ExerciseListScreen kind="author" />;
}

export default ExercisesPage;
