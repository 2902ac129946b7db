import {
  STORAGE_KEYS,
  STORAGE_VALUE_MAX_BYTES,
  isStorageKey,
  type StorageRecord,
  type User,
  mayUseEnvironment,
} from '@logoschool/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { assertMayGlobally } from '../../access/authorize.ts';
import type { Db, Tx } from '../../db/client.ts';
import { storage } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { writeAudit } from '../audit/index.ts';
import { recordSettingChanges } from '../settings/index.ts';

/** Where one key's values live for one caller: the environment, and the user for per-user keys. */
export interface StorageScope {
  key: string;
  envId: number;
  userId: number;
}

/**
 * Resolves the scope of a storage call (spec §7): an unknown key is 404, an environment the caller
 * has no part in is 403, and writing an environment key needs the key's permission.
 */
export function storageScope(
  user: User,
  key: string,
  envHeader: number | undefined,
  write: boolean,
): StorageScope {
  if (!isStorageKey(key)) throw new AppError('storage_key_unknown', { key });
  const envId = envHeader ?? user.env_id;
  if (!mayUseEnvironment(user, envId)) throw new AppError('environment_not_allowed', { envId });
  const policy = STORAGE_KEYS[key];
  if (policy.scope === 'user') return { key, envId, userId: user.id };
  if (write) assertMayGlobally(user, policy.write);
  return { key, envId, userId: 0 };
}

const entry = (scope: StorageScope) =>
  and(eq(storage.envId, scope.envId), eq(storage.key, scope.key), eq(storage.userId, scope.userId));

/** A whole key as a record: subkey → value. Empty when nothing is stored. */
export async function readRecord(db: Tx, scope: StorageScope): Promise<StorageRecord> {
  const rows = await db
    .select({ subkey: storage.subkey, value: storage.value })
    .from(storage)
    .where(entry(scope))
    .orderBy(asc(storage.subkey));
  return Object.fromEntries(rows.map((row) => [row.subkey, row.value]));
}

/** One value, or null when none is stored. */
export async function readValue(db: Tx, scope: StorageScope, subkey: string): Promise<unknown> {
  const [row] = await db
    .select({ value: storage.value })
    .from(storage)
    .where(and(entry(scope), eq(storage.subkey, subkey)));
  return row?.value ?? null;
}

function assertSize(value: unknown) {
  if (Buffer.byteLength(JSON.stringify(value)) > STORAGE_VALUE_MAX_BYTES) {
    throw new AppError('payload_too_large', { limit: `${STORAGE_VALUE_MAX_BYTES / 1024} KB` });
  }
}

/**
 * Writes values under a key, one per subkey, keeping the subkeys not named (a merge, so that two
 * screens saving different settings lose nothing). All or nothing.
 */
export async function writeValues(
  db: Db,
  scope: StorageScope,
  values: StorageRecord,
  audit: { actorId: number; ip: string },
): Promise<StorageRecord> {
  for (const value of Object.values(values)) assertSize(value);
  return db.transaction(async (tx) => {
    const before = scope.userId === 0 ? await readRecord(tx, scope) : {};
    for (const [subkey, json] of Object.entries(values)) {
      // Drizzle sends a JavaScript null as SQL NULL; a stored JSON null is the jsonb value null.
      const value = json === null ? sql`'null'::jsonb` : json;
      await tx
        .insert(storage)
        .values({ ...scope, subkey, value })
        .onConflictDoUpdate({
          target: [storage.envId, storage.key, storage.userId, storage.subkey],
          set: { value, updatedAt: new Date() },
        });
    }
    if (scope.userId === 0 && Object.keys(values).length > 0) {
      await writeAudit(tx, {
        action: 'settings.write',
        actorId: audit.actorId,
        details: { key: scope.key, env_id: scope.envId, subkeys: Object.keys(values) },
        ip: audit.ip,
      });
      await recordSettingChanges(
        tx,
        scope,
        audit.actorId,
        Object.entries(values).map(([subkey, after]) => ({ subkey, before: before[subkey], after })),
      );
    }
    return readRecord(tx, scope);
  });
}

/** Deletes one subkey, or the whole key when no subkey is named. */
export async function deleteValues(
  db: Db,
  scope: StorageScope,
  subkey: string | undefined,
  audit: { actorId: number; ip: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = scope.userId === 0 ? await readRecord(tx, scope) : {};
    await tx
      .delete(storage)
      .where(subkey === undefined ? entry(scope) : and(entry(scope), eq(storage.subkey, subkey)));
    if (scope.userId === 0) {
      await writeAudit(tx, {
        action: 'settings.write',
        actorId: audit.actorId,
        details: { key: scope.key, env_id: scope.envId, deleted: subkey ?? '*' },
        ip: audit.ip,
      });
      const gone = subkey === undefined ? Object.keys(before) : subkey in before ? [subkey] : [];
      await recordSettingChanges(
        tx,
        scope,
        audit.actorId,
        gone.map((name) => ({ subkey: name, before: before[name], after: undefined })),
      );
    }
  });
}
