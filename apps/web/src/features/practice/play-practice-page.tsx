import { CONDUCT_LESSON_PAGE, isOldLessonId } from '@logoschool/contract';
import { Navigate, useParams } from 'react-router';
import { PublicLinkPage } from '../../components/public-link/public-link-page.tsx';
import { fetchPracticePlay } from './api/play.ts';
import { PracticePlayer } from './components/practice-player.tsx';

/**
 * /play-lesson/:token (public, spec §2 `/play-lesson/:lessonId`; decision 038): the parent's player
 * of a lesson assigned as home practice, in the public page's frame (the wait, "not valid or
 * withdrawn", the child's language). An address holding a lesson's id, as the teacher's player's
 * links did before, leads to that player at /conduct-lesson/:lessonId (signing in first if need be).
 */
export function PlayPracticePage() {
  const segment = useParams().token ?? '';
  if (isOldLessonId(segment)) return <Navigate to={`${CONDUCT_LESSON_PAGE}/${segment}`} replace />;
  return (
    <PublicLinkPage read={fetchPracticePlay}>
      {(practice, { token }) => <PracticePlayer token={token} practice={practice} />}
    </PublicLinkPage>
  );
}

export default PlayPracticePage;
