import type { Exercise, ExercisePage } from '@logoschool/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeApi, json, sessionWrapper } from '../../../testing/render.tsx';
import { exerciseKeys } from './keys.ts';
import { useVote } from './votes.ts';

const acting = { workspace_id: 1, role_id: 4 };

afterEach(() => vi.unstubAllGlobals());

/** An exercise as the API shows it, with its votes. */
const exercise = (id: number, votes: Partial<Exercise> = {}) =>
  ({ id, title: `Exercise ${id}`, own_like: null, likes_count: 2, dislikes_count: 1, ...votes }) as Exercise;

const pageOf = (...data: Exercise[]): ExercisePage => ({
  data,
  meta: {
    total: data.length,
    page: 1,
    per_page: 20,
    counters: { 1: data.length, 2: 0, 3: 0, 4: 0, 5: 0 },
    capped: false,
  },
});

/**
 * A cache holding exercise 7 where the screens keep it: the moderator's tab, the library and its
 * own page (with exercise 8 beside it in the lists); and the hook, rendered against it.
 */
function setUp() {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const keys = {
    tab: exerciseKeys.list('moderator', acting, { status: 'accepted' }),
    library: exerciseKeys.list('library', acting, { page: 1 }),
    detail: exerciseKeys.detailAs(7, acting),
  };
  queryClient.setQueryData(keys.tab, pageOf(exercise(8), exercise(7)));
  queryClient.setQueryData(keys.library, pageOf(exercise(7, { own_like: 0 }), exercise(8)));
  queryClient.setQueryData(keys.detail, exercise(7));
  const { result } = renderHook(() => useVote(), {
    wrapper: sessionWrapper(queryClient, { roles: ['author'] }),
  });
  /** Exercise 7's votes in each place, and exercise 8's in the tab. */
  const votesNow = () => {
    const pick = (item: Exercise | undefined) =>
      item && [item.own_like, item.likes_count, item.dislikes_count];
    return {
      tab: pick(queryClient.getQueryData<ExercisePage>(keys.tab)?.data.find((item) => item.id === 7)),
      library: pick(queryClient.getQueryData<ExercisePage>(keys.library)?.data.find((item) => item.id === 7)),
      detail: pick(queryClient.getQueryData<Exercise>(keys.detail)),
      other: pick(queryClient.getQueryData<ExercisePage>(keys.tab)?.data.find((item) => item.id === 8)),
    };
  };
  return { result, votesNow };
}

/** An answer the test gives when it wants to. */
function deferred() {
  let answer: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

describe('useVote', () => {
  it('shows a like at once in every list and on the exercise’s page, and puts them back when refused', async () => {
    const { result, votesNow } = setUp();
    const before = votesNow();
    expect(before).toEqual({
      tab: [null, 2, 1],
      library: [0, 2, 1],
      detail: [null, 2, 1],
      other: [null, 2, 1],
    });
    const call = deferred();
    const calls = fakeApi({ 'POST /exercises/7/like': () => call.promise });

    let voting: Promise<unknown> = Promise.resolve();
    act(() => {
      voting = result.current.mutateAsync({ exerciseId: 7, vote: 'like' }).catch((error: unknown) => error);
    });
    // Before the server answers, every copy of exercise 7 is liked (the library's dislike, which
    // the like replaces, taken off: spec §4); exercise 8 stays as it was.
    await waitFor(() => expect(votesNow().detail).toEqual([1, 3, 1]));
    expect(votesNow()).toEqual({
      tab: [1, 3, 1],
      library: [1, 3, 0],
      detail: [1, 3, 1],
      other: [null, 2, 1],
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('workspace_id')).toBe('1');

    await act(async () => {
      call.answer(json({ message: 'Not found', code: 'not_found' }, 404));
      await voting;
    });
    expect(votesNow()).toEqual(before);
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('shows a dislike at once, then the server’s counts when it answers', async () => {
    const { result, votesNow } = setUp();
    const call = deferred();
    fakeApi({ 'POST /exercises/7/dislike': () => call.promise });

    let voting: Promise<unknown> = Promise.resolve();
    act(() => {
      voting = result.current.mutateAsync({ exerciseId: 7, vote: 'dislike' });
    });
    await waitFor(() => expect(votesNow().tab).toEqual([0, 2, 2]));
    // The library had it disliked already: a second dislike takes it back (spec §4).
    expect(votesNow().library).toEqual([null, 2, 0]);

    await act(async () => {
      call.answer(json({ data: { own_like: 0, likes_count: 5, dislikes_count: 4 } }));
      await voting;
    });
    expect(votesNow()).toEqual({
      tab: [0, 5, 4],
      library: [0, 5, 4],
      detail: [0, 5, 4],
      other: [null, 2, 1],
    });
  });
});
