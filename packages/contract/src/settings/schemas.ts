import { z } from 'zod';
import { bookingSettingsSchema } from '../booking/schemas.ts';
import { pageQuery } from '../common/envelope.ts';
import { ENV_ID_MAX } from '../common/limits.ts';
import { MAINTENANCE_MESSAGE_MAX } from '../notices/schemas.ts';
import { jsonValue } from '../storage/schemas.ts';

/**
 * The settings the product reads from `app_settings` (spec §3 Settings, §7 Storage; issue 33
 * item 4): one record per environment, read by every signed-in user of it, written by root. A
 * write of any of these subkeys, through the settings screen or `POST /storage/app_settings`, is
 * checked against this schema and kept in the settings' history.
 */

export const appSettingsSchema = z.object({
  /** Staff screens show the maintenance notice; public pages say so and keep what works. */
  maintenance: z.boolean(),
  /** What the notice says beside the standard words; empty: the standard words alone. */
  maintenance_message: z.string().trim().max(MAINTENANCE_MESSAGE_MAX),
  /** An outdated app reloads itself once (spec §2 update guard). */
  force_update: z.boolean(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

/** The subkeys the settings screen keeps (the keys of `appSettingsSchema`). */
export const APP_SETTING_KEYS = Object.keys(appSettingsSchema.shape) as (keyof AppSettings)[];

/** An environment that never saved a setting reads these. */
export const DEFAULT_APP_SETTINGS: AppSettings = {
  maintenance: false,
  maintenance_message: '',
  force_update: false,
};

/** Whether a subkey of `app_settings` is one the product reads (and so is checked). */
export function isAppSettingKey(subkey: string): subkey is keyof AppSettings {
  return Object.hasOwn(appSettingsSchema.shape, subkey);
}

/** `?env_id=`: which environment's settings; unset, the caller's own. */
export const settingsQuery = z.object({
  env_id: z.coerce.number().int().positive().max(ENV_ID_MAX).optional(),
});

/**
 * `GET /settings` (root): one environment's settings as the product reads them, and the settings
 * that live elsewhere, read-only here with where they are changed: the vacancy link and the chat
 * widget are the server's configuration (they are read at its start: the chat's addresses go into
 * the pages' security policy), the phone agent, merchandise and booking rules each project's own.
 */
export const settingsOverviewSchema = z.object({
  env_id: z.number().int(),
  /** The environments with a project or a user in them, the caller's own among them. */
  environments: z.array(z.number().int()),
  values: appSettingsSchema,
  configured: z.object({
    /** `VACANCY_URLS` for this environment, null when it has none. */
    vacancy_url: z.string().nullable(),
    /** Whether the header shows the banner in this environment at all (spec §1: 1 and 2). */
    vacancy_shown: z.boolean(),
    /** `CHAT_SCRIPT_URL` and `CHAT_HOST` (the token is never shown), null when chat is off. */
    chat: z.object({ script_url: z.string(), host: z.string() }).nullable(),
    /** What a project's booking rules are until its administrators save their own. */
    booking_defaults: bookingSettingsSchema,
  }),
});
export type SettingsOverview = z.infer<typeof settingsOverviewSchema>;

/** `GET /settings/history`: the changes of one environment's settings, newest first. */
export const settingsHistoryQuery = pageQuery.extend({
  env_id: z.coerce.number().int().positive().max(ENV_ID_MAX).optional(),
});

export const settingsChangeSchema = z.object({
  id: z.number().int(),
  env_id: z.number().int(),
  key: z.string(),
  /** The value before; null when there was none. */
  before: jsonValue,
  /** The value after; null when it was deleted. */
  after: jsonValue,
  changed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changed_at: z.string(),
});
export type SettingsChange = z.infer<typeof settingsChangeSchema>;
