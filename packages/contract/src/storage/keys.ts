import type { Action } from '../access/permissions.ts';

/**
 * The storage keys the API keeps (spec §7 Storage). An `environment` key is one record per
 * environment: every signed-in user of it reads it, and `write` names the action needed to change
 * it. A `user` key is a private namespace: each user reads and writes only their own.
 */
export const STORAGE_KEYS = {
  /** The environment's settings: maintenance flag, forced update… (spec §3 Settings). */
  app_settings: { scope: 'environment', write: 'settings.write' },
  /** Each user's own values, kept for them across browsers. */
  'client-storage': { scope: 'user' },
} as const satisfies Record<string, { scope: 'environment'; write: Action } | { scope: 'user' }>;

export type StorageKey = keyof typeof STORAGE_KEYS;

export function isStorageKey(key: string): key is StorageKey {
  return Object.hasOwn(STORAGE_KEYS, key);
}

/** The optional header that names the environment of an environment key. */
export const ENV_ID_HEADER = 'x-env-id';

/**
 * Setting keys of `app_settings` that the web app reads (spec §8). The vacancy banner's link is the
 * server's configuration (`VACANCY_URLS`, served by `GET /app-config`), not a setting.
 */
export const APP_SETTINGS = {
  maintenance: 'maintenance',
  /** What the maintenance notice says beside its standard words (issue 33; the settings screen). */
  maintenanceMessage: 'maintenance_message',
  /** When true, an outdated app reloads itself once (the update guard). */
  forceUpdate: 'force_update',
} as const;
