import { SimpleGrid, Skeleton } from '@mantine/core';
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
