import { API, type Theme } from '@logoschool/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { themeKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/**
 * The themes the project sees, as choices (value: the id): what a student's interests are linked
 * to. Quiet: without them the form still saves, and the child's own words go in the free field.
 */
export function useProjectThemes() {
  const acting = useActingFor('themes.read');
  return useQuery({
    queryKey: themeKeys.seen(acting),
    queryFn: ({ signal }) => callApi<Theme[]>(API.themes, { query: { ...acting }, signal }),
    select: (themes) => themes.map((theme) => ({ value: String(theme.id), label: theme.name })),
    enabled: acting !== null,
    meta: { silent: true },
  });
}
