import { z } from 'zod';
import { STORAGE_KEY_MAX, STORAGE_SUBKEY_MAX } from '../common/limits.ts';

const identifier = /^[A-Za-z0-9_.-]+$/;

/** `/storage/:key`: a whole key. */
export const storageKeyParams = z.object({
  key: z.string().min(1).max(STORAGE_KEY_MAX).regex(identifier),
});

/** `/storage/:key/:subkey`: one value of a key. */
export const storageEntryParams = storageKeyParams.extend({
  subkey: z.string().min(1).max(STORAGE_SUBKEY_MAX).regex(identifier),
});

export type StorageParams = { key: string; subkey?: string };

/** Any JSON value (named, because the OpenAPI document can only refer to a recursive schema). */
export const jsonValue: z.ZodType<unknown> = z.json().meta({ id: 'JsonValue' });

/** A whole record: subkey → value. */
export const storageRecord = z.record(z.string().min(1).max(STORAGE_SUBKEY_MAX).regex(identifier), jsonValue);
export type StorageRecord = z.infer<typeof storageRecord>;

/** The optional `X-Env-Id` header: a positive integer. */
export const envIdHeader = z.coerce.number().int().positive().max(2_147_483_647);
