/** The workspaces feature's query keys (root's list of projects). */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: (tab: string, term: string, page: number) => [...workspaceKeys.all, tab, term, page] as const,
};
