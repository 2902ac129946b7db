import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { lessonKeys } from '../../features/lessons/api/keys.ts';
import { LockedLessonModal } from '../../features/lessons/components/locked-lesson-modal.tsx';
import { PlayLessonPage } from '../../features/player/play-lesson-page.tsx';
import { routeId } from '../../lib/route-id.ts';
import { queryClient } from '../../lib/query-client.ts';

/** The player with the lessons feature's parts: a finish refreshes its lists and editors. */
function Player() {
  const client = useQueryClient();
  // The blocking window follows the run of the lesson the address names.
  const lessonId = routeId(useParams().lessonId).id ?? undefined;
  return (
    <PlayLessonPage
      onFinished={() => client.invalidateQueries({ queryKey: lessonKeys.all })}
      lockedWindow={(props) => <LockedLessonModal {...props} lessonId={lessonId} />}
    />
  );
}

/**
 * /conduct-lesson/:lessonId, full screen: outside the shell, so with the app's query cache given here
 * (the same cache the shell gives, so the editor and the lists see what the player changed).
 */
export function ConductLessonScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <Player />
    </QueryClientProvider>
  );
}

export default ConductLessonScreen;
