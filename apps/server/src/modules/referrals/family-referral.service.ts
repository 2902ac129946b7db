/**
 * `GET /parent-dashboard/:token/referral` (issue 29 item 3): what a family reads of its own
 * referral on its dashboard — the project's booking page with its code (or why there is none), its
 * bonus sessions with their reasons, who brought it and whom it brought, another family always by
 * the child's first name only.
 */
import { familyBonus, firstNameOf, publicLinkUrl, type FamilyReferral } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/index.ts';
import { bookingPageLinks } from '../booking/index.ts';
import { openFamily } from '../families/index.ts';
import { liveTokenOf } from '../public-links/index.ts';
import { issueCode } from './referral-codes.ts';
import { projectReferrals } from './referral-graph.ts';

/** The booking page opened with a family's code. */
export const referralUrl = (baseUrl: string, pageToken: string, code: string) =>
  `${publicLinkUrl(baseUrl, bookingPageLinks.page, pageToken)}?ref=${encodeURIComponent(code)}`;

export async function familyReferral(db: Db, baseUrl: string, token: string): Promise<FamilyReferral> {
  return db.transaction(async (tx) => {
    const family = await openFamily(tx, token);
    const { workspaceId } = family;
    const clientId = family.client.id;
    // The family's code is made the first time it reads its referral.
    const code = await issueCode(tx, workspaceId, clientId);
    const pageToken = await liveTokenOf(tx, bookingPageLinks, workspaceId);
    const referrals = await projectReferrals(tx, workspaceId);
    const names = new Map(
      (
        await tx
          .select({ id: clients.id, childName: clients.childName })
          .from(clients)
          .where(eq(clients.workspaceId, workspaceId))
      ).map((row) => [row.id, firstNameOf(row.childName)]),
    );
    const nameOf = (id: number | null | undefined) => (id == null ? null : (names.get(id) ?? null));
    const bonus = familyBonus(referrals.bonuses, clientId);
    return {
      url: pageToken ? referralUrl(baseUrl, pageToken, code) : null,
      unavailable: pageToken ? null : 'booking_off',
      bonus: bonus.total,
      reasons: bonus.reasons.map((reason) => ({
        kind: reason.kind,
        sessions: reason.sessions,
        first_name: nameOf(reason.other),
        at: (referrals.at.get(reason.event) ?? new Date(0)).toISOString(),
      })),
      brought: [...referrals.referrer]
        .filter(([, referrer]) => referrer === clientId)
        .map(([referred]) => ({ first_name: nameOf(referred) ?? '' })),
      brought_by: nameOf(referrals.referrer.get(clientId)),
    };
  });
}
