/** The workspaces feature's query keys (root's list of projects). */
export const projectKeys = {
  all: ['projects'] as const,
  list: (tab: string, term: string, page: number) => [...projectKeys.all, tab, term, page] as const,
};
