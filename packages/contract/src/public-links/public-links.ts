import { z } from 'zod';

/**
 * Public links (decision 029): a random, revocable link that opens one thing without signing in
 * (a plan for the parents, a lesson for the child's screen, a diagnosis for the parents, and the
 * links still to come). The kit knows no area: an area names its kind and the page its links open.
 */

/** The random bytes of a link's token: 32 bytes, 256 bits, written as 43 base64url characters. */
export const PUBLIC_LINK_TOKEN_BYTES = 32;

/** The longest text a token parameter may be; anything longer names nothing (the router's 404). */
export const PUBLIC_LINK_TOKEN_MAX = 128;

/**
 * `…/:token` of every public read: any text up to its bound. A wrong token is the link's one 404
 * ("not valid or was withdrawn"), never a 422 that would tell a malformed token from an unknown one.
 */
export const publicLinkParams = z.object({ token: z.string().max(PUBLIC_LINK_TOKEN_MAX) });

/** No link made yet, one that opens its page now, or the last one withdrawn (and none made since). */
export const PUBLIC_LINK_STATES = ['none', 'live', 'withdrawn'] as const;
export type PublicLinkState = (typeof PUBLIC_LINK_STATES)[number];

/** A subject's public link as the person who shares it sees it. */
export const publicLinkSchema = z.object({
  /** The link to pass on while it is live; null otherwise. */
  url: z.string().nullable(),
  link_state: z.enum(PUBLIC_LINK_STATES),
  /** When the live link (or the last one withdrawn) was made; null when none ever was. */
  issued_at: z.string().nullable(),
  /** When the last link was withdrawn, while no other was made since; null otherwise. */
  withdrawn_at: z.string().nullable(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

export { PUBLIC_LINK_SEGMENTS } from './segments.ts';

/** A page's address for a token: `page` is the route table's path without `/:token`. */
export const publicLinkUrl = (baseUrl: string, page: string, token: string) => `${baseUrl}${page}/${token}`;
