import type { ThemeType } from '@logoschool/contract';
import { Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../components/search-input.tsx';
import type { ThemesFilter } from '../api/get-themes.ts';

/** The filters above a themes list: name search, type, ready. */
export function ThemesFilters({
  term,
  onTerm,
  filter,
  onFilter,
}: {
  term: string;
  onTerm(term: string): void;
  filter: ThemesFilter;
  onFilter(filter: ThemesFilter): void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <SearchInput label={t('themes.search')} value={term} onChange={onTerm} width={240} />
      <SegmentedControl
        aria-label={t('themes.typeFilter')}
        value={filter.type ?? 'all'}
        onChange={(value) => onFilter({ ...filter, type: value === 'all' ? null : (value as ThemeType) })}
        data={[
          { value: 'all', label: t('themes.allTypes') },
          { value: 'general', label: t('themes.typeName.general') },
          { value: 'custom', label: t('themes.typeName.custom') },
        ]}
      />
      <SegmentedControl
        aria-label={t('themes.readyFilter')}
        value={filter.ready === null ? 'all' : filter.ready ? 'ready' : 'not-ready'}
        onChange={(value) => onFilter({ ...filter, ready: value === 'all' ? null : value === 'ready' })}
        data={[
          { value: 'all', label: t('themes.allReadiness') },
          { value: 'ready', label: t('themes.ready') },
          { value: 'not-ready', label: t('themes.notReady') },
        ]}
      />
    </Group>
  );
}
