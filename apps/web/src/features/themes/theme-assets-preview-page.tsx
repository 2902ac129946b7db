import { ASSET_TYPES } from '@logoschool/contract';
import { Alert, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ASSET_GRID_COLS, AssetCard } from '../../components/assets/asset-card.tsx';
import { useTheme } from './api/get-themes.ts';
import { useThemeAssets } from './api/theme-assets.ts';
import { routeId } from '../../lib/route-id.ts';
import { ThemeHeading } from './components/theme-heading.tsx';
import { AssetGridSkeleton } from '../../components/assets/asset-list-states.tsx';
import { CardGrid } from '../../components/list/card-grid.tsx';
import { ListEmpty } from '../../components/list/list-view.tsx';

/**
 * /theme-assets-preview/:themeId (spec §2, teacher): a theme's assets by type, to look at and
 * listen to; nothing to change. Put together in the app: it shows the asset library's cards.
 */
export function ThemeAssetsPreviewPage() {
  const { t } = useTranslation();
  const { id: themeId, bad } = routeId(useParams().themeId);
  const theme = useTheme(themeId);
  const assets = useThemeAssets(themeId);
  const back = (
    <ThemeHeading theme={theme.data} back="/preview-themes" backLabel={t('themeAssets.backPreview')} />
  );

  // A bad id names no theme; no id at all: the themes list is where one is chosen.
  if (bad) return <Navigate to="/not-found" replace />;
  if (themeId === null) return <Navigate to="/preview-themes" replace />;
  if (theme.isError || assets.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" role="alert">
          {t('themeAssets.notFound')}
        </Alert>
      </Stack>
    );
  }
  const groups = assets.data ? ASSET_TYPES.filter((type) => assets.data[type].length > 0) : [];
  return (
    <Stack gap="lg">
      {back}
      {assets.isPending ? (
        <AssetGridSkeleton />
      ) : groups.length === 0 ? (
        <ListEmpty icon={IconPhoto}>{t('themeAssets.noneReadOnly')}</ListEmpty>
      ) : (
        <CardGrid
          cols={ASSET_GRID_COLS}
          sections={groups.map((type) => [type, t(`assets.group.${type}`), assets.data?.[type] ?? []])}
          card={(asset) => <AssetCard key={asset.id} asset={asset} />}
        />
      )}
    </Stack>
  );
}

export default ThemeAssetsPreviewPage;
