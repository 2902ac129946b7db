/**
 * The referrals report (issue 29 item 3; decision 039): a project's families with their referrer,
 * those they brought and their balance; one family's reasons and history; and a manager's changes,
 * each in a transaction with the family's student row locked, so that two identical records at
 * once make one: a renewal or repeat payment, its removal, a grant or cancellation of sessions, and
 * a link to the referrer by hand. Balances always come from the contract's rule.
 */
import {
  familyBonus,
  type BonusChangeInput,
  type ReferralDetail,
  type ReferralEntry,
  type ReferralEventInput,
  type ReferralFamily,
  type ReferralRemovalInput,
  type ReferralRow,
  type ReferralsQuery,
  type ReferrerLinkInput,
} from '@logoschool/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { clients, users, type ClientRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { violatedConstraint } from '../booking/index.ts';
import { sameFamily, withdrawCode } from './referral-codes.ts';
import { entryEvent, linkEvent, projectReferrals, type ProjectReferrals } from './referral-graph.ts';
import { referralEntries, referralLinks } from './referrals.schema.ts';

type FamilyNames = Pick<ClientRow, 'id' | 'childName' | 'clientName'>;

const familyOf = (client: FamilyNames): ReferralFamily => ({
  client_id: client.id,
  child_name: client.childName,
  parent_name: client.clientName,
});

/** The project's students by id, with their names. */
async function familiesOf(db: Db | Tx, workspaceId: number): Promise<Map<number, FamilyNames>> {
  const rows = await db
    .select({ id: clients.id, childName: clients.childName, clientName: clients.clientName })
    .from(clients)
    .where(eq(clients.workspaceId, workspaceId));
  return new Map(rows.map((row) => [row.id, row]));
}

/** How many families each referrer brought, counted once for the whole report. */
function referredCounts(referrals: ProjectReferrals): Map<number, number> {
  const counts = new Map<number, number>();
  for (const referrerId of referrals.referrer.values())
    counts.set(referrerId, (counts.get(referrerId) ?? 0) + 1);
  return counts;
}

function rowOf(
  family: FamilyNames,
  referrals: ProjectReferrals,
  families: Map<number, FamilyNames>,
  referred: Map<number, number>,
): ReferralRow {
  const referrerId = referrals.referrer.get(family.id);
  const referrer = referrerId === undefined ? undefined : families.get(referrerId);
  return {
    ...familyOf(family),
    referrer: referrer ? familyOf(referrer) : null,
    referred_count: referred.get(family.id) ?? 0,
    bonus: familyBonus(referrals.bonuses, family.id).total,
  };
}

/** The children's names in the order people read them (one collator, not `localeCompare` per pair). */
const byName = new Intl.Collator();

/** `GET /referrals`: every student of the project, those in a referral first, then by the child's name. */
export async function listReferrals(
  db: Db,
  actor: ProjectActor,
  query: ReferralsQuery & { page: number; per_page: number },
) {
  const [families, referrals] = [
    await familiesOf(db, actor.workspaceId),
    await projectReferrals(db, actor.workspaceId),
  ];
  const search = query.search?.toLocaleLowerCase() ?? '';
  const inHistory = new Set(referrals.entries.map((entry) => entry.clientId));
  const referred = referredCounts(referrals);
  const rows = [...families.values()]
    .filter(
      (family) =>
        search === '' ||
        family.childName.toLocaleLowerCase().includes(search) ||
        family.clientName.toLocaleLowerCase().includes(search),
    )
    .map((family) => rowOf(family, referrals, families, referred))
    .map((row) => ({
      row,
      active:
        row.referrer !== null || row.referred_count > 0 || row.bonus !== 0 || inHistory.has(row.client_id),
    }))
    .sort(
      (a, b) =>
        Number(b.active) - Number(a.active) ||
        byName.compare(a.row.child_name, b.row.child_name) ||
        a.row.client_id - b.row.client_id,
    )
    .map(({ row }) => row);
  const start = (query.page - 1) * query.per_page;
  return {
    data: rows.slice(start, start + query.per_page),
    meta: { total: rows.length, page: query.page, per_page: query.per_page },
  };
}

/** A student of the project, locked for a change when asked; 404 otherwise. */
async function studentOf(
  tx: Db | Tx,
  workspaceId: number,
  clientId: number,
  lock = false,
): Promise<ClientRow> {
  const query = tx
    .select()
    .from(clients)
    .where(and(eq(clients.workspaceId, workspaceId), eq(clients.id, clientId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** `GET /referrals/:clientId`: the family's row, those it brought, its reasons and its history. */
export async function referralDetail(
  db: Db | Tx,
  actor: ProjectActor,
  clientId: number,
): Promise<ReferralDetail> {
  const student = await studentOf(db, actor.workspaceId, clientId);
  const families = await familiesOf(db, actor.workspaceId);
  const referrals = await projectReferrals(db, actor.workspaceId);
  const own = referrals.entries.filter((entry) => entry.clientId === clientId);
  const link = referrals.links.find((row) => row.referredClientId === clientId);
  // The names of those who recorded this family's history, and only theirs.
  const authors = [...own.map((entry) => entry.createdBy), link?.createdBy].filter(
    (id): id is number => id != null,
  );
  const names = new Map(
    authors.length === 0
      ? []
      : (
          await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authors))
        ).map((user) => [user.id, user.name] as const),
  );
  const other = (id: number | null) => {
    const family = id === null ? undefined : families.get(id);
    return family ? familyOf(family) : null;
  };
  const removed = new Set(
    referrals.entries.flatMap((entry) =>
      entry.kind === 'removal' && entry.removesEntryId ? [entry.removesEntryId] : [],
    ),
  );
  const history: ReferralEntry[] = own.map((entry) => ({
    id: entry.id,
    kind: entry.kind,
    on: entry.on,
    sessions: entry.sessions,
    note: entry.note,
    removes: entry.removesEntryId,
    removed: removed.has(entry.id),
    by: entry.createdBy === null ? null : (names.get(entry.createdBy) ?? null),
    at: entry.createdAt.toISOString(),
  }));
  if (link && link.bookingId === null) {
    history.push({
      id: link.id,
      kind: 'linked',
      on: null,
      sessions: null,
      note: link.reason,
      removes: null,
      removed: false,
      by: link.createdBy === null ? null : (names.get(link.createdBy) ?? null),
      at: link.createdAt.toISOString(),
    });
  }
  history.sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  const bonus = familyBonus(referrals.bonuses, clientId);
  return {
    ...rowOf(student, referrals, families, referredCounts(referrals)),
    referred: [...referrals.referrer]
      .filter(([, referrer]) => referrer === clientId)
      .flatMap(([referred]) =>
        families.has(referred) ? [familyOf(families.get(referred) as FamilyNames)] : [],
      ),
    reasons: bonus.reasons.map((reason) => ({
      kind: reason.kind,
      sessions: reason.sessions,
      other: other(reason.other),
      at: (referrals.at.get(reason.event) ?? new Date(0)).toISOString(),
    })),
    history,
    linked_by: link ? (link.bookingId === null ? 'manager' : 'booking') : null,
  };
}

/** Runs a manager's change with the family locked, and answers the family as it is after it. */
async function change(
  db: Db,
  actor: ProjectActor,
  clientId: number,
  act: (tx: Tx, student: ClientRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const student = await studentOf(tx, actor.workspaceId, clientId, true);
    await act(tx, student);
    return referralDetail(tx, actor, clientId);
  });
}

/**
 * `POST /referrals/:clientId/events`: a renewal or repeat payment on a day. The same kind on the
 * same day, not removed, is already there: 409 (two identical records at once: the lock makes one).
 */
export function recordEvent(db: Db, actor: ProjectActor, clientId: number, input: ReferralEventInput) {
  return change(db, actor, clientId, async (tx) => {
    const same = await tx
      .select({ id: referralEntries.id })
      .from(referralEntries)
      .where(
        and(
          eq(referralEntries.clientId, clientId),
          eq(referralEntries.kind, input.kind),
          eq(referralEntries.on, input.on),
        ),
      );
    const removals = await tx
      .select({ removes: referralEntries.removesEntryId })
      .from(referralEntries)
      .where(and(eq(referralEntries.clientId, clientId), eq(referralEntries.kind, 'removal')));
    const taken = new Set(removals.map((row) => row.removes));
    if (same.some((row) => !taken.has(row.id))) throw new AppError('conflict').saying('referralEventExists');
    await tx.insert(referralEntries).values({
      workspaceId: actor.workspaceId,
      clientId,
      kind: input.kind,
      on: input.on,
      note: input.note ?? '',
      createdBy: actor.userId,
    });
  });
}

/** `POST /referrals/:clientId/events/:entryId/removal`: a renewal or payment taken back, with why; once. */
export function removeEvent(
  db: Db,
  actor: ProjectActor,
  clientId: number,
  entryId: number,
  input: ReferralRemovalInput,
) {
  return change(db, actor, clientId, async (tx) => {
    const [entry] = await tx
      .select()
      .from(referralEntries)
      .where(and(eq(referralEntries.id, entryId), eq(referralEntries.clientId, clientId)));
    if (!entry || (entry.kind !== 'renewal' && entry.kind !== 'payment')) throw notFound();
    await tx
      .insert(referralEntries)
      .values({
        workspaceId: actor.workspaceId,
        clientId,
        kind: 'removal',
        removesEntryId: entryId,
        note: input.reason,
        createdBy: actor.userId,
      })
      .catch((error: unknown) => {
        throw violatedConstraint(error) === 'referral_entries_removes_unique'
          ? new AppError('conflict').saying('referralEntryRemoved')
          : error;
      });
  });
}

/**
 * `POST /referrals/:clientId/bonuses`: sessions granted, or cancelled (never more than the family
 * has: 422 on `sessions`), with the reason.
 */
export function changeBonus(db: Db, actor: ProjectActor, clientId: number, input: BonusChangeInput) {
  return change(db, actor, clientId, async (tx) => {
    if (input.kind === 'cancel') {
      const balance = familyBonus((await projectReferrals(tx, actor.workspaceId)).bonuses, clientId).total;
      if (input.sessions > balance) {
        throw new AppError(
          'validation_failed',
          {},
          {
            sessions: [fieldMessage(actor.lang, 'bonusOverBalance', { count: balance })],
          },
        );
      }
    }
    await tx.insert(referralEntries).values({
      workspaceId: actor.workspaceId,
      clientId,
      kind: input.kind,
      sessions: input.sessions,
      note: input.reason,
      createdBy: actor.userId,
    });
  });
}

/**
 * `POST /referrals/:clientId/referrer`: a manager links a student to the family that brought it,
 * with why; the friend counts as joined. Refused: the family itself or one with the same parent
 * contacts (422), a family the student already brought, however far down (422), a student that
 * already has a referrer (409: the first referral holds); a referrer of another project: 404.
 */
export function linkReferrer(db: Db, actor: ProjectActor, clientId: number, input: ReferrerLinkInput) {
  return change(db, actor, clientId, async (tx, student) => {
    const refuse = (message: 'selfReferral' | 'referralLoop') =>
      new AppError('validation_failed', {}, { referrer_client_id: [fieldMessage(actor.lang, message)] });
    if (input.referrer_client_id === clientId) throw refuse('selfReferral');
    const referrer = await studentOf(tx, actor.workspaceId, input.referrer_client_id);
    const contacts = (client: ClientRow) => ({ email: client.parentEmail, phone: client.parentPhone });
    if (sameFamily(contacts(student), contacts(referrer))) throw refuse('selfReferral');
    const referrals = await projectReferrals(tx, actor.workspaceId);
    if (referrals.links.some((link) => link.referredClientId === clientId)) {
      throw new AppError('conflict').saying('referralLinked');
    }
    for (let up: number | undefined = referrer.id; up !== undefined; up = referrals.referrer.get(up)) {
      if (up === clientId) throw refuse('referralLoop');
    }
    await tx
      .insert(referralLinks)
      .values({
        workspaceId: actor.workspaceId,
        referredClientId: clientId,
        referrerClientId: referrer.id,
        reason: input.reason,
        createdBy: actor.userId,
      })
      .catch((error: unknown) => {
        throw violatedConstraint(error) === 'referral_links_referred_unique'
          ? new AppError('conflict').saying('referralLinked')
          : error;
      });
  });
}

/** `POST /referrals/:clientId/code/rotate`: the family's code links nobody from now on; its next read makes a new one. */
export function rotateCode(db: Db, actor: ProjectActor, clientId: number) {
  return change(db, actor, clientId, async (tx) => {
    await withdrawCode(tx, clientId, actor.userId);
  });
}

export { entryEvent, linkEvent };
