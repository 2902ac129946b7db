// The limits the child's game page plays by, without zod (issue 32: the schemas in schemas.ts would
// bring zod to the page).

/** A find item is shown among this many pictures of its level at most (itself included). */
export const GAME_FIND_CHOICES_MAX = 4;
/** The longest play of a level kept: three hours, in ms. */
export const GAME_PLAY_TIME_MAX_MS = 3 * 60 * 60 * 1000;
