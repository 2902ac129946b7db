import { z } from 'zod';
import { idParam, pageQuery } from '../common/envelope.ts';
import { WORKSPACE_DESCRIPTION_MAX, WORKSPACE_TITLE_MAX, WORKSPACE_TITLE_MIN } from '../common/limits.ts';

/** A project as its members see it (spec §3 Workspace/project). */
export const workspaceSchema = z.object({
  workspaceId: z.number().int(),
  workspaceTitle: z.string(),
  description: z.string(),
  env_id: z.number().int(),
  archived: z.boolean(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceParams = z.object({ workspaceId: idParam });

/**
 * Query of a route whose project is in its path (`/workspaces/:workspaceId/…`): `role_id`, the role
 * the caller acts as there (DESIGN §4); the highest held when absent.
 */
export const workspacePathQuery = z.object({ role_id: idParam.optional() });
export type WorkspacePathQuery = z.infer<typeof workspacePathQuery>;

/** A project's title (spec §5 project name): trimmed; unique among all projects, ignoring case. */
export const workspaceTitleSchema = z.string().trim().min(WORKSPACE_TITLE_MIN).max(WORKSPACE_TITLE_MAX);

/** `POST /workspaces` (root): a new project. An absent description is empty. */
export const workspaceInput = z.strictObject({
  title: workspaceTitleSchema,
  description: z.string().trim().max(WORKSPACE_DESCRIPTION_MAX).optional(),
  /** The environment the project belongs to. */
  env_id: z.number().int().positive().max(2_147_483_647),
});
export type WorkspaceInput = z.infer<typeof workspaceInput>;

/** `PUT /workspaces/:workspaceId` (root): the fields to change; absent ones stay as they are. */
export const workspaceUpdate = workspaceInput.partial();
export type WorkspaceUpdate = z.infer<typeof workspaceUpdate>;

/** Query of `GET /workspaces` and `GET /workspaces/archived`. */
export const workspacesQuery = pageQuery.extend({
  /** Case-insensitive part of the title; empty means every project. */
  term: z.string().trim().max(WORKSPACE_TITLE_MAX).optional(),
});
export type WorkspacesQuery = z.infer<typeof workspacesQuery>;

/** A project in root's project lists, and as root's project changes answer it. */
export const workspaceListItem = workspaceSchema.extend({
  /** Assignments that are active and not archived themselves (whether the project is archived aside). */
  members: z.number().int(),
  created_at: z.string(),
});
export type WorkspaceListItem = z.infer<typeof workspaceListItem>;
