import type { Acting } from '../../../api/keys.ts';

/** The parent-dashboard feature's query keys. */
export const parentDashboardKeys = {
  all: ['parent-dashboard'] as const,
  sharing: (acting: Acting, clientId: number) =>
    [...parentDashboardKeys.all, 'sharing', acting, clientId] as const,
};
