import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VOTE_VALUE, applyVote, type OwnLike, type Vote, type VoteState } from './likes.ts';

const state = (own_like: OwnLike, likes_count: number, dislikes_count: number): VoteState => ({
  own_like,
  likes_count,
  dislikes_count,
});

describe('applyVote (spec §4)', () => {
  it.each([
    ['like', state(null, 2, 3), state(1, 3, 3)],
    ['like', state(1, 3, 3), state(null, 2, 3)],
    ['like', state(0, 2, 3), state(1, 3, 2)],
    ['dislike', state(null, 2, 3), state(0, 2, 4)],
    ['dislike', state(0, 2, 4), state(null, 2, 3)],
    ['dislike', state(1, 3, 3), state(0, 2, 4)],
  ] as const)('%s on %j gives %j', (vote, before, after) => {
    expect(applyVote(before, vote)).toEqual(after);
  });

  it('never counts below 0, even from counts that disagree with the vote', () => {
    expect(applyVote(state(1, 0, 0), 'like')).toEqual(state(null, 0, 0));
    expect(applyVote(state(0, 0, 0), 'like')).toEqual(state(1, 1, 0));
    expect(applyVote(state(0, 0, 0), 'dislike')).toEqual(state(null, 0, 0));
    expect(applyVote(state(1, 0, 0), 'dislike')).toEqual(state(0, 0, 1));
  });

  it('undoes itself: the same click twice gives the state back', () => {
    for (const vote of ['like', 'dislike'] as const) {
      const start = state(null, 4, 7);
      expect(applyVote(applyVote(start, vote), vote)).toEqual(start);
    }
  });
});

describe('any click sequence by several users (property)', () => {
  const click = fc.record({
    user: fc.integer({ min: 0, max: 5 }),
    vote: fc.constantFrom<Vote>('like', 'dislike'),
  });

  it('keeps the counts equal to the stored votes, never negative', () => {
    fc.assert(
      fc.property(fc.array(click, { maxLength: 200 }), (clicks) => {
        // What the server keeps: one vote per user, and the counts on the exercise.
        const votes = new Map<number, 0 | 1>();
        let counts = { likes_count: 0, dislikes_count: 0 };
        for (const { user, vote } of clicks) {
          const next = applyVote({ own_like: votes.get(user) ?? null, ...counts }, vote);
          if (next.own_like === null) votes.delete(user);
          else votes.set(user, next.own_like);
          counts = { likes_count: next.likes_count, dislikes_count: next.dislikes_count };
          const stored = [...votes.values()];
          expect(counts.likes_count).toBe(stored.filter((value) => value === VOTE_VALUE.like).length);
          expect(counts.dislikes_count).toBe(stored.filter((value) => value === VOTE_VALUE.dislike).length);
          expect(counts.likes_count).toBeGreaterThanOrEqual(0);
          expect(counts.dislikes_count).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('leaves the clicker with the vote of their last click, or none after an even run of it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Vote>('like', 'dislike'), { minLength: 1, maxLength: 50 }),
        (votes) => {
          let current = state(null, 0, 0);
          for (const vote of votes) current = applyVote(current, vote);
          const last = votes.at(-1)!;
          let run = 0;
          for (let index = votes.length - 1; index >= 0 && votes[index] === last; index -= 1) run += 1;
          expect(current.own_like).toBe(run % 2 === 1 ? VOTE_VALUE[last] : null);
        },
      ),
    );
  });
});
