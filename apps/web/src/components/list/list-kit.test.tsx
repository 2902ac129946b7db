import { API, tagInput } from '@logoschool/contract';
import { TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApiPage } from '../../api/client.ts';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { DialogForm, FormDialog, useDialogForm } from '../dialog-form.tsx';
import { UrlTabs } from '../url-tabs.tsx';
import { DataTable, nextSort } from './data-table.tsx';
import { ListEmpty, ListView } from './list-view.tsx';
import { RowButtons, RowMenu } from './row-actions.tsx';
import { StatusTabs } from './status-tabs.tsx';
import { useListControls } from './use-list-controls.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

interface Row {
  id: number;
  name: string;
}

/** Where the app is: the row links' and the tabs' tests read it. */
function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="Location">{`${pathname}${search}`}</output>;
}

/** A paged list of the fake API's tags, searched, in the kit's frame. */
function TagsList() {
  const list = useListControls();
  const query = useQuery({
    queryKey: ['kit', list.search, list.page],
    queryFn: () => callApiPage<Row>(API.tags, { query: { term: list.search, page: list.page, per_page: 2 } }),
    meta: { silent: true },
  });
  return (
    <>
      <TextInput
        aria-label="Search"
        value={list.term}
        onChange={(event) => list.setTerm(event.currentTarget.value)}
      />
      <ListView
        query={query}
        failed="The tags could not be read."
        empty={
          list.narrowed ? 'Nothing matches.' : <ListEmpty hint="Add the first one.">No tags yet.</ListEmpty>
        }
        paging={list}
      >
        {(rows) => (
          <DataTable
            label="Tags"
            rows={rows}
            rowKey={(row) => row.id}
            rowLink={(row) => `/tags/${row.id}`}
            columns={[
              { key: 'name', header: 'Name', cell: (row) => row.name },
              {
                key: 'actions',
                header: 'Actions',
                hiddenHeader: true,
                cell: (row) => (
                  <RowButtons
                    actions={[
                      { label: 'Edit', name: `Edit “${row.name}”`, icon: IconPencil, to: `/edit/${row.id}` },
                    ]}
                  />
                ),
              },
            ]}
          />
        )}
      </ListView>
      <Location />
    </>
  );
}

const page = (rows: Row[], total: number, at = 1) =>
  json({ data: rows, meta: { total, page: at, per_page: 2 } });

describe('ListView', () => {
  it('says it loads, then why the list failed, and reads it again on "Try again"', async () => {
    let fail = true;
    fakeApi({
      'GET /tags': () =>
        fail ? json({ message: 'Down', code: 'internal' }, 500) : page([{ id: 1, name: 'rhymes' }], 1),
    });
    await renderInApp(<TagsList />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The tags could not be read.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table', { name: 'Tags' });
    expect(within(table).getByRole('row', { name: /rhymes/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells an empty list from a search that matches nothing', async () => {
    fakeApi({ 'GET /tags': () => page([], 0) });
    await renderInApp(<TagsList />);
    expect(await screen.findByText('No tags yet.')).toBeTruthy();
    expect(screen.getByText('Add the first one.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: ' zz ' } });
    expect(await screen.findByText('Nothing matches.')).toBeTruthy();
  });

  it('pages by the answer’s total, and a new search starts from the first page', async () => {
    const calls = fakeApi({
      'GET /tags': (call) => {
        const at = Number(call.query.get('page'));
        return page([{ id: at * 10, name: `tag ${at}` }], 5, at);
      },
    });
    await renderInApp(<TagsList />);
    await screen.findByRole('row', { name: /tag 1/ });
    // 5 rows by 2: three pages.
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await screen.findByRole('row', { name: /tag 3/ });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'tag' } });
    await waitFor(() => expect(calls.at(-1)?.query.get('term')).toBe('tag'));
    expect(calls.at(-1)?.query.get('page')).toBe('1');
    // The search is asked once typing settles, not at every key.
    expect(calls.filter((call) => call.query.get('term') === 't')).toHaveLength(0);
  });

  it('opens a row’s object on a click, and its action buttons lead where they say', async () => {
    fakeApi({ 'GET /tags': () => page([{ id: 4, name: 'rhymes' }], 1) });
    await renderInApp(<TagsList />);
    const edit = await screen.findByRole('link', { name: 'Edit “rhymes”' });
    expect(edit.getAttribute('href')).toBe('/edit/4');
    fireEvent.click(screen.getByRole('cell', { name: 'rhymes' }));
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/tags/4');
    fireEvent.click(edit);
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/edit/4');
  });
});

describe('StatusTabs', () => {
  function Tabs({ tabs = false, capped = false }: { tabs?: boolean; capped?: boolean }) {
    const [value, setValue] = useState<'all' | 'draft' | 'published'>('all');
    return (
      <>
        <StatusTabs
          label="Status"
          value={value}
          onChange={setValue}
          tabs={tabs}
          capped={capped}
          options={[
            { value: 'all', label: 'All', count: 1204 },
            { value: 'draft', label: 'Draft', count: 3 },
            { value: 'published', label: 'Published', count: undefined },
          ]}
        />
        <output aria-label="Chosen">{value}</output>
      </>
    );
  }

  it('puts each count after its label, and the chosen one is the list’s', async () => {
    await renderInApp(<Tabs />);
    expect(screen.getByRole('radio', { name: 'All (1,204)' })).toBeTruthy();
    // A count not known yet says nothing rather than a wrong number.
    fireEvent.click(screen.getByRole('radio', { name: 'Published' }));
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe('published');
    fireEvent.click(screen.getByRole('radio', { name: 'Draft (3)' }));
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe('draft');
  });

  it('as tabs, counts in badges, capped counts with a “+”, and arrows move between them', async () => {
    await renderInApp(<Tabs tabs capped />);
    const list = screen.getByRole('tablist', { name: 'Status' });
    const all = within(list).getByRole('tab', { name: /All/ });
    expect(all.textContent).toBe('All1,204+');
    expect(within(list).getByRole('tab', { name: /Published/ }).textContent).toBe('Published…');
    all.focus();
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe('draft');
    expect(document.activeElement?.textContent).toBe('Draft3+');
  });
});

describe('row actions', () => {
  it('opens a row’s menu from the keyboard and does the chosen action', async () => {
    const rename = vi.fn();
    const remove = vi.fn();
    await renderInApp(
      <RowMenu
        label="Actions for “rhymes”"
        actions={[
          { label: 'Rename', onClick: rename },
          { label: 'Merge', onClick: vi.fn(), hidden: true },
          { label: 'Delete', onClick: remove, color: 'red.9' },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Actions for “rhymes”' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Rename', 'Delete']);
    const deleteItem = within(menu).getByRole('menuitem', { name: 'Delete' });
    fireEvent.keyDown(deleteItem, { key: 'Enter' });
    fireEvent.click(deleteItem);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(rename).not.toHaveBeenCalled();
  });

  it('shows no menu button when the row allows nothing, and names icon buttons for their row', async () => {
    const publish = vi.fn();
    await renderInApp(
      <>
        <RowMenu
          label="Actions for “rhymes”"
          actions={[{ label: 'Rename', onClick: vi.fn(), hidden: true }]}
        />
        <RowButtons
          icons
          actions={[{ label: 'Publish', name: 'Publish “Card”', icon: IconPencil, onClick: publish }]}
        />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Actions for “rhymes”' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish “Card”' }));
    expect(publish).toHaveBeenCalledTimes(1);
  });
});

describe('DataTable', () => {
  it('sorts by a sortable column, turning its direction on a second choice', async () => {
    function Sorted() {
      const [sort, setSort] = useState({ by: 'name', order: 'asc' as 'asc' | 'desc' });
      const rows = [
        { id: 1, name: 'b' },
        { id: 2, name: 'a' },
      ].sort((a, b) => a.name.localeCompare(b.name) * (sort.order === 'asc' ? 1 : -1));
      return (
        <DataTable
          rows={rows}
          rowKey={(row) => row.id}
          sort={{ ...sort, onSort: (by) => setSort(nextSort(sort, by)) }}
          columns={[
            { key: 'name', header: 'Name', sortable: true, cell: (row) => row.name },
            { key: 'id', header: 'Number', cell: (row) => row.id },
          ]}
        />
      );
    }
    await renderInApp(<Sorted />);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(within(screen.getByRole('columnheader', { name: 'Number' })).queryByRole('button')).toBeNull();
    fireEvent.click(within(name).getByRole('button', { name: 'Name' }));
    expect(name.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual(['NameNumber', 'b1', 'a2']);
  });
});

describe('FormDialog', () => {
  function Rename({ target, save }: { target: Row | null; save: (name: string) => Promise<unknown> }) {
    const [open, setOpen] = useState(target);
    return (
      <FormDialog target={open} title={(row) => `Rename “${row.name}”`} onClose={() => setOpen(null)}>
        {(row) => <RenameForm row={row} save={save} onClose={() => setOpen(null)} />}
      </FormDialog>
    );
  }
  function RenameForm({
    row,
    save,
    onClose,
  }: {
    row: Row;
    save: (name: string) => Promise<unknown>;
    onClose(): void;
  }) {
    const { form, state } = useDialogForm({
      initialValues: { name: row.name },
      schema: tagInput,
      save: async ({ name }) => {
        await save(name);
        onClose();
      },
    });
    return (
      <DialogForm {...state} onCancel={onClose}>
        <TextInput label="Name" {...form.getInputProps('name')} />
      </DialogForm>
    );
  }

  it('checks the fields by the contract, shows the server’s refusal, and closes after a save', async () => {
    let refuse = true;
    const save = vi.fn(async (name: string) => {
      if (!refuse) return name;
      throw new ApiError({ status: 409, code: 'tag_exists', message: 'A tag with this name exists.' });
    });
    await renderInApp(<Rename target={{ id: 1, name: 'rhymes' }} save={save} />);
    const dialog = await screen.findByRole('dialog', { name: 'Rename “rhymes”' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    fireEvent.change(field, { target: { value: 'r' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least 2 characters.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'rhyme' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A tag with this name exists.');
    expect((field as HTMLInputElement).value).toBe('rhyme');

    refuse = false;
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(save).toHaveBeenLastCalledWith('rhyme');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('UrlTabs', () => {
  it('keeps the open tab in the address, the first one left out, and mounts only the open panel', async () => {
    await renderInApp(
      <>
        <UrlTabs
          tabs={[
            { value: 'cards', label: 'Cards', panel: () => <p>The cards</p> },
            { value: 'programs', label: 'Programs', panel: () => <p>The programs</p> },
          ]}
        />
        <Location />
      </>,
    );
    expect(screen.getByText('The cards')).toBeTruthy();
    expect(screen.queryByText('The programs')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Programs' }));
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/?tab=programs');
    expect(await screen.findByText('The programs')).toBeTruthy();
    expect(screen.queryByText('The cards')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Cards' }));
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/');
  });
});
