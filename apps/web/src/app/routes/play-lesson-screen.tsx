import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lessonKeys } from '../../features/lessons/api/keys.ts';
import { LockedLessonModal } from '../../features/lessons/components/locked-lesson-modal.tsx';
import { PlayLessonPage } from '../../features/player/play-lesson-page.tsx';
import { queryClient } from '../query-client.ts';

/** The player with the lessons feature's parts: a finish refreshes its lists and editors. */
function Player() {
  const client = useQueryClient();
  return (
    <PlayLessonPage
      onFinished={() => client.invalidateQueries({ queryKey: lessonKeys.all })}
      lockedWindow={(props) => <LockedLessonModal {...props} />}
    />
  );
}

/**
 * /play-lesson/:lessonId, full screen: outside the shell, so with the app's query cache given here
 * (the same cache the shell gives, so the editor and the lists see what the player changed).
 */
export function PlayLessonScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <Player />
    </QueryClientProvider>
  );
}

export default PlayLessonScreen;
