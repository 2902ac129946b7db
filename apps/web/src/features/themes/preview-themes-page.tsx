import { Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActingFor } from '../../session/session.tsx';
import { useThemes, type ThemesFilter } from './api/get-themes.ts';
import { ThemesFilters } from './components/themes-filters.tsx';
import { ListState } from './components/themes-list-state.tsx';
import { ThemesTable } from './components/themes-table.tsx';

/** /preview-themes: the teacher's read-only list of the project's themes (spec §2). */
export function PreviewThemesPage() {
  const { t } = useTranslation();
  const acting = useActingFor('themes.read');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [filter, setFilter] = useState<ThemesFilter>({ term: '', type: null, ready: null });
  const themes = useThemes({ ...filter, term: debounced });
  const filtered = debounced !== '' || filter.type !== null || filter.ready !== null;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('themes.title')}
        </Title>
        <Text c="gray.7" size="sm">
          {t('themes.readOnlyHint')}
        </Text>
      </Stack>
      <ThemesFilters term={term} onTerm={setTerm} filter={filter} onFilter={setFilter} />
      <ListState query={themes} emptyText={t(filtered ? 'themes.noMatches' : 'themes.emptyReadOnly')}>
        {(rows) => (
          <ThemesTable
            themes={rows}
            workspaceId={acting?.workspace_id ?? null}
            assetsPath={(theme) => `/theme-assets-preview/${theme.id}`}
          />
        )}
      </ListState>
    </Stack>
  );
}

export default PreviewThemesPage;
