import { PUBLIC_LINK_SEGMENTS, type Action, type PublicLink } from '@logoschool/contract';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useActingFor } from '../session/session.tsx';
import { callApi } from './client.ts';

/** What the sharer may do with a subject's public link (the server's public-link kit, decision 029). */
export type PublicLinkChange = 'issue' | 'rotate' | 'withdraw';

const CALLS: Record<PublicLinkChange, { method: 'POST' | 'DELETE'; segment: string }> = {
  issue: { method: 'POST', segment: PUBLIC_LINK_SEGMENTS.link },
  rotate: { method: 'POST', segment: PUBLIC_LINK_SEGMENTS.rotate },
  withdraw: { method: 'DELETE', segment: PUBLIC_LINK_SEGMENTS.link },
};

/** Where a subject's link lives and who shares it: what an area tells the share panel. */
export interface PublicLinkSubject {
  /** The subject's API path (`/protocols/12`): the link is under `…/link`. */
  path: string;
  /** The action that shares it (the query's project and role). */
  permission: Action;
  /** The area's query that holds the link's state (with the area's own fields): patched after a change. */
  queryKey: QueryKey;
}

/**
 * Makes (or gives the live), replaces or withdraws a subject's public link (`mutateAsync('issue')`);
 * the answer is the link's new state, written into the area's query so the panel shows it at once.
 */
export function usePublicLinkChange(subject: PublicLinkSubject) {
  const acting = useActingFor(subject.permission);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PublicLinkChange) =>
      callApi<PublicLink>(`${subject.path}${CALLS[change].segment}`, {
        method: CALLS[change].method,
        query: { ...acting },
      }),
    onSuccess: (link) =>
      queryClient.setQueryData<PublicLink>(subject.queryKey, (state) =>
        state ? { ...state, ...link } : state,
      ),
    // The panel says what went wrong, next to the action.
    meta: { silent: true },
  });
}
