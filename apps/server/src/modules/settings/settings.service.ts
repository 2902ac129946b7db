import {
  DEFAULT_APP_SETTINGS,
  DEFAULT_BOOKING_SETTINGS,
  VACANCY_BANNER_ENVIRONMENTS,
  appSettingsSchema,
  fieldIssues,
  isAppSettingKey,
  type AppSettings,
  type Language,
  type SettingsChange,
  type SettingsOverview,
} from '@logoschool/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { storage, users, workspaces } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { settingsChanges } from './settings.schema.ts';

/** The storage key of the environments' settings (spec §3). */
const APP_SETTINGS_KEY = 'app_settings';

/**
 * Checks the settings the product reads among values written to `app_settings` (a subkey it does
 * not read is stored as given): 422 with a message per wrong subkey, in the caller's language.
 * Gives the values to store, the ones it reads as their schema makes them (a message trimmed).
 */
export function checkAppSettings(
  lang: Language,
  key: string,
  values: Record<string, unknown>,
): Record<string, unknown> {
  if (key !== APP_SETTINGS_KEY) return values;
  const errors: Record<string, string[]> = {};
  const checked: Record<string, unknown> = { ...values };
  for (const [subkey, value] of Object.entries(values)) {
    if (!isAppSettingKey(subkey)) continue;
    const parsed = appSettingsSchema.shape[subkey].safeParse(value);
    if (parsed.success) {
      checked[subkey] = parsed.data;
      continue;
    }
    for (const issue of parsed.error.issues) {
      for (const found of fieldIssues({ ...issue, path: [subkey, ...issue.path] }, { [subkey]: value })) {
        (errors[found.field || subkey] ??= []).push(fieldMessage(lang, found.key, found.params));
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', {}, errors);
  return checked;
}

export interface SettingChange {
  subkey: string;
  before: unknown;
  after: unknown;
}

/**
 * Keeps the changes of an environment's values in the history, in the writer's transaction: a
 * value written as it was is no change.
 */
export async function recordSettingChanges(
  tx: Tx,
  scope: { envId: number; key: string },
  changedBy: number,
  changes: readonly SettingChange[],
): Promise<void> {
  const rows = changes
    .filter((change) => JSON.stringify(change.before ?? null) !== JSON.stringify(change.after ?? null))
    .map((change) => ({
      envId: scope.envId,
      key: scope.key,
      subkey: change.subkey,
      // A stored JSON null is a value; a missing one is SQL NULL.
      before: change.before === undefined ? null : jsonOf(change.before),
      after: change.after === undefined ? null : jsonOf(change.after),
      changedBy,
    }));
  if (rows.length > 0) await tx.insert(settingsChanges).values(rows);
}

const jsonOf = (value: unknown) => (value === null ? sql`'null'::jsonb` : value);

/** An environment's settings as the product reads them: a stored value that no longer fits reads as the default. */
async function readSettings(db: Tx, envId: number): Promise<AppSettings> {
  const rows = await db
    .select({ subkey: storage.subkey, value: storage.value })
    .from(storage)
    .where(and(eq(storage.envId, envId), eq(storage.key, APP_SETTINGS_KEY), eq(storage.userId, 0)));
  const values: Record<string, unknown> = { ...DEFAULT_APP_SETTINGS };
  for (const row of rows) {
    if (!isAppSettingKey(row.subkey)) continue;
    const parsed = appSettingsSchema.shape[row.subkey].safeParse(row.value);
    if (parsed.success) values[row.subkey] = parsed.data;
  }
  return appSettingsSchema.parse(values);
}

/** The environments with a project or a user in them, and the caller's own. */
async function knownEnvironments(db: Tx, own: number): Promise<number[]> {
  const [projects, people] = await Promise.all([
    db.selectDistinct({ envId: workspaces.envId }).from(workspaces),
    db.selectDistinct({ envId: users.envId }).from(users),
  ]);
  return [
    ...new Set([own, ...projects, ...people].map((row) => (typeof row === 'number' ? row : row.envId))),
  ].sort((a, b) => a - b);
}

/** One environment's settings and those kept elsewhere, read-only, as `SettingsOverview` says. */
export async function settingsOverview(
  db: Tx,
  config: Config,
  envId: number,
  own: number,
): Promise<SettingsOverview> {
  const [values, environments] = await Promise.all([readSettings(db, envId), knownEnvironments(db, own)]);
  return {
    env_id: envId,
    environments: environments.includes(envId)
      ? environments
      : [...environments, envId].sort((a, b) => a - b),
    values,
    configured: {
      vacancy_url: config.vacancyUrls[String(envId)] ?? null,
      vacancy_shown: VACANCY_BANNER_ENVIRONMENTS.includes(envId),
      chat: config.chat ? { script_url: config.chat.scriptUrl, host: config.chat.host } : null,
      booking_defaults: { ...DEFAULT_BOOKING_SETTINGS },
    },
  };
}

/** The changes of one environment's settings, newest first. */
export async function settingsHistory(db: Tx, envId: number, query: { page: number; per_page: number }) {
  const condition = and(eq(settingsChanges.envId, envId), eq(settingsChanges.key, APP_SETTINGS_KEY));
  const [rows, [total]] = await Promise.all([
    db
      .select({ change: settingsChanges, by: { id: users.id, name: users.name } })
      .from(settingsChanges)
      .leftJoin(users, eq(users.id, settingsChanges.changedBy))
      .where(condition)
      .orderBy(desc(settingsChanges.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(settingsChanges).where(condition),
  ]);
  const data: SettingsChange[] = rows.map(({ change, by }) => ({
    id: change.id,
    env_id: change.envId,
    key: change.subkey,
    before: change.before ?? null,
    after: change.after ?? null,
    changed_by: by?.id ? { id: by.id, name: by.name } : null,
    changed_at: change.changedAt.toISOString(),
  }));
  return pageOf(data, total, query);
}
