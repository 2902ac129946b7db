import { ASSET_TYPES } from '@logoschool/contract';
import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';

import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ASSET_GRID_COLS, AssetCard } from '../../components/assets/asset-card.tsx';
import { useTheme } from './api/get-themes.ts';
import { useThemeAssets } from './api/theme-assets.ts';
import { routeId } from '../../lib/route-id.ts';
import { ThemeHeading } from './components/theme-heading.tsx';
import { AssetGridSkeleton, AssetsEmpty } from '../../components/assets/asset-list-states.tsx';

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
        <AssetsEmpty>{t('themeAssets.noneReadOnly')}</AssetsEmpty>
      ) : (
        groups.map((type) => (
          <Stack key={type} gap="xs" component="section" aria-labelledby={`preview-${type}`}>
            <Title order={2} size="h4" id={`preview-${type}`}>
              {t(`assets.group.${type}`)}
            </Title>
            <SimpleGrid cols={ASSET_GRID_COLS}>
              {(assets.data?.[type] ?? []).map((asset) => (
                <AssetCard
                  key={asset.id}
                  name={asset.name}
                  type={asset.type}
                  fileUrl={asset.files[0]?.file_url ?? null}
                  fileCount={asset.files.length}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))
      )}
    </Stack>
  );
}

export default ThemeAssetsPreviewPage;
