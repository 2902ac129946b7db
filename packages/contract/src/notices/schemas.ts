import { z } from 'zod';
import { APP_SETTINGS } from '../storage/keys.ts';

/**
 * The environments a server runs in (`NODE_ENV`): outside `production` the header shows the dev
 * badge with the API's address (spec §1).
 */
export const SERVER_ENVIRONMENTS = ['development', 'production', 'test'] as const;
export type ServerEnvironment = (typeof SERVER_ENVIRONMENTS)[number];

/** Longest maintenance message root may write (`app_settings.maintenance_message`). */
export const MAINTENANCE_MESSAGE_MAX = 500;

/** Maintenance as a page shows it: root's own words, when root wrote some. */
export const maintenanceNoticeSchema = z.object({ message: z.string().nullable() });
export type MaintenanceNotice = z.infer<typeof maintenanceNoticeSchema>;

/**
 * Maintenance as an environment's settings keep it (spec §3 Settings): on while
 * `app_settings.maintenance` is `true`, with `app_settings.maintenance_message` as root's words
 * (blank: the notice's own text). Anything else is off: a page never shows maintenance by mistake.
 */
export function maintenanceOf(
  settings: Readonly<Record<string, unknown>> | null | undefined,
): MaintenanceNotice | null {
  if (settings?.[APP_SETTINGS.maintenance] !== true) return null;
  const message = settings[APP_SETTINGS.maintenanceMessage];
  return {
    message:
      typeof message === 'string' && message.trim() ? message.trim().slice(0, MAINTENANCE_MESSAGE_MAX) : null,
  };
}

/**
 * `GET /app-status?link=`: what a page outside sign-in asks. `link` is the token of the public link
 * the page is open under (`/game/:token`…): its project's environment is the one whose maintenance
 * counts. Without one, or with one that opens nothing, no environment is known and no maintenance is
 * said.
 */
export const appStatusQuery = z.object({ link: z.string().trim().max(128).optional() });
export type AppStatusQuery = z.infer<typeof appStatusQuery>;

export const appStatusSchema = z.object({
  /** The build the server serves; a page whose own differs is out of date. */
  version: z.string(),
  maintenance: maintenanceNoticeSchema.nullable(),
});
export type AppStatus = z.infer<typeof appStatusSchema>;
