import { API, type Theme } from '@logoschool/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { themeKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../app/session.tsx';

/**
 * The names of the themes the project sees: what a student's interests are offered from (free
 * names are allowed too), as the exercise request form offers them. Quiet: without them the field
 * still takes typed names.
 */
export function useThemeNames() {
  const acting = useActingFor('themes.read');
  return useQuery({
    queryKey: themeKeys.seen(acting),
    queryFn: ({ signal }) => callApi<Theme[]>(API.themes, { query: { ...acting }, signal }),
    select: (themes) => [...new Set(themes.map((theme) => theme.name))],
    enabled: acting !== null,
    meta: { silent: true },
  });
}
