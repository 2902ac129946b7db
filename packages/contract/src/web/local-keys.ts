/** Browser local-storage keys of the web app (spec §3, §9), exactly as named there. */
export const LOCAL_KEYS = {
  /** The bearer token. */
  auth: 'auth',
  /**
   * Root's own bearer token while root acts as another user (login-as-user): "Return to my
   * account" puts it back under `auth`. Not in spec §3's list: the spec's login-as-user left no way
   * back.
   */
  returnAuth: 'auth-return',
  /** The selected project (workspace id). */
  workspace: 'wks',
  /** The interface language. */
  language: 'default-language',
  /** God mode on ("1") or off. */
  godMode: 'gm',
  /**
   * The side navigation shrunk to icons ("1") or shown whole ("0"), as the user last chose; unset,
   * it is shrunk at medium widths only. Not in spec §3's list: §2's collapsible navigation needs it.
   */
  navigationCollapsed: 'nav-collapsed',
  /** When the app last reloaded itself after an update: YYYY-MM-DD-HH:mm:ss. */
  lastAutoUpdate: 'last-auto-update',
  /** The lesson statistics date range. */
  reportRange: 'reportRange',
  /** The exercise list filter: status (default request), term, authorId. */
  exercisesFilter: 'exercises-filter',
} as const;

export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];

/** Format of `last-auto-update` (dayjs). */
export const LAST_AUTO_UPDATE_FORMAT = 'YYYY-MM-DD-HH:mm:ss';

/** Client-side limits (spec §9). */
export const REQUEST_TIMEOUT_MS = 400_000;
/** Public pages send at most one API request per this many milliseconds. */
export const PUBLIC_REQUEST_SPACING_MS = 1100;

/** Header heights (spec §9): wide and compact. */
export const HEADER_HEIGHT = 64;
export const HEADER_HEIGHT_COMPACT = 42;

/** Mantine breakpoints (spec §9). */
export const BREAKPOINTS = {
  xs: '36em',
  sm: '48em',
  md: '62em',
  lg: '75em',
  xl: '88em',
  xxl: '102em',
} as const;

/** Environments whose header shows the vacancy banner (spec §1, §9). */
export const VACANCY_BANNER_ENVIRONMENTS: readonly number[] = [1, 2];
