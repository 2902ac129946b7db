import {
  API,
  applyVote,
  type Exercise,
  type ExercisePage,
  type Vote,
  type VoteResult,
  type VoteState,
} from '@logoschool/contract';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { exerciseKeys } from './keys.ts';

/** The key every vote mutation shares, to tell whether another is still under way. */
const voteKey = [...exerciseKeys.all, 'vote'] as const;

export interface VoteVariables {
  exerciseId: number;
  vote: Vote;
}

/** What the vote changes of an exercise. */
const voteStateOf = ({ own_like, likes_count, dislikes_count }: VoteState): VoteState => ({
  own_like,
  likes_count,
  dislikes_count,
});

/** A cached list page or a cached exercise. */
type Cached = ExercisePage | Exercise | undefined;

/** The copy of the exercise a cached value holds, if it holds it. */
function copyIn(cached: Cached, exerciseId: number): Exercise | undefined {
  if (!cached) return undefined;
  if ('meta' in cached) return cached.data.find((exercise) => exercise.id === exerciseId);
  return cached.id === exerciseId ? cached : undefined;
}

/** The cached value with the exercise's votes changed by `change`; the same value when it is not there. */
function withVotes(cached: Cached, exerciseId: number, change: (state: VoteState) => VoteState): Cached {
  if (!copyIn(cached, exerciseId) || !cached) return cached;
  const patch = (exercise: Exercise) => ({ ...exercise, ...change(voteStateOf(exercise)) });
  if ('meta' in cached) {
    return {
      ...cached,
      data: cached.data.map((exercise) => (exercise.id === exerciseId ? patch(exercise) : exercise)),
    };
  }
  return patch(cached);
}

/** Every cached value that may hold the exercise: each page of every list (tabs, library) and its own page. */
const holders = (queryClient: QueryClient, exerciseId: number) => [
  ...queryClient.getQueriesData<Cached>({ queryKey: exerciseKeys.lists() }),
  ...queryClient.getQueriesData<Cached>({ queryKey: exerciseKeys.detail(exerciseId) }),
];

/**
 * Changes the exercise's votes in every cached copy, each from its own state, and gives each
 * copy's state before, by its query key, to put back.
 */
function changeEverywhere(
  queryClient: QueryClient,
  exerciseId: number,
  change: (state: VoteState) => VoteState,
): [QueryKey, VoteState][] {
  const before: [QueryKey, VoteState][] = [];
  for (const [key, cached] of holders(queryClient, exerciseId)) {
    const copy = copyIn(cached, exerciseId);
    if (!copy) continue;
    before.push([key, voteStateOf(copy)]);
    queryClient.setQueryData<Cached>(key, withVotes(cached, exerciseId, change));
  }
  return before;
}

/**
 * Like or dislike (spec §4), shown at once everywhere the exercise is: the vote is applied to every
 * cached copy before the call (`applyVote`, the rule the server applies), the server's counts
 * replace it when it answers, and a refused or failed call puts each copy's votes back as they were. When
 * the last vote under way settles, the lists and the exercise are fetched again, so that votes of
 * others show too. The caller tells the failure (the call is silent).
 */
export function useVote() {
  const acting = useActingFor('exercises.vote');
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: voteKey,
    mutationFn: ({ exerciseId, vote }: VoteVariables) =>
      callApi<VoteResult>(`${API.exercises}/${exerciseId}/${vote}`, {
        method: 'POST',
        query: { ...acting },
      }),
    onMutate: async ({ exerciseId, vote }) => {
      // A fetch under way would bring back the counts before the vote.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: exerciseKeys.lists() }),
        queryClient.cancelQueries({ queryKey: exerciseKeys.detail(exerciseId) }),
      ]);
      return { before: changeEverywhere(queryClient, exerciseId, (state) => applyVote(state, vote)) };
    },
    onSuccess: (result, { exerciseId }) => {
      changeEverywhere(queryClient, exerciseId, () => voteStateOf(result));
    },
    onError: (_error, { exerciseId }, context) => {
      // Only the votes go back: whatever else changed in these caches meanwhile stays.
      for (const [key, state] of context?.before ?? []) {
        queryClient.setQueryData<Cached>(key, (cached) => withVotes(cached, exerciseId, () => state));
      }
    },
    onSettled: (_result, _error, { exerciseId }) => {
      // A refetch while another vote is under way would undo that one's optimistic counts.
      // Not awaited: the vote is done, the next click need not wait for the lists.
      if (queryClient.isMutating({ mutationKey: voteKey }) > 1) return;
      void queryClient.invalidateQueries({ queryKey: exerciseKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: exerciseKeys.detail(exerciseId) });
    },
    meta: { silent: true },
  });
}
