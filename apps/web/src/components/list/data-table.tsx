import { Group, Paper, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** One column of a table: its header and what each row shows in it. */
export interface Column<T> {
  /** Unique in the table; the key the server sorts by when the column is `sortable`. */
  key: string;
  header: ReactNode;
  /** The header is for screen readers only (a column of row actions). */
  hiddenHeader?: boolean;
  cell(row: T): ReactNode;
  sortable?: boolean;
  /** The sort button's accessible name, where the header alone does not say what it does. */
  sortLabel?: string;
  /** Figures line up on the right. */
  numeric?: boolean;
  /** The cell's text stays on one line (times, dates, short links). */
  nowrap?: boolean;
  width?: number;
  /** Left out (a role that may not use it, a list that does not need it). */
  hidden?: boolean;
}

/** The column a list is sorted by, its direction, and what choosing a column does. */
export interface TableSort {
  by: string;
  order: 'asc' | 'desc';
  onSort(by: string): void;
}

/** Rows shown under headings of their own (the lessons of a week, by day). */
export interface RowGroups<T> {
  of(row: T): string;
  heading(group: string): ReactNode;
}

/** Rows by their group, in the order the groups first appear. */
function groupRows<T>(rows: readonly T[], of: (row: T) => string): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) grouped.set(of(row), [...(grouped.get(of(row)) ?? []), row]);
  return grouped;
}

const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** Whether a click landed on a control of its own inside a row (a link, a button, a switch). */
const onControl = (event: MouseEvent) =>
  event.target instanceof Element &&
  event.target.closest('a, button, input, label, [role="menuitem"]') !== null;

/** What a table shows and how: its rows, its columns, and how a row behaves. */
export interface DataTableProps<T> {
  rows: readonly T[];
  rowKey(row: T): string | number;
  columns: Column<T>[];
  /** The table's accessible name. */
  label?: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** In a bordered frame (a list standing alone on its screen). */
  framed?: boolean;
  striped?: boolean;
  highlightOnHover?: boolean;
  spacing?: 'xs' | 'sm';
  sort?: TableSort;
  rowLink?(row: T): string;
  /** Attributes of a row (`data-*` that tests and styles find it by). */
  rowProps?(row: T): Record<string, string | boolean>;
  groups?: RowGroups<T>;
}

/**
 * A list as a table: the columns each list declares, sortable headers where the list sorts, and a
 * row that opens its object when `rowLink` says where (the row's own link stays the way for the
 * keyboard and screen readers; a click on any other control of the row does only that).
 */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  label,
  minWidth,
  framed = false,
  striped = true,
  highlightOnHover = false,
  spacing = 'sm',
  sort,
  rowLink,
  rowProps,
  groups,
}: DataTableProps<T>) {
  const navigate = useNavigate();
  const shown = columns.filter((column) => !column.hidden);

  const header = (column: Column<T>) => {
    const hidden = column.hiddenHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header;
    if (!column.sortable || !sort) {
      return (
        <Table.Th key={column.key} w={column.width} ta={column.numeric ? 'right' : undefined}>
          {hidden}
        </Table.Th>
      );
    }
    const current = sort.by === column.key;
    // The sorted column shows its direction; the others that they sort.
    const Arrow = !current ? IconSelector : sort.order === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th
        key={column.key}
        w={column.width}
        ta={column.numeric ? 'right' : undefined}
        aria-sort={current ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <UnstyledButton
          onClick={() => sort.onSort(column.key)}
          fw={700}
          fz="sm"
          aria-label={column.sortLabel}
        >
          <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : undefined}>
            {column.header}
            <Arrow size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  const row = (item: T) => {
    const link = rowLink?.(item);
    return (
      <Table.Tr
        key={rowKey(item)}
        {...rowProps?.(item)}
        style={link ? { cursor: 'pointer' } : undefined}
        onClick={
          link
            ? (event: MouseEvent) => {
                if (!onControl(event)) void navigate(link);
              }
            : undefined
        }
      >
        {shown.map((column) => (
          <Table.Td
            key={column.key}
            style={column.nowrap ? NOWRAP : undefined}
            ta={column.numeric ? 'right' : undefined}
          >
            {column.cell(item)}
          </Table.Td>
        ))}
      </Table.Tr>
    );
  };

  const bodies = groups ? (
    [...groupRows(rows, groups.of)].map(([group, ofGroup]) => (
      <Table.Tbody key={group}>
        <Table.Tr bg="gray.0">
          <Table.Th colSpan={shown.length} scope="colgroup">
            {groups.heading(group)}
          </Table.Th>
        </Table.Tr>
        {ofGroup.map(row)}
      </Table.Tbody>
    ))
  ) : (
    <Table.Tbody>{rows.map(row)}</Table.Tbody>
  );

  const table = (
    <Table striped={striped} highlightOnHover={highlightOnHover} verticalSpacing={spacing} aria-label={label}>
      <Table.Thead>
        <Table.Tr>{shown.map(header)}</Table.Tr>
      </Table.Thead>
      {bodies}
    </Table>
  );
  const scrolled = minWidth ? (
    <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
  ) : (
    table
  );
  return framed ? (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      {scrolled}
    </Paper>
  ) : (
    scrolled
  );
}

/**
 * A list's sort kept in state: choosing the sorted column turns its direction, another column
 * sorts by it ascending.
 */
export function nextSort(current: { by: string; order: 'asc' | 'desc' }, by: string) {
  return { by, order: current.by === by && current.order === 'asc' ? ('desc' as const) : ('asc' as const) };
}
