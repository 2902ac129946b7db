import type { Category } from '@logoschool/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { CategoriesPage } from './categories-page.tsx';
import { ViewCategoriesPage } from './view-categories-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  document.body.innerHTML = '';
});

const category = (id: number, name: string, parent: number, order: number, more: Partial<Category> = {}) =>
  ({
    id,
    name,
    description: '',
    parent,
    is_folder: false,
    link_id: null,
    order,
    children: [],
    ...more,
  }) satisfies Category;

/** Sounds (a folder) holding Hissing (holding Sh in words), then Whistling. */
const TREE: Category[] = [
  category(1, 'Sounds', 0, 0, {
    description: 'Sound groups, from the earliest',
    is_folder: true,
    children: [
      category(2, 'Hissing', 1, 0, { children: [category(4, 'Sh in words', 2, 0)] }),
      category(3, 'Whistling', 1, 1),
    ],
  }),
];

/** The names of the categories directly inside `name`, in their order. */
const childrenOf = (name: string) =>
  [...screen.getByRole('list', { name: `Subcategories of ${name}` }).children].map(
    (item) => item.querySelector(':scope > [data-category-row] [data-category-name]')?.textContent,
  );

// Formerly e2e/categories.spec.ts: “a move the server refuses is undone, with a message”.
describe("the moderator's tree", () => {
  it('puts a move the server refuses back as it was, and says so', async () => {
    const calls = fakeApi({
      'GET /workspaces/1/categories': () => json({ data: TREE }),
      'PUT /workspaces/1/categories': () =>
        json({ message: 'The tree changed meanwhile.', code: 'category_cycle' }, 409),
    });
    await renderInApp(
      <>
        <CategoriesPage />
        <Notifications />
      </>,
      { as: { roles: ['moderator'] } },
    );
    await screen.findByRole('list', { name: 'Subcategories of Sounds' });
    expect(childrenOf('Sounds')).toEqual(['Hissing', 'Whistling']);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Whistling' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    expect(
      await screen.findByText('“Whistling” could not be moved; the tree is back as it was.', {
        exact: false,
      }),
    ).toBeTruthy();
    // It was sent: Whistling first.
    const move = calls.find((call) => call.method === 'PUT');
    expect(move?.body).toMatchObject({ workspace_id: 1 });
    expect(childrenOf('Sounds')).toEqual(['Hissing', 'Whistling']);
  });
});

// Formerly e2e/categories.spec.ts: “a teacher reads the tree without changing it”.
describe("the teacher's tree (/view-categories)", () => {
  it('shows the tree with its descriptions, folds and unfolds it, and offers no change', async () => {
    const calls = fakeApi({ 'GET /workspaces/1/categories': () => json({ data: TREE }) });
    await renderInApp(<ViewCategoriesPage />, { as: { roles: ['teacher'] } });
    expect(screen.getByRole('heading', { name: 'Categories' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Subcategories of Hissing' });
    expect(childrenOf('Hissing')).toEqual(['Sh in words']);
    expect(screen.getByText('Sound groups, from the earliest')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add category' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Actions for / })).toEqual([]);
    expect(document.querySelectorAll('[draggable="true"]')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Collapse Sounds' }));
    expect(screen.queryByText('Sh in words')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand Sounds' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Expand Sounds' }));
    expect(screen.getByText('Sh in words')).toBeTruthy();
    // Read as the teacher, and nothing but read.
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
    expect(within(document.body).queryByRole('dialog')).toBeNull();
  });
});
