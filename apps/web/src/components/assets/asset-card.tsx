import type { Asset } from '@logoschool/contract';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetPreview } from './asset-preview.tsx';

/** How many asset cards a row holds at each breakpoint. */
export const ASSET_GRID_COLS = { base: 2, sm: 3, md: 4, lg: 5, xl: 6 };

interface AssetCardProps {
  /** The asset: its first file is the preview; the card says how many it has. */
  asset: Pick<Asset, 'name' | 'type' | 'files'>;
  /** A control in the card's corner: a checkbox to attach, a menu of actions. */
  control?: ReactNode;
  /** Marks the card as chosen. */
  selected?: boolean;
}

/** One asset of the library as a card: its preview, name, type and number of files. */
export function AssetCard({ asset, control, selected = false }: AssetCardProps) {
  const { t } = useTranslation();
  const { name, type } = asset;
  const fileUrl = asset.files[0]?.file_url ?? null;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-asset-card={name}
      style={
        selected
          ? { borderColor: 'var(--mantine-color-blue-7)', boxShadow: '0 0 0 1px var(--mantine-color-blue-7)' }
          : undefined
      }
    >
      <Stack gap="xs">
        <AssetPreview fileUrl={fileUrl} type={type} name={name} />
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {name}
            </Text>
            <Group gap={6}>
              <Badge size="xs" color="gray.7">
                {t(`assets.type.${type}`)}
              </Badge>
              <Text size="xs" c="gray.7">
                {t('assets.fileCount', { count: asset.files.length })}
              </Text>
            </Group>
          </Stack>
          {control}
        </Group>
      </Stack>
    </Card>
  );
}
