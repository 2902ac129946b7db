import {
  ASSET_TYPES,
  rolesMay,
  type Asset,
  type AssetType,
  type ThemeAssetsGrouped,
} from '@logoschool/contract';
import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceFloppy, IconPointFilled } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { SearchInput } from '../../components/search-input.tsx';
import { useAssets } from '../../api/assets.ts';
import { groupByType } from '../../components/assets/asset-groups.ts';
import { ASSET_GRID_COLS, AssetCard } from '../../components/assets/asset-card.tsx';
import { AssetPreview } from '../../components/assets/asset-preview.tsx';
import { AssetTypeFilter } from '../../components/assets/asset-type-filter.tsx';
import { useTheme } from './api/get-themes.ts';
import { useSetThemeAssets, useThemeAssets } from './api/theme-assets.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useActingFor, useSession } from '../../session/session.tsx';
import { routeId } from '../../lib/route-id.ts';
import { ThemeHeading } from './components/theme-heading.tsx';
import { AssetGridSkeleton } from '../../components/assets/asset-list-states.tsx';
import { CardGrid } from '../../components/list/card-grid.tsx';
import { ListView } from '../../components/list/list-view.tsx';

const flatten = (grouped: ThemeAssetsGrouped): Asset[] => ASSET_TYPES.flatMap((type) => grouped[type]);

/**
 * /theme-assets/:themeId (spec §2, moderator): the theme's assets by type, and the shared library to
 * attach or detach them with a checkbox each. Nothing is sent until Save, which sends the whole set.
 * Two areas meet here (themes and the asset library), so the screen is put together in the app.
 */
export function ThemeAssetsPage() {
  const { t } = useTranslation();
  const { id: themeId, bad } = routeId(useParams().themeId);
  const acting = useActingFor('themes.manage');
  const theme = useTheme(themeId);
  const attached = useThemeAssets(themeId);
  const save = useSetThemeAssets(themeId ?? 0);
  const [type, setType] = useState<AssetType | null>(null);
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const { held } = useSession();
  const library = useAssets({ type, term: debounced }, rolesMay(held, 'assets.read'));
  // The chosen assets, kept with their details so that they show whatever the library's filter.
  const [selection, setSelection] = useState<Map<number, Asset> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (selection === null && attached.data) {
    setSelection(new Map(flatten(attached.data).map((asset) => [asset.id, asset])));
  }
  const baseline = useMemo(
    () => new Set(attached.data ? flatten(attached.data).map((asset) => asset.id) : []),
    [attached.data],
  );
  const chosen = selection ?? new Map<number, Asset>();
  const dirty = chosen.size !== baseline.size || [...chosen.keys()].some((id) => !baseline.has(id));
  const readOnly = !acting || (theme.data !== undefined && theme.data.workspace_id !== acting.workspace_id);

  const toggle = (asset: Asset, on: boolean) => {
    setFailure(null);
    setSelection((current) => {
      const next = new Map(current);
      if (on) next.set(asset.id, asset);
      else next.delete(asset.id);
      return next;
    });
  };

  const submit = async () => {
    setFailure(null);
    try {
      await save.mutateAsync([...chosen.keys()]);
      notifySuccess(t('themeAssets.saved', { name: theme.data?.name ?? '' }));
    } catch (error) {
      setFailure(errorTextOf(error));
    }
  };

  const discard = () => {
    setFailure(null);
    setSelection(attached.data ? new Map(flatten(attached.data).map((asset) => [asset.id, asset])) : null);
  };

  // No id in the address: the themes list is where one is chosen.
  // A bad id names no theme; no id at all: the themes list is where one is chosen.
  if (bad) return <Navigate to="/not-found" replace />;
  if (themeId === null) return <Navigate to="/themes" replace />;
  if (theme.isError || attached.isError) {
    return (
      <Stack gap="md">
        <ThemeHeading theme={undefined} back="/themes" backLabel={t('themeAssets.back')} />
        <Alert color="red" role="alert">
          {t('themeAssets.notFound')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <ThemeHeading theme={theme.data} back="/themes?tab=interests" backLabel={t('themeAssets.back')} />
        {!readOnly && (
          <Group gap="sm">
            {dirty && (
              <Group gap={4} role="status">
                <IconPointFilled size={16} color="var(--mantine-color-orange-7)" aria-hidden />
                <Text size="sm" fw={600}>
                  {t('themeAssets.unsaved')}
                </Text>
              </Group>
            )}
            <Button variant="default" onClick={discard} disabled={!dirty || save.isPending}>
              {t('themeAssets.discard')}
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => void submit()}
              loading={save.isPending}
              disabled={!dirty}
            >
              {t('themeAssets.save')}
            </Button>
          </Group>
        )}
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {readOnly && theme.data && (
        <Alert color="blue" variant="light">
          {t('themeAssets.sharedReadOnly', { project: theme.data.workspace_title })}
        </Alert>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="attached-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="attached-title">
            {t('themeAssets.attached', { count: chosen.size })}
          </Title>
          {selection === null ? (
            <Skeleton height={80} />
          ) : chosen.size === 0 ? (
            <Text c="gray.7">{t(readOnly ? 'themeAssets.noneReadOnly' : 'themeAssets.none')}</Text>
          ) : (
            groupByType([...chosen.values()]).map(([group, items]) => (
              <Stack key={group} gap={6}>
                <Text fw={700} size="sm">
                  {t(`assets.group.${group}`)}
                </Text>
                <Group gap="xs">
                  {items
                    .sort((a, b) => a.name.localeCompare(b.name))
                    .map((asset) => (
                      <Paper key={asset.id} withBorder radius="md" p={4} pr={readOnly ? 'sm' : 4}>
                        <Group gap="xs" wrap="nowrap">
                          <div style={{ width: 56 }}>
                            <AssetPreview
                              fileUrl={asset.files[0]?.file_url ?? null}
                              type={asset.type}
                              name={asset.name}
                              height={40}
                              compact
                            />
                          </div>
                          <Text size="sm" fw={600}>
                            {asset.name}
                          </Text>
                          {!readOnly && (
                            <CloseButton
                              size="sm"
                              onClick={() => toggle(asset, false)}
                              aria-label={t('themeAssets.detach', { name: asset.name })}
                            />
                          )}
                        </Group>
                      </Paper>
                    ))}
                </Group>
              </Stack>
            ))
          )}
        </Stack>
      </Paper>

      {!readOnly && (
        <Stack gap="sm" component="section" aria-labelledby="library-title">
          <Stack gap={2}>
            <Title order={2} size="h3" id="library-title">
              {t('themeAssets.library')}
            </Title>
            <Text c="gray.7" size="sm">
              {t('themeAssets.libraryHint')}
            </Text>
          </Stack>
          <Group gap="sm">
            <SearchInput label={t('assets.search')} value={term} onChange={setTerm} width={280} />
            <AssetTypeFilter value={type} onChange={setType} />
          </Group>
          <ListView
            query={library}
            failed={t('assets.loadFailed')}
            loading={<AssetGridSkeleton />}
            empty={t(debounced || type ? 'assets.noMatches' : 'themeAssets.libraryEmpty')}
          >
            {(rows) => (
              <CardGrid
                cols={ASSET_GRID_COLS}
                items={rows}
                card={(asset) => (
                  <AssetCard
                    key={asset.id}
                    asset={asset}
                    selected={chosen.has(asset.id)}
                    control={
                      <Checkbox
                        checked={chosen.has(asset.id)}
                        onChange={(event) => toggle(asset, event.currentTarget.checked)}
                        aria-label={t('themeAssets.attach', { name: asset.name })}
                        disabled={selection === null}
                      />
                    }
                  />
                )}
              />
            )}
          </ListView>
        </Stack>
      )}
    </Stack>
  );
}

export default ThemeAssetsPage;
