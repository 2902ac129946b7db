import type { pageQuery } from '@logoschool/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';

/** Which page of a list is asked for (the contract's `pageQuery`: 1-based `page`, `per_page`). */
type PageQuery = Pick<z.output<typeof pageQuery>, 'page' | 'per_page'>;

/** How many rows come before the page: `.limit(query.per_page).offset(pageOffset(query))`. */
export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.per_page;
}

/** The selection that counts a list's rows, for the page's total (`pageOf`). */
export function rowCount() {
  return { count: sql<number>`count(*)::int` };
}

/**
 * A page as every list answers it (the contract's `pageEnvelope`): its items, the total (the
 * `rowCount` row, none when there is no row) and the page it is.
 */
export function pageOf<T>(data: T[], total: { count: number } | undefined, query: PageQuery) {
  return { data, meta: { total: total?.count ?? 0, page: query.page, per_page: query.per_page } };
}
