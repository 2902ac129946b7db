import { DataTable, type DataTableProps } from './data-table.tsx';
import { ListView, type ListViewProps } from './list-view.tsx';

/**
 * The usual list: a query's rows as a table, in `ListView`'s states (loading, failed with "Try
 * again", empty, pages). Takes `ListView`'s props and `DataTable`'s but the rows.
 */
export function ListTable<T>({
  query,
  failed,
  empty,
  loading,
  paging,
  ...table
}: Omit<ListViewProps<T>, 'children'> & Omit<DataTableProps<T>, 'rows'>) {
  return (
    <ListView query={query} failed={failed} empty={empty} loading={loading} paging={paging}>
      {(rows) => <DataTable rows={rows} {...table} />}
    </ListView>
  );
}
