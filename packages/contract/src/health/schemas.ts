import { z } from 'zod';
import { SERVER_ENVIRONMENTS } from '../notices/schemas.ts';

/** The one engine every instance runs on (the embedded default is PostgreSQL too, decision 025). */
export const DATABASE_KINDS = ['postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const healthSchema = z.object({
  status: z.literal('ok'),
  /**
   * The build the server serves (the web build's own version, else the product's): the web app
   * compares it with its own to notice an update.
   */
  version: z.string(),
  db: z.enum(DATABASE_KINDS),
});
export type Health = z.infer<typeof healthSchema>;

/** The chat widget a signed-in user gets (spec §7), or null when the school has none configured. */
export const chatConfigSchema = z.object({
  script_url: z.url(),
  host: z.url(),
  token: z.string(),
});
export type ChatConfig = z.infer<typeof chatConfigSchema>;

/** What the web app learns from the server at run time (`GET /api/app-config`). */
export const appConfigSchema = z.object({
  chat: chatConfigSchema.nullable(),
  /**
   * The vacancy banner's link by environment id (`"1"`: …), as the server is configured
   * (`VACANCY_URLS`); an environment without one shows no banner (spec §1).
   */
  vacancy_urls: z.record(z.string(), z.url()),
  /** Where the server runs (`NODE_ENV`): outside production the header shows the dev badge (spec §1). */
  environment: z.enum(SERVER_ENVIRONMENTS),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
