import { THEME_GENDERS, type Theme } from '@logoschool/contract';
import { Badge, Button, Group, Switch, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/list/data-table.tsx';
import { RowMenu } from '../../../components/list/row-actions.tsx';

/** What the moderator can do from a row; absent on the read-only list. */
export interface ThemeRowActions {
  edit(theme: Theme): void;
  remove(theme: Theme): void;
  toggleReady(theme: Theme): void;
}

export interface ThemesTableProps {
  /** The project acted in: a theme owned by another one is shared with it, read-only. */
  workspaceId: number | null;
  /** Where a theme's "Assets" link goes. */
  assetsPath(theme: Theme): string;
  actions?: ThemeRowActions;
}

/** Themes as a table: name, for whom, ages, type, ready, assets; actions for the owner project. */
export function ThemesTable({
  themes,
  workspaceId,
  assetsPath,
  actions,
}: ThemesTableProps & { themes: Theme[] }) {
  const { t } = useTranslation();
  const owned = (theme: Theme) => workspaceId === null || theme.workspace_id === workspaceId;
  const columns: Column<Theme>[] = [
    {
      key: 'name',
      header: t('themes.name'),
      cell: (theme) => (
        <>
          <Text fw={600}>{theme.name}</Text>
          {!owned(theme) && (
            <Text size="xs" c="gray.7">
              {t('themes.sharedBy', { project: theme.workspace_title })}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'genders',
      header: t('themes.genders'),
      cell: (theme) => (
        <Group gap={4}>
          {THEME_GENDERS.filter((gender) => theme.genders.includes(gender)).map((gender) => (
            <Badge key={gender} color={gender === 'boy' ? 'blue.9' : 'pink.9'}>
              {t(`themes.gender.${gender}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'ages',
      header: t('themes.ages'),
      nowrap: true,
      cell: (theme) => t('themes.ageSpan', { from: theme.age_from, to: theme.age_to }),
    },
    { key: 'type', header: t('themes.type'), cell: (theme) => t(`themes.typeName.${theme.type}`) },
    {
      key: 'ready',
      header: t('themes.ready'),
      cell: (theme) =>
        actions && owned(theme) ? (
          <Switch
            checked={theme.ready}
            onChange={() => actions.toggleReady(theme)}
            aria-label={t('themes.readyFor', { name: theme.name })}
          />
        ) : (
          <Badge color={theme.ready ? 'teal.9' : 'gray.7'}>
            {t(theme.ready ? 'themes.ready' : 'themes.notReady')}
          </Badge>
        ),
    },
    {
      key: 'assets',
      header: t('themes.assets'),
      cell: (theme) => (
        <Button
          component={Link}
          to={assetsPath(theme)}
          size="compact-sm"
          variant="light"
          leftSection={<IconPhoto size={14} aria-hidden />}
          aria-label={t('themes.assetsOf', { name: theme.name, count: theme.assets.length })}
        >
          {t('themes.assetsCount', { count: theme.assets.length })}
        </Button>
      ),
    },
    {
      key: 'actions',
      header: t('themes.actions'),
      hiddenHeader: true,
      width: 56,
      hidden: !actions,
      cell: (theme) =>
        actions &&
        owned(theme) && (
          <RowMenu
            label={t('themes.actionsFor', { name: theme.name })}
            actions={[
              { label: t('themes.edit'), onClick: () => actions.edit(theme) },
              { label: t('themes.generatedVersions'), to: `/generated-list/${theme.id}` },
              { label: t('themes.delete'), color: 'red.9', onClick: () => actions.remove(theme) },
            ]}
          />
        ),
    },
  ];
  return (
    <DataTable
      framed
      label={t('themes.listLabel')}
      rows={themes}
      rowKey={(theme) => theme.id}
      rowProps={(theme) => ({ 'data-theme-row': theme.name })}
      columns={columns}
      minWidth={820}
    />
  );
}
