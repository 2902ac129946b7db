import { z } from 'zod';
import { idParam } from '../common/envelope.ts';
import { versionDifferenceSchema } from './version-diff.ts';

/**
 * What every versioned document's API adds to its area's (decision 030): the list of its published
 * versions (`GET …/:id/versions`) and the difference between two of them
 * (`GET …/:id/versions/diff?from=&to=`). The area's routes extend the queries with its acting
 * project and role.
 */

/** The versions' addresses under a document's own (`/templates/7` + `/versions`). */
export const DOCUMENT_VERSIONS = {
  list: '/versions',
  diff: '/versions/diff',
} as const;

/** One published version: its number, when and by whom. */
export const documentVersionSchema = z.object({
  version: z.number().int(),
  published_at: z.string(),
  /** null once the publisher's account is gone. */
  published_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** `?from=&to=`: two published versions' numbers; without `to`, what the caller reads now. */
export const versionsDiffQuery = z.object({
  from: idParam,
  /** A later or earlier version; absent: the working copy for whom sees it, else the latest version. */
  to: idParam.optional(),
});
export type VersionsDiffQuery = z.infer<typeof versionsDiffQuery>;

/** The difference, with the versions it is between (`to` null: the working copy). */
export const versionsDiffSchema = versionDifferenceSchema.extend({
  from: z.number().int(),
  to: z.number().int().nullable(),
});
export type VersionsDiff = z.infer<typeof versionsDiffSchema>;
