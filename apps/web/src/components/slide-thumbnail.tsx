import { Center, Image, Paper } from '@mantine/core';
import { IconPresentation } from '@tabler/icons-react';
import { useApiFileUrl } from '../api/file-url.ts';

const WIDTH = 96;
const HEIGHT = 54;

/**
 * A deck's first slide, small, as the exercise lists and a lesson's blocks show it (its image is read
 * with the bearer token); a plain frame while the deck has no rendered slide or the image cannot be
 * read. Decorative: the title beside it names the exercise.
 */
export function SlideThumbnail({ url }: { url: string | null }) {
  const image = useApiFileUrl(url);
  if (image.data)
    return (
      <Image
        src={image.data}
        alt=""
        w={WIDTH}
        h={HEIGHT}
        fit="cover"
        radius="sm"
        style={{ border: '1px solid var(--mantine-color-gray-4)', flexShrink: 0 }}
      />
    );
  return (
    <Paper withBorder w={WIDTH} h={HEIGHT} radius="sm" bg="gray.0" style={{ flexShrink: 0 }}>
      <Center h="100%">
        <IconPresentation size={22} color="var(--mantine-color-gray-6)" aria-hidden />
      </Center>
    </Paper>
  );
}
