/**
 * Query keys of the data that more than one feature reads (a feature never imports another, so
 * these cannot live in the feature that owns the data). The owning feature's mutations invalidate
 * through `all`, which reaches the copies the other features keep: a renamed tag is renamed on the
 * exercise form too. Data that only one feature reads keeps its factory in `features/<area>/api/keys.ts`.
 */

/** Who a call is made as; part of a key where the answer depends on the role. */
export type Acting = { workspace_id: number; role_id: number } | null;

export const tagKeys = {
  /** Every tag query of a project. */
  all: (workspaceId: number) => ['tags', workspaceId] as const,
  /** The tags feature's list, matching `term` ('' for all). */
  list: (workspaceId: number, term: string) => [...tagKeys.all(workspaceId), 'list', term] as const,
  /** Every tag as a select option (the exercise form and the library's filter). */
  options: (workspaceId: number) => [...tagKeys.all(workspaceId), 'options'] as const,
};

export const categoryKeys = {
  /** Every category query of a project. */
  all: (workspaceId: number) => ['categories', workspaceId] as const,
  /** The tree as the categories feature edits it (the same whichever role reads it). */
  tree: (workspaceId: number) => [...categoryKeys.all(workspaceId), 'tree'] as const,
  /** The categories an exercise may go into, as select options. */
  options: (workspaceId: number) => [...categoryKeys.all(workspaceId), 'options'] as const,
};

export const themeKeys = {
  /** Every theme query. */
  all: ['themes'] as const,
  /** Every list of themes (`Theme[]`): what an optimistic change patches. */
  lists: () => [...themeKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...themeKeys.lists(), acting, filter] as const,
  /** Every theme the project sees, unfiltered (the exercises feature's pickers). */
  seen: (acting: Acting) => [...themeKeys.lists(), acting, 'all'] as const,
  statistic: (acting: Acting) => [...themeKeys.all, 'statistic', acting] as const,
  one: (acting: Acting, id: number | null) => [...themeKeys.all, 'one', acting, id] as const,
  assets: (acting: Acting, themeId: number | null) => [...themeKeys.all, 'assets', acting, themeId] as const,
};

/**
 * A project's members (the users feature) and its invitations (the invitations feature) change
 * together: adding an existing user or an accepted invitation makes a member.
 */
export const userKeys = {
  all: ['users'] as const,
  members: () => [...userKeys.all, 'members'] as const,
  memberList: (acting: Acting, filter: unknown) => [...userKeys.members(), acting, filter] as const,
  invitations: () => [...userKeys.all, 'invitations'] as const,
  invitationList: (acting: Acting, filter: unknown) => [...userKeys.invitations(), acting, filter] as const,
};

/** The shared asset library (the assets feature edits it, themes pick from it), listed under filters. */
export const assetKeys = {
  all: ['assets'] as const,
  list: (filter: unknown) => [...assetKeys.all, filter] as const,
};

export const fileKeys = {
  /** Every file fetched as an object URL (`useApiFileUrl`). */
  all: ['api-file'] as const,
  url: (fileUrl: string | null) => [...fileKeys.all, fileUrl] as const,
};

/** The server's run-time settings for the web app (the chat feature and the shell read them). */
export const appConfigKeys = {
  all: ['app-config'] as const,
};
