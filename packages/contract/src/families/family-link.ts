import { z } from 'zod';
import { actingAsQuery } from '../auth/schemas.ts';
import { publicLinkSchema } from '../public-links/public-links.ts';

/**
 * The parents' side (issue 29; spec §2 `/parent-dashboard-demo/:childId`): each student's family
 * gets one random, revocable link, made with the public-link kit (decision 029), that opens the
 * child's dashboard: the next lessons, the plan, the progress, the diagnoses sent, home practice,
 * the family's referral bonus, a call back and the school's merchandise. The student's teacher
 * creates, sends and withdraws it from the student's page. Everything the family does on its own
 * (a call back, an order, a referral) is keyed by this link's token.
 */

/** The kind of a family's dashboard link (the public-link kit, decision 029). */
export const FAMILY_LINK_KIND = 'family';

/** The web page a family's link opens (the route table's `/parent-dashboard-demo/:token`). */
export const PARENT_DASHBOARD_PAGE = '/parent-dashboard-demo';

/** The project and role a sharing call acts in (`GET|POST|DELETE /clients/:clientId/link`). */
export const familySharingQuery = actingAsQuery;

/** How a student's dashboard link is shared, as their teacher sees it: its link, and the mail. */
export const familySharingSchema = publicLinkSchema.extend({
  /** When the link was last mailed to the parent; null when never. */
  sent_at: z.string().nullable(),
  /** Where it goes: the address it was last mailed to, else the student's parent e-mail; '' when none. */
  email: z.string(),
});
export type FamilySharing = z.infer<typeof familySharingSchema>;
