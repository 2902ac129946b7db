// The link routes' segments without zod, for the pages that follow a link's changes (issue 32).

/** What a subject's link route takes after the subject's own path (`…/link`, `…/link/rotate`). */
export const PUBLIC_LINK_SEGMENTS = { link: '/link', rotate: '/link/rotate' } as const;
