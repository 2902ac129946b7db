import { API, type Theme, type ThemeStatistic, type ThemeType } from '@logoschool/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { themeKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/** The filters of the themes list; each left out when unset. */
export interface ThemesFilter {
  term: string;
  type: ThemeType | null;
  ready: boolean | null;
}

/** The themes the chosen project sees (its own and those shared with it), filtered. */
export function useThemes(filter: ThemesFilter) {
  const acting = useActingFor('themes.read');
  return useQuery({
    queryKey: themeKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApi<Theme[]>(API.themes, {
        query: {
          ...acting,
          term: filter.term || undefined,
          type: filter.type ?? undefined,
          ready: filter.ready ?? undefined,
        },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** Figures over the themes the project sees (spec §7 themes/statistic). */
export function useThemeStatistic() {
  const acting = useActingFor('themes.read');
  return useQuery({
    queryKey: themeKeys.statistic(acting),
    queryFn: ({ signal }) => callApi<ThemeStatistic>(API.themesStatistic, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** One theme the project sees; null id waits. */
export function useTheme(id: number | null) {
  const acting = useActingFor('themes.read');
  return useQuery({
    queryKey: themeKeys.one(acting, id),
    queryFn: ({ signal }) => callApi<Theme>(`${API.themes}/${id}`, { query: { ...acting }, signal }),
    enabled: acting !== null && id !== null,
    retry: false,
  });
}
