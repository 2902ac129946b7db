import { DOCUMENT_VERSIONS, type DocumentVersion, type VersionsDiff } from '@logoschool/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.ts';
import type { Acting } from '../../api/keys.ts';
import { useActingAs } from '../../session/session.tsx';

/**
 * The versions of one document (decision 030): `path` is its API address (`/templates/7`); every
 * area serves `…/versions` and `…/versions/diff` there. `latest` (the document's latest version)
 * is part of the keys, so a publication asks again.
 */
export const versionKeys = {
  all: ['document-versions'] as const,
  list: (acting: Acting, path: string, latest: number) => [...versionKeys.all, acting, path, latest] as const,
  diff: (acting: Acting, path: string, latest: number, from: number, to: number | null) =>
    [...versionKeys.list(acting, path, latest), 'diff', from, to] as const,
};

/** The published versions of a document, the first first. */
export function useDocumentVersions(path: string, latest: number) {
  const acting = useActingAs();
  return useQuery({
    queryKey: versionKeys.list(acting, path, latest),
    queryFn: ({ signal }) =>
      callApi<DocumentVersion[]>(`${path}${DOCUMENT_VERSIONS.list}`, { query: { ...acting }, signal }),
    enabled: acting !== null && latest > 0,
  });
}

/**
 * What changed from version `from` to `to` (null: to what the caller reads now, the working copy
 * for who keeps it). `saved` (when the working copy was last saved) asks again after a save.
 */
export function useVersionsDiff(
  path: string,
  latest: number,
  from: number | null,
  to: number | null,
  saved: string,
) {
  const acting = useActingAs();
  return useQuery({
    queryKey: [...versionKeys.diff(acting, path, latest, from ?? 0, to), saved],
    queryFn: ({ signal }) =>
      callApi<VersionsDiff>(`${path}${DOCUMENT_VERSIONS.diff}`, {
        query: { ...acting, from: from ?? 0, ...(to === null ? {} : { to }) },
        signal,
      }),
    enabled: acting !== null && from !== null,
  });
}
