import type { Category, CategoryPlace } from '@logoschool/contract';
import { ActionIcon, Box, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconFolder,
  IconFolderOpen,
  IconGripVertical,
  IconTag,
} from '@tabler/icons-react';
import {
  useCallback,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type DragEvent,
  type HTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  dropZoneAt,
  findCategory,
  placesOf,
  planDrop,
  siblingPosition,
  type DropZone,
} from '../tree-moves.ts';
import { CategoryRowMenu } from './category-row-menu.tsx';

/** What a moderator can do from the tree; the read-only view has none. */
export interface TreeActions {
  add(parent: Category): void;
  edit(category: Category): void;
  remove(category: Category): void;
  moveInto(category: Category): void;
  /** Sends the bulk items of a move of `category` (a drop or a step up or down). */
  move(category: Category, items: CategoryPlace[]): void;
  /** A move is on its way: the tree takes no other until the server answers. */
  busy: boolean;
}

/** Which categories are collapsed; everything starts open, so that a new category is seen at once. */
export function useCollapsed() {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback(
    (id: number) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const expand = useCallback(
    (id: number) =>
      setCollapsed((current) => {
        if (!current.has(id)) return current;
        const next = new Set(current);
        next.delete(id);
        return next;
      }),
    [],
  );
  const collapseAll = useCallback((ids: number[]) => setCollapsed(new Set(ids)), []);
  const expandAll = useCallback(() => setCollapsed(new Set()), []);
  return { collapsed, toggle, expand, collapseAll, expandAll };
}

/** The row being dropped on and where. */
interface DropTarget {
  id: number;
  zone: DropZone;
}

/** Pixels each level of the tree is indented by. */
const INDENT = 28;

const listStyle: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

const DROP_COLOUR = 'var(--mantine-color-blue-9)';

/** A row a drop would land inside: tinted and outlined. */
const insideStyle: CSSProperties = {
  background: 'var(--mantine-color-blue-0)',
  outline: `2px dashed ${DROP_COLOUR}`,
  outlineOffset: -2,
};

/**
 * The line where a drop before or after a row would land. It starts at the row's level, so that
 * the line also says how deep the category will be.
 */
function DropLine({ zone, depth }: { zone: 'before' | 'after'; depth: number }) {
  return (
    <Box
      aria-hidden
      style={{
        position: 'absolute',
        left: 8 + depth * INDENT,
        right: 8,
        [zone === 'before' ? 'top' : 'bottom']: -2,
        height: 4,
        borderRadius: 2,
        background: DROP_COLOUR,
        pointerEvents: 'none',
        zIndex: 1,
      }}
    />
  );
}

interface CategoryTreeProps {
  tree: Category[];
  collapsed: ReadonlySet<number>;
  onToggle(id: number): void;
  /** Editing, drag and drop and the row menus; absent for the read-only view. */
  actions?: TreeActions;
}

/**
 * A project's categories as an indented tree of nested lists, each level collapsible. With
 * `actions`, rows are dragged with native drag and drop: the upper quarter of a row puts the
 * category before it, the lower quarter after it, the middle inside it; a drop into the category's
 * own subtree is refused before anything is sent. The row menu offers the same moves by keyboard.
 */
export function CategoryTree({ tree, collapsed, onToggle, actions }: CategoryTreeProps) {
  const { t } = useTranslation();
  const places = useMemo(() => placesOf(tree), [tree]);
  // The handlers read the ref, which is set before the first dragover even if React has not
  // rendered yet; the state only dims the dragged row.
  const draggedRef = useRef<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [target, setTarget] = useState<DropTarget | null>(null);

  const endDrag = () => {
    draggedRef.current = null;
    setDragged(null);
    setTarget(null);
  };

  const zoneOf = (event: DragEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return dropZoneAt(event.clientY - rect.top, rect.height);
  };

  const dragHandlers = (category: Category): HTMLAttributes<HTMLDivElement> => {
    if (!actions || actions.busy) return {};
    return {
      draggable: true,
      onDragStart: (event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(category.id));
        draggedRef.current = category.id;
        setDragged(category.id);
      },
      onDragOver: (event) => {
        const moving = draggedRef.current;
        if (moving === null) return;
        const zone = zoneOf(event);
        if (!planDrop(places, moving, category.id, zone)) {
          if (target) setTarget(null);
          return;
        }
        // Only a drop the tree accepts is allowed: elsewhere the browser shows "no drop".
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (target?.id !== category.id || target.zone !== zone) setTarget({ id: category.id, zone });
      },
      onDrop: (event) => {
        event.preventDefault();
        const moving = draggedRef.current;
        const moved = moving === null ? undefined : findCategory(tree, moving);
        const items = moved ? planDrop(places, moved.id, category.id, zoneOf(event)) : null;
        endDrag();
        if (moved && items) actions.move(moved, items);
      },
      onDragEnd: endDrag,
    };
  };

  const renderLevel = (nodes: Category[], depth: number) =>
    nodes.map((category) => {
      const open = !collapsed.has(category.id);
      const hasChildren = category.children.length > 0;
      const FolderIcon = open && hasChildren ? IconFolderOpen : IconFolder;
      const zone = target?.id === category.id ? target.zone : undefined;
      return (
        <li key={category.id}>
          <Box
            data-category-row={category.id}
            {...dragHandlers(category)}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              position: 'relative',
              minHeight: 44,
              padding: '6px 8px',
              paddingLeft: 8 + depth * INDENT,
              borderBottom: '1px solid var(--mantine-color-gray-2)',
              cursor: actions && !actions.busy ? 'grab' : undefined,
              opacity: dragged === category.id ? 0.5 : 1,
              ...(zone === 'inside' ? insideStyle : {}),
            }}
          >
            {(zone === 'before' || zone === 'after') && <DropLine zone={zone} depth={depth} />}
            {actions && <IconGripVertical size={16} color="var(--mantine-color-gray-6)" aria-hidden />}
            {hasChildren ? (
              <ActionIcon
                variant="subtle"
                color="gray.7"
                size="md"
                aria-expanded={open}
                aria-label={t(open ? 'categories.collapse' : 'categories.expand', { name: category.name })}
                onClick={() => onToggle(category.id)}
              >
                {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
              </ActionIcon>
            ) : (
              <Box w={28} style={{ flexShrink: 0 }} />
            )}
            {category.is_folder ? (
              <FolderIcon
                size={20}
                color="var(--mantine-color-blue-9)"
                aria-hidden
                style={{ flexShrink: 0 }}
              />
            ) : (
              <IconTag size={20} color="var(--mantine-color-gray-7)" aria-hidden style={{ flexShrink: 0 }} />
            )}
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text fw={category.is_folder ? 700 : 500} data-category-name>
                {category.name}
                {category.is_folder && <VisuallyHidden>{` (${t('categories.folder')})`}</VisuallyHidden>}
              </Text>
              {category.description && (
                <Text size="sm" c="dimmed" lineClamp={2} title={category.description}>
                  {category.description}
                </Text>
              )}
            </Box>
            {actions && (
              <CategoryRowMenu
                category={category}
                position={siblingPosition(places, category.id)}
                places={places}
                actions={actions}
              />
            )}
          </Box>
          {open && hasChildren && (
            <ul style={listStyle} aria-label={t('categories.childrenOf', { name: category.name })}>
              {renderLevel(category.children, depth + 1)}
            </ul>
          )}
        </li>
      );
    });

  return (
    <ul
      style={listStyle}
      aria-label={t('categories.treeLabel')}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setTarget(null);
      }}
    >
      {renderLevel(tree, 0)}
    </ul>
  );
}

/** Rows of grey bars while the tree loads. */
export function TreeSkeleton() {
  const { t } = useTranslation();
  const rows = [
    [0, '40%'],
    [1, '55%'],
    [1, '35%'],
    [2, '45%'],
    [0, '30%'],
  ] as const;
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('app.loading')} role="status">
      {rows.map(([depth, width], index) => (
        <Skeleton key={index} height={28} width={width} ml={depth * INDENT} radius="sm" />
      ))}
    </Stack>
  );
}
