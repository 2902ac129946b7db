import { assetFileKind, type AssetType } from '@logoschool/contract';
import { Center, Skeleton } from '@mantine/core';
import { IconMusic, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApiFileUrl } from '../../api/file-url.ts';

interface AssetPreviewProps {
  /** The file's `file_url`, or null for an asset without files. */
  fileUrl: string | null;
  type: AssetType;
  /** The asset's name: the image's text alternative, the player's label. */
  name: string;
  height?: number;
  /** A small picture beside the name: a sound shows its icon instead of a player, the image no text. */
  compact?: boolean;
}

/**
 * What an asset file looks or sounds like: the image, or a player for a sound. A missing or
 * unreadable file shows a placeholder.
 */
export function AssetPreview({ fileUrl, type, name, height = 120, compact = false }: AssetPreviewProps) {
  const { t } = useTranslation();
  const sound = assetFileKind(type) === 'sound';
  // A compact sound has nothing to show but its icon: its file is not fetched.
  const file = useApiFileUrl(compact && sound ? null : fileUrl);
  const frame = {
    h: height,
    bg: 'gray.1',
    style: { borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' },
  } as const;
  if (file.isLoading) return <Skeleton height={height} radius="sm" />;
  if (!file.data) {
    // Compact previews sit beside the asset's name, which says it already.
    const named = compact
      ? { 'aria-hidden': true }
      : { 'aria-label': t('assets.noPreview', { name }), role: 'img' };
    return (
      <Center {...frame} {...named}>
        {sound ? (
          <IconMusic size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
        ) : (
          <IconPhotoOff size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
        )}
      </Center>
    );
  }
  if (sound) {
    return (
      <Center {...frame} px="xs" style={{ ...frame.style, flexDirection: 'column', gap: 8 }}>
        <IconMusic size={28} stroke={1.5} color="var(--mantine-color-gray-7)" aria-hidden />
        <audio
          controls
          src={file.data}
          preload="metadata"
          aria-label={t('assets.listen', { name })}
          style={{ width: '100%' }}
        />
      </Center>
    );
  }
  return (
    <Center {...frame}>
      <img
        src={file.data}
        alt={compact ? '' : name}
        style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
      />
    </Center>
  );
}
