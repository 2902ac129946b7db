/** The caller's vote on an exercise (spec §3 own_like): 1 liked, 0 disliked, null none. */
export type OwnLike = 1 | 0 | null;

/** A click on one of the two buttons. */
export type Vote = 'like' | 'dislike';

export const VOTES: readonly Vote[] = ['like', 'dislike'];

/** The stored value of each vote. */
export const VOTE_VALUE = { like: 1, dislike: 0 } as const satisfies Record<Vote, 0 | 1>;

/** One user's view of an exercise's votes. */
export interface VoteState {
  own_like: OwnLike;
  likes_count: number;
  dislikes_count: number;
}

const lessOne = (count: number) => Math.max(0, count - 1);

/**
 * The state after the user clicks like or dislike (spec §4): the two are mutually exclusive
 * toggles. Liking when not liked sets own_like to 1 and adds one like; liking when already liked
 * removes the like; a dislike it replaces is taken off (never below 0). Dislike mirrors this with
 * own_like 0.
 */
export function applyVote(state: VoteState, vote: Vote): VoteState {
  const other: Vote = vote === 'like' ? 'dislike' : 'like';
  const counts: Record<Vote, number> = { like: state.likes_count, dislike: state.dislikes_count };
  let ownLike: OwnLike;
  if (state.own_like === VOTE_VALUE[vote]) {
    counts[vote] = lessOne(counts[vote]);
    ownLike = null;
  } else {
    counts[vote] += 1;
    if (state.own_like === VOTE_VALUE[other]) counts[other] = lessOne(counts[other]);
    ownLike = VOTE_VALUE[vote];
  }
  return { own_like: ownLike, likes_count: counts.like, dislikes_count: counts.dislike };
}
