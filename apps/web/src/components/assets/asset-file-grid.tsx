import type { AssetFile } from '@logoschool/contract';
import { Button, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useApiFileUrl } from '../../api/file-url.ts';

/** One file of a library asset offered to pick, with the asset's name. */
export interface AssetFileOption {
  name: string;
  file: Pick<AssetFile, 'id' | 'kind' | 'file_url'>;
}

const frame = {
  border: '1px solid var(--mantine-color-gray-3)',
  borderRadius: 'var(--mantine-radius-sm)',
  padding: 4,
};
const chosenFrame = {
  ...frame,
  borderColor: 'var(--mantine-color-blue-7)',
  boxShadow: '0 0 0 1px var(--mantine-color-blue-7)',
};

/**
 * One asset file as something to pick: an image is a button showing it; a sound is its player with
 * a button beside it. `selected` (a choice kept on, as a theme's characters) presses the button.
 */
function AssetFileChoice({
  option,
  label,
  selected,
  onPick,
}: {
  option: AssetFileOption;
  label: string;
  selected?: boolean;
  onPick: () => void;
}) {
  const file = useApiFileUrl(option.file.file_url);
  const pressed = selected === undefined ? {} : { 'aria-pressed': selected };
  if (option.file.kind === 'sound') {
    return (
      <Stack gap={4} style={selected ? chosenFrame : frame}>
        <Text size="xs" lineClamp={1}>
          {option.name}
        </Text>
        {file.data ? (
          <audio
            controls
            src={file.data}
            preload="metadata"
            aria-label={option.name}
            style={{ width: '100%' }}
          />
        ) : (
          <Loader size="xs" />
        )}
        <Button size="compact-xs" variant="default" aria-label={label} onClick={onPick} {...pressed}>
          {label}
        </Button>
      </Stack>
    );
  }
  return (
    <UnstyledButton onClick={onPick} aria-label={label} style={selected ? chosenFrame : frame} {...pressed}>
      <Stack gap={4} align="center">
        {file.data ? (
          <img src={file.data} alt="" style={{ width: '100%', height: 80, objectFit: 'contain' }} />
        ) : (
          <Loader size="xs" />
        )}
        <Text size="xs" lineClamp={1}>
          {option.name}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

/**
 * Library asset files to pick from, in a grid (a slide's image, a game's picture or sound, a game
 * theme's characters): each named for its button by `labelOf`; `selectedOf` marks the ones chosen.
 */
export function AssetFileGrid({
  options,
  labelOf,
  selectedOf,
  onPick,
  cols = { base: 2, sm: 4 },
}: {
  options: readonly AssetFileOption[];
  labelOf: (option: AssetFileOption) => string;
  selectedOf?: (option: AssetFileOption) => boolean;
  onPick: (option: AssetFileOption) => void;
  cols?: { base: number; sm: number };
}) {
  return (
    <SimpleGrid cols={cols}>
      {options.map((option) => (
        <AssetFileChoice
          key={option.file.id}
          option={option}
          label={labelOf(option)}
          selected={selectedOf?.(option)}
          onPick={() => onPick(option)}
        />
      ))}
    </SimpleGrid>
  );
}
