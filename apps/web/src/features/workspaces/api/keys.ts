/** The workspaces feature's query keys (root's list of projects). */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: (tab: string, term: string, page: number) => [...workspaceKeys.all, tab, term, page] as const,
  /** One project's details (root's project choice on /users). */
  one: (id: number | null) => [...workspaceKeys.all, 'one', id] as const,
};
