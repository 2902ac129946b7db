import { SimpleGrid, Stack, Title, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of a grid: its key (unique on the screen), its heading and its items. */
export type GridSection<T> = [key: string, heading: ReactNode, items: readonly T[]];

/**
 * A list as cards (pictures, sounds): the cards in a grid, or, with `sections`, one headed section
 * each (a library by type), each section named by its heading.
 */
export function CardGrid<T>({
  items,
  sections,
  card,
  cols,
}: {
  cols: SimpleGridProps['cols'];
  card(item: T): ReactNode;
} & ({ items: readonly T[]; sections?: never } | { sections: GridSection<T>[]; items?: never })) {
  if (items) return <SimpleGrid cols={cols}>{items.map(card)}</SimpleGrid>;
  return sections.map(([key, heading, ofSection]) => (
    <Stack key={key} gap="xs" component="section" aria-labelledby={`grid-${key}`}>
      <Title order={2} size="h4" id={`grid-${key}`}>
        {heading}
      </Title>
      <SimpleGrid cols={cols}>{ofSection.map(card)}</SimpleGrid>
    </Stack>
  ));
}
