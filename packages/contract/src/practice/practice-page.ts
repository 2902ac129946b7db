// What the parent's practice page needs without zod: its paths, its links' kind and the outcomes of
// a try. The schemas beside them in practice.ts would bring zod to the page (issue 32: the parents'
// pages within 100 KB of JS).

/** The kind of an assignment's public link (the public-link kit, decision 029). */
export const PRACTICE_LINK_KIND = 'practice';

/** The web page an assignment's link opens (the route table's `/play-lesson/:token`). */
export const PRACTICE_PAGE = '/play-lesson';

/** The teacher's own player of a lesson (before issue 29 at `/play-lesson/:lessonId`). */
export const CONDUCT_LESSON_PAGE = '/conduct-lesson';

/**
 * Whether `/play-lesson/<segment>` names a lesson by the id an older link carried (digits) rather
 * than a practice link's token (32 to 43 base64url characters): an old link leads a signed-in
 * teacher to her player at `/conduct-lesson/<id>`.
 */
export const isOldLessonId = (segment: string): boolean => /^[1-9]\d{0,9}$/.test(segment);

/** How one try went, as the parent taps it: said it right, said it with help, not yet. */
export const PRACTICE_OUTCOMES = ['right', 'helped', 'not_yet'] as const;
export type PracticeOutcome = (typeof PRACTICE_OUTCOMES)[number];
