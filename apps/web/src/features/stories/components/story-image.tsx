import { storyFileUrl } from '@logoschool/contract';
import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApiFileUrl } from '../../../api/file-url.ts';
import { useActingFor } from '../../../session/session.tsx';

/** A story file's image (fetched with the token), filling its box with its proportions kept. */
export function StoryImage({
  fileId,
  alt,
  height,
  dark = false,
}: {
  fileId: number | null;
  alt: string;
  height: number | string;
  dark?: boolean;
}) {
  const { t } = useTranslation();
  const acting = useActingFor('stories.read');
  const url = fileId !== null && acting ? storyFileUrl(acting.workspace_id, fileId) : null;
  const image = useApiFileUrl(url);
  const box = {
    height,
    background: dark ? 'var(--mantine-color-dark-8)' : 'var(--mantine-color-gray-1)',
    borderRadius: 'var(--mantine-radius-sm)',
    overflow: 'hidden',
  };
  if (url === null) {
    return (
      <Center style={box}>
        <Text size="sm" c="gray.7">
          {t('stories.noImage')}
        </Text>
      </Center>
    );
  }
  if (image.isPending) {
    return (
      <Center style={box}>
        <Loader size="sm" aria-label={t('stories.uploading')} />
      </Center>
    );
  }
  return (
    <Center style={box}>
      {image.data && (
        <img src={image.data} alt={alt} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      )}
    </Center>
  );
}
