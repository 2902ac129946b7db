import { Center, Loader, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiFileUrl } from '../../../api/file-url.ts';

/** How far a finger must move across the slide to turn it. */
const SWIPE_PX = 50;

/** The slide image, as large as the stage allows, with a swipe to turn it on a touch screen. */
export function SlideStage({
  title,
  fileUrl,
  slide,
  count,
  loading,
  message,
  failed,
  onForward,
  onBack,
}: {
  title: string;
  fileUrl: string | null;
  slide: number;
  count: number;
  loading: boolean;
  message: string | null;
  failed: boolean;
  onForward: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const image = useApiFileUrl(fileUrl);
  const touch = useRef<number | null>(null);
  let content;
  if (loading || (fileUrl !== null && image.isPending)) {
    content = <Loader aria-label={t('player.slidesLoading')} />;
  } else if (fileUrl === null || failed || image.isError || !image.data) {
    content = (
      <Stack align="center" gap="xs" p="lg">
        <Text c="white" fw={600} ta="center">
          {title}
        </Text>
        <Text c="gray.3" ta="center">
          {fileUrl === null ? (message ?? t('player.noSlides')) : t('player.slideFailed')}
        </Text>
      </Stack>
    );
  } else {
    content = (
      <img
        src={image.data}
        alt={t('player.slideAlt', { title, index: slide + 1, total: count })}
        // The whole stage, the slide's proportions kept: a slide smaller than the stage grows to it.
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
      />
    );
  }
  return (
    <Center
      bg="dark.8"
      style={{
        position: 'relative',
        flex: 1,
        minHeight: 'min(60dvh, 640px)',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        touchAction: 'pan-y',
      }}
      onTouchStart={(event) => {
        touch.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event) => {
        const start = touch.current;
        const end = event.changedTouches[0]?.clientX;
        touch.current = null;
        if (start === null || end === undefined) return;
        if (end - start <= -SWIPE_PX) onForward();
        else if (end - start >= SWIPE_PX) onBack();
      }}
    >
      {content}
    </Center>
  );
}
