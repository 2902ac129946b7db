import type { ThemeType } from '@logoschool/contract';
import { Group, SegmentedControl } from '@mantine/core';
import { IconMoodHappy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListView } from '../../../components/list/list-view.tsx';
import { useListControls } from '../../../components/list/use-list-controls.ts';
import { SearchInput } from '../../../components/search-input.tsx';
import { useThemes } from '../api/get-themes.ts';
import { ThemesTable, type ThemesTableProps } from './themes-table.tsx';

/**
 * A themes list: the filters (name search, type, ready) with `toolbar` at their end, and the
 * table of the themes they leave, in the list kit's states; `emptyText` says why there are none
 * (`narrowed` by the filters or not), `emptyAction` offers the first one.
 */
export function ThemesList({
  toolbar,
  emptyText,
  emptyAction,
  ...table
}: ThemesTableProps & {
  toolbar?: ReactNode;
  emptyText(narrowed: boolean): string;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const list = useListControls<{ type: ThemeType | null; ready: boolean | null }>({
    type: null,
    ready: null,
  });
  const { type, ready } = list.filter;
  const themes = useThemes({ type, ready, term: list.search });
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <SearchInput label={t('themes.search')} value={list.term} onChange={list.setTerm} width={240} />
          <SegmentedControl
            aria-label={t('themes.typeFilter')}
            value={type ?? 'all'}
            onChange={(value) => list.setFilter({ type: value === 'all' ? null : (value as ThemeType) })}
            data={[
              { value: 'all', label: t('themes.allTypes') },
              { value: 'general', label: t('themes.typeName.general') },
              { value: 'custom', label: t('themes.typeName.custom') },
            ]}
          />
          <SegmentedControl
            aria-label={t('themes.readyFilter')}
            value={ready === null ? 'all' : ready ? 'ready' : 'not-ready'}
            onChange={(value) => list.setFilter({ ready: value === 'all' ? null : value === 'ready' })}
            data={[
              { value: 'all', label: t('themes.allReadiness') },
              { value: 'ready', label: t('themes.ready') },
              { value: 'not-ready', label: t('themes.notReady') },
            ]}
          />
        </Group>
        {toolbar}
      </Group>
      <ListView
        query={themes}
        failed={t('themes.loadFailed')}
        empty={
          <ListEmpty icon={IconMoodHappy} action={!list.narrowed && emptyAction}>
            {emptyText(list.narrowed)}
          </ListEmpty>
        }
      >
        {(rows) => <ThemesTable themes={rows} {...table} />}
      </ListView>
    </>
  );
}
