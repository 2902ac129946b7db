import type { GameListItem } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { GamesPage } from './games-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ROCKET: GameListItem = {
  id: 4,
  title: 'Rocket trip',
  language: 'en',
  category_id: 11,
  category_name: 'Sounds / R',
  theme_title: 'Space',
  status: 'published',
  version: 2,
  levels: 2,
  items: 3,
  modes: ['say', 'find'],
  cover_file_id: null,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const OWL: GameListItem = {
  ...ROCKET,
  id: 5,
  title: 'Owl at night',
  language: 'uk',
  category_id: 12,
  category_name: 'Sounds / Sh',
  status: 'draft',
  version: 0,
  levels: 1,
  items: 1,
  modes: ['say'],
};

const CATEGORIES = [
  {
    id: 10,
    name: 'Sounds',
    is_folder: true,
    children: [
      { id: 11, name: 'R', is_folder: false, children: [] },
      { id: 12, name: 'Sh', is_folder: false, children: [] },
    ],
  },
];

/** The fake list answers as the server would: by the status, language and category asked for. */
function listOf(call: SentCall) {
  const status = call.query.get('status');
  const language = call.query.get('language');
  const category = call.query.get('category_id');
  const rows = [ROCKET, OWL].filter(
    (game) =>
      (!status || game.status === status) &&
      (!language || game.language === language) &&
      (!category || String(game.category_id) === category),
  );
  return json({
    data: rows,
    meta: { total: rows.length, page: 1, per_page: 20 },
    counts: { draft: 1, moderation: 0, published: 1 },
  });
}

const titles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the games list', () => {
  it('shows the games with their size, ways to play and status, and filters by tab, language and category', async () => {
    const calls = fakeApi({
      'GET /games': listOf,
      'GET /workspaces/1/categories': () => json({ data: CATEGORIES }),
    });
    await renderInApp(<GamesPage />, { as: { roles: ['moderator'] } });
    await screen.findByText('Rocket trip');
    expect(titles()).toEqual(['Rocket trip', 'Owl at night']);
    const rocket = screen.getByRole('link', { name: 'Rocket trip' });
    expect(rocket.getAttribute('href')).toBe('/edit-game/4');
    const row = rocket.closest('tr') as HTMLElement;
    expect(within(row).getByText('2 levels, 3 items')).toBeTruthy();
    expect(within(row).getByText('Say it')).toBeTruthy();
    expect(within(row).getByText('Find it')).toBeTruthy();
    expect(within(row).getByText('version 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New game' }).getAttribute('href')).toBe('/create-game');
    expect(screen.getByRole('link', { name: 'Game themes' }).getAttribute('href')).toBe('/game-themes');

    // The tabs count, and a game is a draft or published, never in review.
    const tabs = screen.getByRole('radiogroup', { name: 'Status' });
    expect(within(tabs).queryByText(/In review/)).toBeNull();
    fireEvent.click(within(tabs).getByRole('radio', { name: /Draft/ }));
    await waitFor(() => expect(titles()).toEqual(['Owl at night']));
    expect(calls.at(-1)?.query.get('status')).toBe('draft');
    fireEvent.click(within(tabs).getByRole('radio', { name: /All/ }));
    await waitFor(() => expect(titles()).toEqual(['Rocket trip', 'Owl at night']));

    fireEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ukrainian' }));
    await waitFor(() => expect(titles()).toEqual(['Owl at night']));
    expect(calls.at(-1)?.query.get('language')).toBe('uk');

    fireEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sounds / R' }));
    await waitFor(() => expect(screen.getByText('No game matches the search or the filters.')).toBeTruthy());
    expect(calls.at(-1)?.query.get('category_id')).toBe('11');
  });
});
