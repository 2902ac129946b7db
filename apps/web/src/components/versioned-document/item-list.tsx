import { ActionIcon, Button, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableItem, SortableList } from './sortable.tsx';

/** What an item gets to place: its move controls (handle, up, down) and its remove button. */
export interface ItemControls {
  move: ReactNode;
  /** null when the list may not lose another item. */
  remove: ReactNode;
}

/**
 * A document's list of items (blocks, questions, variants…) edited in place (decision 030): each
 * item moved by dragging its handle or by the keyboard (Space, arrows, Space), or by its up and
 * down buttons; removed down to `min`; added up to `max`. The area draws each item with the
 * controls it gets, and names it for the buttons' labels ("Move block 2 up").
 */
export function ItemList<Item>({
  items,
  idOf,
  nameOf,
  onMove,
  onRemove,
  min = 0,
  add,
  error,
  gap = 'md',
  children,
}: {
  items: readonly Item[];
  idOf: (item: Item) => string;
  /** The item's name in the controls' labels. */
  nameOf: (index: number) => string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  min?: number;
  /** The add button; absent when the area adds elsewhere. */
  add?: { label: string; max: number; onAdd: () => void; compact?: boolean };
  /** The list's own error (too few items), under it. */
  error?: ReactNode;
  gap?: string | number;
  children: (item: Item, index: number, controls: ItemControls) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={gap}>
      <SortableList ids={items.map(idOf)} onMove={onMove}>
        {items.map((item, index) => {
          const name = nameOf(index);
          const remove =
            items.length > min ? (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('versions.remove', { name })}
                onClick={() => onRemove(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ) : null;
          return (
            <SortableItem
              key={idOf(item)}
              id={idOf(item)}
              move={{ index, count: items.length, onMove, name }}
            >
              {(move) => children(item, index, { move, remove })}
            </SortableItem>
          );
        })}
      </SortableList>
      {error !== undefined && error !== null && error !== false && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {add && (
        <Button
          variant={add.compact ? 'subtle' : 'default'}
          size={add.compact ? 'compact-sm' : 'sm'}
          w="fit-content"
          leftSection={<IconPlus size={add.compact ? 14 : 16} />}
          disabled={items.length >= add.max}
          onClick={add.onAdd}
        >
          {add.label}
        </Button>
      )}
    </Stack>
  );
}
