/** Validation bounds (spec §5 leaves the numbers to us; the issues fix them). */
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const WORKSPACE_TITLE_MIN = 2;
export const WORKSPACE_TITLE_MAX = 100;
export const WORKSPACE_DESCRIPTION_MAX = 1000;

/** Storage keys and subkeys: short identifiers. */
export const STORAGE_KEY_MAX = 64;
export const STORAGE_SUBKEY_MAX = 128;
/** Largest JSON value kept under one storage key, in bytes of its JSON text. */
export const STORAGE_VALUE_MAX_BYTES = 64 * 1024;

/** Largest JSON request body the API reads, in bytes. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** Default and largest page size of paginated lists. */
export const PER_PAGE_DEFAULT = 20;
export const PER_PAGE_MAX = 100;
/**
 * A filtered exercise list counts its matches up to this many and then stops (issue 13: a search's
 * cost must not grow with how many exercises it matches): past it the counters are lower bounds and
 * the list says so (`meta.capped`), and the screen shows "1,000+".
 */
export const EXERCISE_COUNT_CAP = 1000;

/** Protocol templates (issue 14): a title or a block's target, a description, how many of each. */
export const PROTOCOL_TITLE_MAX = 200;
export const PROTOCOL_TEXT_MAX = 4000;
export const PROTOCOL_BLOCKS_MAX = 30;
export const PROTOCOL_FOLDERS_MAX = 50;
/** The most presentations a lesson takes from one block. */
export const PROTOCOL_PRESENTATIONS_MAX = 20;

/** A lesson's length in minutes (spec §9: a lesson or a diagnosis lasts 45–60 minutes). */
export const LESSON_DURATION_MIN = 45;
export const LESSON_DURATION_MAX = 60;

/** Largest `additional_info` text. */
export const ADDITIONAL_INFO_MAX = 4000;

/** Largest avatar image, in bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Image types an avatar may be. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** A student's names (spec §3 Client): the client (parent) and the child. */
export const CLIENT_NAME_MIN = 2;
export const CLIENT_NAME_MAX = 100;
/** Longest comment for the teacher, and longest parent request. */
export const CLIENT_COMMENT_MAX = 2000;
export const CLIENT_PARENT_REQUEST_MAX = 2000;
/** A student's custom themes (interests): how many, and the longest name of one. */
export const CLIENT_THEMES_MAX = 20;
export const CLIENT_THEME_NAME_MAX = 100;
/** A student's id in the school's CRM. */
export const CLIENT_REMOTE_ID_MAX = 64;
/** The earliest birthdate taken, 'YYYY-MM-DD'. */
export const BIRTHDATE_MIN = '1900-01-01';

/** Longest search text of the users list (an e-mail address at most). */
export const USERS_TERM_MAX = 254;
/** Fewest roles a project member holds (spec §5: at least one role is required). */
export const USER_ROLES_MIN = 1;
/** Longest invitation token a link may carry (ours are 43 characters; longer names none). */
export const INVITATION_TOKEN_MAX = 128;
/** Largest environment id (a PostgreSQL integer). */
export const ENV_ID_MAX = 2_147_483_647;

/** A category's name and description (spec §5 category name, category description). */
export const CATEGORY_NAME_MIN = 2;
export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 1000;
/** Most categories one bulk move/reorder call names. */
export const CATEGORY_BULK_MAX = 5000;
/** A tag's name (spec §5 tag name). */
export const TAG_NAME_MIN = 2;
export const TAG_NAME_MAX = 50;

/** An exercise's title (spec §5 title); unique in a project, ignoring case. */
export const EXERCISE_TITLE_MIN = 2;
export const EXERCISE_TITLE_MAX = 200;
/** An exercise's texts (spec §5: comment, description and instruction have maximum lengths). */
export const EXERCISE_COMMENT_MAX = 2000;
export const EXERCISE_DESCRIPTION_MAX = 5000;
export const EXERCISE_INSTRUCTION_MAX = 5000;
/** Most tags on one exercise. */
export const EXERCISE_TAGS_MAX = 20;
/** Most exercises one bulk call names. */
export const EXERCISE_BULK_MAX = 500;
/** The largest .pptx an exercise takes (issue 6: a size limit on the upload). */
export const EXERCISE_PRESENTATION_MAX_BYTES = 50 * 1024 * 1024;
/**
 * Most characters of slide text one deck may hold (kept for search). A dense lesson deck of 100
 * slides at 1000 characters each (a full page of small type) is 100,000; twice that leaves room for
 * any real deck, while a deck past it is generated filler or an attack on the reader.
 */
export const EXERCISE_SLIDE_TEXT_MAX_CHARS = 200_000;
/**
 * Most bytes one slide's XML (or another XML part read whole) may unpack to. A slide PowerPoint
 * writes is 5–100 KB, one crowded with shapes or converted drawings a few MB; past 16 MB a part
 * only costs time to read, so it is refused before it is read to its end.
 */
export const EXERCISE_SLIDE_XML_MAX_BYTES = 16 * 1024 * 1024;
/** A request's description (spec §5: required), and its interests: how many, the longest name. */
export const REQUEST_DESCRIPTION_MAX = 2000;
export const REQUEST_INTERESTS_MAX = 20;
export const REQUEST_INTEREST_NAME_MAX = 100;

/** An interest's (theme's) name (spec §5 interest title). */
export const THEME_NAME_MIN = 2;
export const THEME_NAME_MAX = 100;
/** A theme's ages in whole years (spec §3 Interest: min and max age). */
export const THEME_AGE_MIN = 0;
export const THEME_AGE_MAX = 18;
/** Most other projects one theme is shared with. */
export const THEME_SHARES_MAX = 100;
/** Most library assets attached to one theme. */
export const THEME_ASSETS_MAX = 500;
/** An asset's name (spec §5: background name is required). */
export const ASSET_NAME_MIN = 1;
export const ASSET_NAME_MAX = 100;
/** Largest image file of an asset, in bytes. */
export const ASSET_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest sound file of an asset, in bytes. */
export const ASSET_SOUND_MAX_BYTES = 10 * 1024 * 1024;
/** Most files one `POST /assets` form carries (each is held in memory until the form is read). */
export const ASSET_UPLOAD_FILES_MAX = 10;

/**
 * Deepest nesting of arrays and objects a request may carry. Our deepest real input (a category
 * tree move, a stored filter) is under 10 levels; a deeper one is an attack on the validators'
 * recursion, refused before any schema sees it.
 */
export const INPUT_DEPTH_MAX = 32;
