import { Center, Loader, Text } from '@mantine/core';
import { useApiFileUrl } from '../api/file-url.ts';

/**
 * An image the API serves with the bearer token (a story's slide, a game's picture), fetched
 * through the API client and filling its box with its proportions kept; `url` null shows `empty`.
 */
export function ApiImage({
  url,
  alt,
  height,
  empty,
  loading,
  dark = false,
}: {
  /** The file's address under the API (`/api/games/files/7?workspace_id=1`), or null for none. */
  url: string | null;
  alt: string;
  height: number | string;
  /** What the box says when there is no image. */
  empty: string;
  /** The loader's name while the image comes. */
  loading: string;
  dark?: boolean;
}) {
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
          {empty}
        </Text>
      </Center>
    );
  }
  if (image.isPending) {
    return (
      <Center style={box}>
        <Loader size="sm" aria-label={loading} />
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
