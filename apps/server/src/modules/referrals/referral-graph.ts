/**
 * A project's referrals as the contract's rule reads them (decision 039): the links as the graph,
 * each link as its friend's "joined" event, the history's entries as the other events; and the
 * balances `referralBonuses` computes from them, with when each event happened.
 */
import { referralBonuses, referrersOf, type FamilyBonus, type ReferralEvent } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { referralEntries, referralLinks } from './referrals.schema.ts';

export type LinkRow = typeof referralLinks.$inferSelect;
export type EntryRow = typeof referralEntries.$inferSelect;

/** Event ids the rule orders by: the table's letter and the row's id, zero-padded. */
export const linkEvent = (id: number) => `l${String(id).padStart(10, '0')}`;
export const entryEvent = (id: number) => `e${String(id).padStart(10, '0')}`;

function eventOf(entry: EntryRow): ReferralEvent {
  const id = entryEvent(entry.id);
  switch (entry.kind) {
    case 'renewal':
    case 'payment':
      return { id, kind: entry.kind, family: entry.clientId };
    case 'removal':
      return { id, kind: 'removed', removes: entryEvent(entry.removesEntryId ?? 0) };
    case 'grant':
    case 'cancel':
      return { id, kind: entry.kind, family: entry.clientId, sessions: entry.sessions ?? 0 };
  }
}

export interface ProjectReferrals {
  links: LinkRow[];
  entries: EntryRow[];
  /** Each referred family's referrer, as the rule keeps it. */
  referrer: Map<number, number>;
  bonuses: Map<number, FamilyBonus>;
  /** When each event happened (a link's making, an entry's recording). */
  at: Map<string, Date>;
}

/** Everything the rule needs of one project, and what it makes of it. */
export async function projectReferrals(db: Db | Tx, workspaceId: number): Promise<ProjectReferrals> {
  // One after the other: inside a transaction there is one connection.
  const links = await db.select().from(referralLinks).where(eq(referralLinks.workspaceId, workspaceId));
  const entries = await db.select().from(referralEntries).where(eq(referralEntries.workspaceId, workspaceId));
  const edges = links.map((link) => ({
    id: link.id,
    referrer: link.referrerClientId,
    referred: link.referredClientId,
  }));
  const events: ReferralEvent[] = [
    ...links.map((link): ReferralEvent => ({
      id: linkEvent(link.id),
      kind: 'joined',
      family: link.referredClientId,
    })),
    ...entries.map(eventOf),
  ];
  const at = new Map<string, Date>([
    ...links.map((link): [string, Date] => [linkEvent(link.id), link.createdAt]),
    ...entries.map((entry): [string, Date] => [entryEvent(entry.id), entry.createdAt]),
  ]);
  return { links, entries, referrer: referrersOf(edges), bonuses: referralBonuses(edges, events), at };
}
