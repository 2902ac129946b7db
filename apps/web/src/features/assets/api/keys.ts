/** The assets feature's query keys: one shared library, listed under filters. */
export const assetKeys = {
  all: ['assets'] as const,
  list: (filter: unknown) => [...assetKeys.all, filter] as const,
};
