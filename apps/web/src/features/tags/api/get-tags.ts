import { API, inWorkspace, type Tag } from '@logoschool/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { tagKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

type Acting = { workspace_id: number; role_id: number };

/** A project's tags by name; `term` keeps those whose name contains it, ignoring case. */
export const tagsQuery = (acting: Acting, term: string) =>
  queryOptions({
    queryKey: tagKeys.list(acting.workspace_id, term),
    queryFn: ({ signal }) =>
      callApi<Tag[]>(inWorkspace(acting.workspace_id, API.tags), {
        query: { role_id: acting.role_id, term: term || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The chosen project's tags, read as the held role that may read them. */
export function useTags(term: string) {
  const acting = useActingFor('tags.read');
  return useQuery({
    ...tagsQuery(acting ?? { workspace_id: 0, role_id: 0 }, term),
    enabled: acting !== null,
  });
}
