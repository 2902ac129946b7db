/**
 * The referral bonus (spec §9: "2 sessions each for referrer and friend, 1 more for a friend's
 * friend, 1 more for a renewal or repeat payment"), as one pure function over the referral graph
 * and the school's events (issue 29 item 3, decision 039). The server keeps the graph and an
 * append-only history; each family's balance is always computed here, never stored.
 *
 * - A family is referred once: of two links naming the same friend the lower `id` (the first made)
 *   holds; a link naming the family itself, or one that would close a loop (the friend already
 *   refers the referrer, however far back), counts for nothing.
 * - `joined`: a referred family became a student of the school. The friend gets
 *   `BONUS_FRIEND_JOINED`, its referrer `BONUS_FRIEND_JOINED`, and the referrer's own referrer (the
 *   first referrer of the chain, one step up) `BONUS_FRIENDS_FRIEND` for a friend's friend.
 * - `renewal` and `payment`: a referred family renewed its course or paid again: its referrer gets
 *   `BONUS_RENEWAL` for each. A `removed` entry takes one of them back (it then counts for nothing).
 * - `grant` and `cancel`: a manager's sessions, given or taken. Cancellations are applied after
 *   everything gained, in the order of their ids, each at most down to zero, so that no balance is
 *   ever negative and the order the events arrive in changes nothing.
 * - Every event counts once, by its `id`: the same event given twice changes nothing.
 */

/** Sessions the friend and the referrer each get when the friend joins. */
export const BONUS_FRIEND_JOINED = 2;
/** Sessions the first referrer gets when a friend of its friend joins. */
export const BONUS_FRIENDS_FRIEND = 1;
/** Sessions the referrer gets for each renewal or repeat payment of the family it referred. */
export const BONUS_RENEWAL = 1;

/** One edge of the graph: `referrer` brought `referred`. Lower ids were made first. */
export interface ReferralEdge {
  id: number;
  referrer: number;
  referred: number;
}

/** What happened, each with a stable id (the server's entry or link id, prefixed by its table). */
export type ReferralEvent =
  | { id: string; kind: 'joined'; family: number }
  | { id: string; kind: 'renewal' | 'payment'; family: number }
  | { id: string; kind: 'removed'; removes: string }
  | { id: string; kind: 'grant' | 'cancel'; family: number; sessions: number };

export const BONUS_REASON_KINDS = [
  'joined_by_referral',
  'friend_joined',
  'friends_friend_joined',
  'renewal',
  'payment',
  'grant',
  'cancel',
] as const;
export type BonusReasonKind = (typeof BONUS_REASON_KINDS)[number];

/** Why a family's balance moved: the event, how many sessions (negative for a cancellation), and the other family it was about. */
export interface BonusReason {
  event: string;
  kind: BonusReasonKind;
  sessions: number;
  /** The family whose joining, renewal or payment earned it (the referrer for `joined_by_referral`); null for a manager's grant or cancellation. */
  other: number | null;
}

export interface FamilyBonus {
  total: number;
  reasons: BonusReason[];
}

/** Each family's referrer after the rules above (first link holds, no self, no loop). */
export function referrersOf(edges: readonly ReferralEdge[]): Map<number, number> {
  const referrer = new Map<number, number>();
  const byId = [...edges].sort((a, b) => a.id - b.id);
  for (const edge of byId) {
    if (edge.referrer === edge.referred || referrer.has(edge.referred)) continue;
    // A loop: the friend is already somewhere up the referrer's chain.
    let up: number | undefined = edge.referrer;
    let loops = false;
    const seen = new Set<number>();
    while (up !== undefined && !seen.has(up)) {
      if (up === edge.referred) {
        loops = true;
        break;
      }
      seen.add(up);
      up = referrer.get(up);
    }
    if (!loops) referrer.set(edge.referred, edge.referrer);
  }
  return referrer;
}

/** Each family's bonus sessions with their reasons, families without any left out. */
export function referralBonuses(
  edges: readonly ReferralEdge[],
  events: readonly ReferralEvent[],
): Map<number, FamilyBonus> {
  const referrer = referrersOf(edges);
  // Once per id, in a fixed order, so that duplicates and the arrival order change nothing.
  const unique = new Map<string, ReferralEvent>();
  for (const event of events) if (!unique.has(event.id)) unique.set(event.id, event);
  const ordered = [...unique.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const removed = new Set(ordered.flatMap((event) => (event.kind === 'removed' ? [event.removes] : [])));
  const joined = new Set<number>();

  const result = new Map<number, FamilyBonus>();
  const add = (family: number, reason: BonusReason) => {
    const bonus = result.get(family) ?? { total: 0, reasons: [] };
    bonus.total += reason.sessions;
    bonus.reasons.push(reason);
    result.set(family, bonus);
  };

  for (const event of ordered) {
    switch (event.kind) {
      case 'joined': {
        const by = referrer.get(event.family);
        // A family joins once, whatever records say it twice.
        if (by === undefined || joined.has(event.family)) break;
        joined.add(event.family);
        add(event.family, {
          event: event.id,
          kind: 'joined_by_referral',
          sessions: BONUS_FRIEND_JOINED,
          other: by,
        });
        add(by, {
          event: event.id,
          kind: 'friend_joined',
          sessions: BONUS_FRIEND_JOINED,
          other: event.family,
        });
        const first = referrer.get(by);
        if (first !== undefined && first !== event.family) {
          add(first, {
            event: event.id,
            kind: 'friends_friend_joined',
            sessions: BONUS_FRIENDS_FRIEND,
            other: event.family,
          });
        }
        break;
      }
      case 'renewal':
      case 'payment': {
        const by = referrer.get(event.family);
        if (by === undefined || removed.has(event.id)) break;
        add(by, { event: event.id, kind: event.kind, sessions: BONUS_RENEWAL, other: event.family });
        break;
      }
      case 'grant':
        if (event.sessions > 0)
          add(event.family, { event: event.id, kind: 'grant', sessions: event.sessions, other: null });
        break;
      case 'cancel':
      case 'removed':
        break;
    }
  }
  // Cancellations last: each takes what it says, or what is left.
  for (const event of ordered) {
    if (event.kind !== 'cancel' || event.sessions <= 0) continue;
    const left = result.get(event.family)?.total ?? 0;
    const taken = Math.min(event.sessions, left);
    if (taken > 0) add(event.family, { event: event.id, kind: 'cancel', sessions: -taken, other: null });
  }
  return result;
}

/** One family's bonus (zero and no reasons when it has none). */
export function familyBonus(bonuses: Map<number, FamilyBonus>, family: number): FamilyBonus {
  return bonuses.get(family) ?? { total: 0, reasons: [] };
}
