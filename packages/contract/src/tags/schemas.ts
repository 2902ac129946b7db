import { z } from 'zod';
import { bodyId, idParam } from '../common/envelope.ts';
import { TAG_NAME_MAX, TAG_NAME_MIN } from '../common/limits.ts';
import { workspaceParams, workspacePathQuery } from '../workspaces/schemas.ts';

/** A tag's name (spec §5): trimmed; unique in a project, ignoring case. */
export const tagNameSchema = z.string().trim().min(TAG_NAME_MIN).max(TAG_NAME_MAX);

/** A project's tag (spec §3 Tag). */
export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

/** `POST /workspaces/:workspaceId/tags` and `PUT …/tags/:tagId` (rename). */
export const tagInput = z.strictObject({ name: tagNameSchema });
export type TagInput = z.infer<typeof tagInput>;

/** `POST …/tags/:tagId/merge`: the tag of the same project that takes over this one's uses. */
export const tagMergeInput = z.strictObject({ into_id: bodyId });
export type TagMergeInput = z.infer<typeof tagMergeInput>;

/** Query of `GET /workspaces/:workspaceId/tags`. */
export const tagsQuery = workspacePathQuery.extend({
  /** Case-insensitive part of the name; empty means every tag. */
  term: z.string().trim().max(TAG_NAME_MAX).optional(),
});
export type TagsQuery = z.infer<typeof tagsQuery>;

export const tagParams = workspaceParams.extend({ tagId: idParam });
