import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ApiError, notifyApiError } from '../api/client.ts';

/** What a query or mutation may tell the caches about itself. */
export interface ApiMeta extends Record<string, unknown> {
  /** Show no notification when it fails: the screen shows the error itself (a form, a dialog). */
  silent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ApiMeta;
    mutationMeta: ApiMeta;
  }
}

/** A client error (4xx) answers the same the second time; only a failure to get an answer is retried. */
function retryOnce(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * A query cache whose failures reach the red notification once, from here (spec §8), unless the
 * query or mutation says `meta: { silent: true }`. Tests build theirs with it, without retries.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) notifyApiError(error);
      },
    }),
  });
}

/**
 * The one query cache of the app. Only the screens that fetch with queries load TanStack Query
 * (the shell provides it), so the login page stays light.
 */
export const queryClient = createQueryClient({
  defaultOptions: { queries: { retry: retryOnce, refetchOnWindowFocus: false } },
});
