import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list reordered by dragging its items' handles (dnd-kit: pointer, and the keyboard on the
 * handle: Space, arrows, Space) and by each item's move up/down buttons. `onMove` gets the indexes.
 */
export function SortableList({
  ids,
  onMove,
  children,
}: {
  ids: string[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ screenReaderInstructions: { draggable: t('versions.dragInstructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** The move buttons: one place up, one down. */
const STEPS = [
  { label: 'versions.moveUp', by: -1, Icon: IconArrowUp },
  { label: 'versions.moveDown', by: 1, Icon: IconArrowDown },
] as const;

/** What an item's move controls need: its place, the list's length, the mover and its name for the labels. */
export interface MoveProps {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  /** What the item is called in the buttons' labels ("Question 2"). */
  name: string;
}

/** One sortable item; `children` gets the move controls (drag handle, up, down) to place. */
export function SortableItem({
  id,
  move,
  children,
}: {
  id: string;
  move: MoveProps;
  children: (controls: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id,
    });
  const { index, count, onMove, name } = move;
  const controls = (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        aria-label={t('versions.drag', { name })}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={16} />
      </ActionIcon>
      {STEPS.map(({ label, by, Icon }) => (
        <ActionIcon
          key={label}
          variant="subtle"
          color="gray"
          aria-label={t(label, { name })}
          disabled={index + by < 0 || index + by >= count}
          onClick={() => onMove(index, index + by)}
        >
          <Icon size={16} />
        </ActionIcon>
      ))}
    </Group>
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 3 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      {children(controls)}
    </div>
  );
}
