import { API_BASE } from '@logoschool/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { fileKeys } from './keys.ts';

/** The caches whose removed file queries give their object URLs back to the browser. */
const watched = new WeakSet<QueryClient>();

function revokeOnRemoval(queryClient: QueryClient) {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    const { queryKey, state } = event.query;
    if (event.type === 'removed' && queryKey[0] === fileKeys.all[0] && typeof state.data === 'string') {
      URL.revokeObjectURL(state.data);
    }
  });
}

/** `file_url` is an address under the API base (`/api/file/download/7`); the client adds the base. */
function apiPath(fileUrl: string): string {
  return fileUrl.startsWith(`${API_BASE}/`) ? fileUrl.slice(API_BASE.length) : fileUrl;
}

/**
 * A local address for a file the API serves (an asset's, a slide image), to put in `<img src>` or
 * `<audio src>`. The file needs the
 * bearer token, which an element's own request does not carry: it is fetched through the API client
 * and kept as an object URL for as long as the cache keeps it. Quiet: a missing file shows a
 * placeholder, not a notification.
 */
export function useApiFileUrl(fileUrl: string | null) {
  const queryClient = useQueryClient();
  revokeOnRemoval(queryClient);
  return useQuery({
    queryKey: fileKeys.url(fileUrl),
    queryFn: async ({ signal }) => {
      const blob = await callApi<Blob>(apiPath(fileUrl ?? ''), {
        query: { inline: 1 },
        responseType: 'blob',
        signal,
      });
      return URL.createObjectURL(blob);
    },
    enabled: fileUrl !== null,
    staleTime: Infinity,
    gcTime: 10 * 60 * 1000,
    retry: false,
    meta: { silent: true },
  });
}
