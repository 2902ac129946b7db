import { THEME_GENDERS, type Theme } from '@logoschool/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What the moderator can do from a row; absent on the read-only list. */
export interface ThemeRowActions {
  edit(theme: Theme): void;
  remove(theme: Theme): void;
  toggleReady(theme: Theme): void;
}

interface ThemesTableProps {
  themes: Theme[];
  /** The project acted in: a theme owned by another one is shared with it, read-only. */
  workspaceId: number | null;
  /** Where a theme's "Assets" link goes. */
  assetsPath(theme: Theme): string;
  actions?: ThemeRowActions;
}

/** Themes as a table: name, for whom, ages, type, ready, assets; actions for the owner project. */
export function ThemesTable({ themes, workspaceId, assetsPath, actions }: ThemesTableProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" striped aria-label={t('themes.listLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('themes.name')}</Table.Th>
              <Table.Th>{t('themes.genders')}</Table.Th>
              <Table.Th>{t('themes.ages')}</Table.Th>
              <Table.Th>{t('themes.type')}</Table.Th>
              <Table.Th>{t('themes.ready')}</Table.Th>
              <Table.Th>{t('themes.assets')}</Table.Th>
              {actions && (
                <Table.Th w={56}>
                  <VisuallyHidden>{t('themes.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {themes.map((theme) => {
              const owned = workspaceId === null || theme.workspace_id === workspaceId;
              return (
                <Table.Tr key={theme.id} data-theme-row={theme.name}>
                  <Table.Td>
                    <Text fw={600}>{theme.name}</Text>
                    {!owned && (
                      <Text size="xs" c="gray.7">
                        {t('themes.sharedBy', { project: theme.workspace_title })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {THEME_GENDERS.filter((gender) => theme.genders.includes(gender)).map((gender) => (
                        <Badge key={gender} color={gender === 'boy' ? 'blue.9' : 'pink.9'}>
                          {t(`themes.gender.${gender}`)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {t('themes.ageSpan', { from: theme.age_from, to: theme.age_to })}
                  </Table.Td>
                  <Table.Td>{t(`themes.typeName.${theme.type}`)}</Table.Td>
                  <Table.Td>
                    {actions && owned ? (
                      <Switch
                        checked={theme.ready}
                        onChange={() => actions.toggleReady(theme)}
                        aria-label={t('themes.readyFor', { name: theme.name })}
                      />
                    ) : (
                      <Badge color={theme.ready ? 'teal.9' : 'gray.7'}>
                        {t(theme.ready ? 'themes.ready' : 'themes.notReady')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                  {actions && (
                    <Table.Td>
                      {owned && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray.7"
                              aria-label={t('themes.actionsFor', { name: theme.name })}
                            >
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => actions.edit(theme)}>{t('themes.edit')}</Menu.Item>
                            <Menu.Item color="red.9" onClick={() => actions.remove(theme)}>
                              {t('themes.delete')}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
