import { z } from 'zod';
import { ERROR_CODES } from '../errors/codes.ts';
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from './limits.ts';

/** A success answer: `{ data: … }` (DESIGN §4). */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** A paginated list: `{ data: [...], meta: { total, page, per_page } }`. */
export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
  });
}

/** Largest id or order: the database keeps them as PostgreSQL integers. */
export const INT_MAX = 2_147_483_647;

/** Query of a paginated list. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(INT_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
});

/** Every error answer. `errors` maps a field path to its messages, for validation errors. */
export const errorBody = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A positive integer id in a path or query string. */
export const idParam = z.coerce.number().int().positive().max(INT_MAX);

/** A positive integer id in a JSON body (no text there). */
export const bodyId = z.number().int().positive().max(INT_MAX);
