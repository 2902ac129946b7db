import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_GRID_COLS } from './asset-card.tsx';

/** Asset cards to come, while a list of assets loads. */
export function AssetGridSkeleton() {
  return (
    <SimpleGrid cols={ASSET_GRID_COLS} aria-hidden>
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} height={190} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** A list of assets that could not be read, with a way to try again. */
export function AssetsLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('assets.loadFailed')}>
      <Button size="xs" variant="default" onClick={onRetry}>
        {t('errors.tryAgain')}
      </Button>
    </Alert>
  );
}

/** A list of assets with nothing in it: the reason, under a picture. */
export function AssetsEmpty({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <IconPhoto size={40} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
        <Text c="gray.7" ta="center" maw={400}>
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}
