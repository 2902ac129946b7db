import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BONUS_FRIEND_JOINED,
  BONUS_FRIENDS_FRIEND,
  BONUS_RENEWAL,
  familyBonus,
  referralBonuses,
  referrersOf,
  type ReferralEdge,
  type ReferralEvent,
} from './bonus-rule.ts';

const FAMILIES = 6;
const family = fc.integer({ min: 1, max: FAMILIES });

const edges: fc.Arbitrary<ReferralEdge[]> = fc
  .array(fc.record({ referrer: family, referred: family }), { maxLength: 10 })
  .map((list) => list.map((edge, index) => ({ id: index + 1, ...edge })));

const event: fc.Arbitrary<ReferralEvent> = fc
  .oneof(
    fc.record({ kind: fc.constant('joined' as const), family }),
    fc.record({ kind: fc.constantFrom('renewal' as const, 'payment' as const), family }),
    fc.record({
      kind: fc.constant('removed' as const),
      removes: fc.integer({ min: 0, max: 14 }).map((n) => `e${String(n).padStart(2, '0')}`),
    }),
    fc.record({
      kind: fc.constantFrom('grant' as const, 'cancel' as const),
      family,
      sessions: fc.integer({ min: 1, max: 5 }),
    }),
  )
  .map((value) => value as ReferralEvent);

const events: fc.Arbitrary<ReferralEvent[]> = fc
  .array(event, { maxLength: 15 })
  .map((list) =>
    list.map((value, index) => ({ ...value, id: `e${String(index).padStart(2, '0')}` }) as ReferralEvent),
  );

const totals = (bonuses: ReturnType<typeof referralBonuses>) =>
  Object.fromEntries([...bonuses].map(([id, bonus]) => [id, bonus.total]));

describe('the referral bonus (spec §9)', () => {
  it('gives referrer and friend 2 each, the first referrer 1 for a friend’s friend, the referrer 1 per renewal or payment', () => {
    // 1 brought 2, 2 brought 3; 3 joined, 2 joined, 2 renewed, 3 paid again.
    const bonuses = referralBonuses(
      [
        { id: 1, referrer: 1, referred: 2 },
        { id: 2, referrer: 2, referred: 3 },
      ],
      [
        { id: 'a', kind: 'joined', family: 2 },
        { id: 'b', kind: 'joined', family: 3 },
        { id: 'c', kind: 'renewal', family: 2 },
        { id: 'd', kind: 'payment', family: 3 },
      ],
    );
    expect(familyBonus(bonuses, 1).total).toBe(BONUS_FRIEND_JOINED + BONUS_FRIENDS_FRIEND + BONUS_RENEWAL);
    expect(familyBonus(bonuses, 2).total).toBe(BONUS_FRIEND_JOINED * 2 + BONUS_RENEWAL);
    expect(familyBonus(bonuses, 3).total).toBe(BONUS_FRIEND_JOINED);
    expect(familyBonus(bonuses, 3).reasons).toEqual([
      { event: 'b', kind: 'joined_by_referral', sessions: 2, other: 2 },
    ]);
  });

  it('keeps the first referral, refuses a family its own referrer and a loop', () => {
    const referrer = referrersOf([
      { id: 3, referrer: 4, referred: 2 },
      { id: 1, referrer: 1, referred: 2 },
      { id: 2, referrer: 5, referred: 5 },
      { id: 4, referrer: 2, referred: 1 },
    ]);
    expect([...referrer]).toEqual([[2, 1]]);
  });

  it('takes back a removed renewal and never cancels below zero', () => {
    const bonuses = referralBonuses(
      [{ id: 1, referrer: 1, referred: 2 }],
      [
        { id: 'a', kind: 'renewal', family: 2 },
        { id: 'b', kind: 'removed', removes: 'a' },
        { id: 'c', kind: 'cancel', family: 1, sessions: 3 },
      ],
    );
    expect(familyBonus(bonuses, 1)).toEqual({ total: 0, reasons: [] });
  });

  it('totals are the sums of their reasons, and never negative', () => {
    fc.assert(
      fc.property(edges, events, (graph, list) => {
        for (const bonus of referralBonuses(graph, list).values()) {
          expect(bonus.total).toBe(bonus.reasons.reduce((sum, reason) => sum + reason.sessions, 0));
          expect(bonus.total).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('no family is its own referrer, nor earns from itself', () => {
    fc.assert(
      fc.property(edges, events, (graph, list) => {
        for (const [referred, referrer] of referrersOf(graph)) expect(referrer).not.toBe(referred);
        for (const [id, bonus] of referralBonuses(graph, list)) {
          for (const reason of bonus.reasons) expect(reason.other).not.toBe(id);
        }
      }),
    );
  });

  it('gives each event its bonus at most once, to each family once', () => {
    fc.assert(
      fc.property(edges, events, (graph, list) => {
        const once = referralBonuses(graph, list);
        expect(totals(referralBonuses(graph, [...list, ...list]))).toEqual(totals(once));
        for (const bonus of once.values()) {
          const keys = bonus.reasons.map((reason) => `${reason.event}:${reason.kind}`);
          expect(new Set(keys).size).toBe(keys.length);
        }
        // A family joins once, however many records say so.
        const joinedReasons = [...once.values()].flatMap((bonus) =>
          bonus.reasons.filter((reason) => reason.kind === 'joined_by_referral'),
        );
        expect(joinedReasons.length).toBeLessThanOrEqual(new Set(graph.map((edge) => edge.referred)).size);
      }),
    );
  });

  it('does not depend on the order the events and links arrive in', () => {
    fc.assert(
      fc.property(
        edges.chain((graph) =>
          fc.tuple(fc.constant(graph), fc.shuffledSubarray(graph, { minLength: graph.length })),
        ),
        events.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        ([graph, graphShuffled], [list, listShuffled]) => {
          expect(totals(referralBonuses(graphShuffled, listShuffled))).toEqual(
            totals(referralBonuses(graph, list)),
          );
        },
      ),
    );
  });

  it('earns from joinings and renewals exactly what the rule says', () => {
    fc.assert(
      fc.property(edges, events, (graph, list) => {
        const referrer = referrersOf(graph);
        const removed = new Set(list.flatMap((e) => (e.kind === 'removed' ? [e.removes] : [])));
        const joined = new Set(
          list.flatMap((e) => (e.kind === 'joined' && referrer.has(e.family) ? [e.family] : [])),
        );
        let expected = 0;
        for (const friend of joined) {
          expected += 2 * BONUS_FRIEND_JOINED;
          const first = referrer.get(referrer.get(friend) as number);
          if (first !== undefined && first !== friend) expected += BONUS_FRIENDS_FRIEND;
        }
        for (const e of list) {
          if (
            (e.kind === 'renewal' || e.kind === 'payment') &&
            referrer.has(e.family) &&
            !removed.has(e.id)
          ) {
            expected += BONUS_RENEWAL;
          }
        }
        const earned = [...referralBonuses(graph, list).values()]
          .flatMap((bonus) => bonus.reasons)
          .filter((reason) => reason.kind !== 'grant' && reason.kind !== 'cancel')
          .reduce((sum, reason) => sum + reason.sessions, 0);
        expect(earned).toBe(expected);
      }),
    );
  });
});
