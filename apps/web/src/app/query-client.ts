import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache of the app. Only the screens that fetch with queries load TanStack Query
 * (the shell provides it), so the login page stays light.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
