/**
 * A family's referral code (decision 039): its own random token, made with the public-link kit's
 * generator and shape but kept apart from every link, so that passing it on opens nothing of the
 * family (its dashboard link is another token). Made the first time the family reads its referral;
 * a manager may replace it, after which the old one links nobody.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clients, type ClientRow } from '../../db/schema/index.ts';
import { TOKEN_SHAPE, newLinkToken } from '../public-links/index.ts';
import { referralCodes } from './referrals.schema.ts';

const live = (clientId: number) =>
  and(eq(referralCodes.clientId, clientId), isNull(referralCodes.withdrawnAt));

/** The family's live code, made now when it has none (two reads at once make one: the live unique index). */
export async function issueCode(tx: Tx, workspaceId: number, clientId: number): Promise<string> {
  await tx
    .insert(referralCodes)
    .values({ workspaceId, clientId, code: newLinkToken() })
    .onConflictDoNothing({ target: referralCodes.clientId, where: isNull(referralCodes.withdrawnAt) });
  const [row] = await tx.select({ code: referralCodes.code }).from(referralCodes).where(live(clientId));
  if (!row) throw new Error(`the referral code of ${clientId} was not written`);
  return row.code;
}

/** The family's live code; null when it has none. */
export async function liveCode(tx: Tx, clientId: number): Promise<string | null> {
  const [row] = await tx.select({ code: referralCodes.code }).from(referralCodes).where(live(clientId));
  return row?.code ?? null;
}

/** The student whose live code this is, in the project; null for any other text. */
export async function codeOwner(tx: Tx, workspaceId: number, code: string): Promise<ClientRow | null> {
  if (!TOKEN_SHAPE.test(code)) return null;
  const [row] = await tx
    .select({ client: clients })
    .from(referralCodes)
    .innerJoin(clients, eq(clients.id, referralCodes.clientId))
    .where(
      and(
        eq(referralCodes.code, code),
        eq(referralCodes.workspaceId, workspaceId),
        eq(clients.workspaceId, workspaceId),
        isNull(referralCodes.withdrawnAt),
      ),
    );
  return row?.client ?? null;
}

/** Withdraws the family's live code (a new one is made on its next read); whether there was one. */
export async function withdrawCode(tx: Tx, clientId: number, userId: number): Promise<boolean> {
  const withdrawn = await tx
    .update(referralCodes)
    .set({ withdrawnAt: new Date(), withdrawnBy: userId })
    .where(live(clientId))
    .returning({ id: referralCodes.id });
  return withdrawn.length > 0;
}

/** Normalised contacts, to tell one family from another (an e-mail's case, a phone's spaces). */
const email = (value: string) => value.trim().toLowerCase();
const phone = (value: string) => value.replace(/[^\d+]/g, '');

/**
 * Whether two sets of parent contacts are one family: the same e-mail or the same phone. A family
 * booking through its own code, or linked by hand to itself under another student, refers nobody.
 */
export function sameFamily(
  a: { email: string; phone: string },
  b: { email: string; phone: string },
): boolean {
  return (
    (email(a.email) !== '' && email(a.email) === email(b.email)) ||
    (phone(a.phone) !== '' && phone(a.phone) === phone(b.phone))
  );
}
