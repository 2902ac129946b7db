import type { Game, GameLevel } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { EditGamePage } from './edit-game-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const key = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const item = (n: number, word: string, mode: 'say' | 'find', picture = n) => ({
  key: key(100 + n),
  word,
  mode,
  picture_file_id: picture,
  audio_file_id: null,
});

const LEVELS: GameLevel[] = [
  { key: key(1), title: 'The sound R', stage: 'sound', items: [item(1, 'Rrr', 'say')] },
  {
    key: key(2),
    title: 'First words',
    stage: 'words',
    items: [item(2, 'Rocket', 'find'), item(3, 'Rabbit', 'find'), item(4, 'Radio', 'say')],
  },
];

const GAME: Game = {
  id: 4,
  title: 'Rocket trip',
  description: '',
  language: 'en',
  category_id: 11,
  theme_id: 3,
  levels: LEVELS,
  status: 'draft',
  version: 0,
  writer: { id: 1, name: 'Oksana Moderator' },
  category_name: 'Sounds / R',
  theme_title: 'Space',
  steps: ['publish'],
  editable: true,
  assignments: 0,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const THEME = {
  id: 3,
  title: 'Space',
  background: { asset_id: 1, name: 'Stars', file_id: 1 },
  props: [],
  characters: [{ asset_id: 2, name: 'Cosmo', file_id: 2 }],
  games: 1,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const CATEGORIES = [
  {
    id: 10,
    name: 'Sounds',
    is_folder: true,
    children: [{ id: 11, name: 'R', is_folder: false, children: [] }],
  },
];

function routes(extra: Record<string, () => Response> = {}) {
  return {
    'GET /games/4': () => json({ data: GAME }),
    'GET /game-themes': () => json({ data: [THEME] }),
    'GET /workspaces/1/categories': () => json({ data: CATEGORIES }),
    ...extra,
  };
}

async function openEditor(path = '/edit-game/4') {
  await renderInApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/edit-game/:gameId?" element={<EditGamePage />} />
        <Route path="/create-game" element={<EditGamePage />} />
      </Routes>
    </MemoryRouter>,
    { as: { roles: ['moderator'] }, router: false },
  );
  return screen.findByRole('region', { name: 'Status' });
}

const words = (level: HTMLElement) =>
  within(level)
    .getAllByRole('textbox', { name: /Word or phrase/ })
    .map((input) => (input as HTMLInputElement).value);

describe('the game editor on the versioned-document frame', () => {
  it('adds, moves and removes a level’s items, and says each item’s way to play', async () => {
    fakeApi(routes());
    const status = await openEditor();
    expect(within(status).getByText('Draft')).toBeTruthy();
    expect(within(status).getByRole('button', { name: 'Publish' })).toBeTruthy();

    const second = screen.getByRole('region', { name: 'Level 2' });
    expect(words(second)).toEqual(['Rocket', 'Rabbit', 'Radio']);
    fireEvent.click(within(second).getByRole('button', { name: 'Move Level 2, item 3 up' }));
    expect(words(second)).toEqual(['Rocket', 'Radio', 'Rabbit']);
    fireEvent.click(within(second).getByRole('button', { name: 'Remove Level 2, item 1' }));
    expect(words(second)).toEqual(['Radio', 'Rabbit']);
    // A find item says how it is played.
    const rabbit = within(second).getByRole('region', { name: 'Level 2, item 2' });
    expect(within(rabbit).getByText('The child finds its picture among 2–4.')).toBeTruthy();
    fireEvent.click(within(rabbit).getByRole('radio', { name: 'Say it' }));
    expect(
      within(rabbit).getByText('The child says the word; the adult beside taps “right” or “try again”.'),
    ).toBeTruthy();

    fireEvent.click(within(second).getByRole('button', { name: 'Add an item' }));
    expect(words(second)).toEqual(['Radio', 'Rabbit', '']);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('adds, moves and removes levels, a new one at the stage of the one above it', async () => {
    fakeApi(routes());
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add a level' }));
    const third = screen.getByRole('region', { name: 'Level 3' });
    // A new level starts at the stage of the one above it.
    expect((within(third).getByRole('combobox', { name: /Stage/ }) as HTMLInputElement).value).toBe('Words');
    fireEvent.click(screen.getByRole('button', { name: 'Move Level 3 up' }));
    expect(
      screen
        .getAllByRole('textbox', { name: /Level title/ })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['The sound R', '', 'First words']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Level 2' }));
    expect(screen.queryByRole('region', { name: 'Level 3' })).toBeNull();
    // The levels are as saved again: nothing is left to save.
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('refuses a level whose stage comes before the one above it, without sending it', async () => {
    const calls = fakeApi(routes());
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Move Level 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const level = screen.getByRole('region', { name: 'Level 2' });
    expect(
      await within(level).findByText(
        'A level’s stage cannot come before the previous level’s: the sound, then syllables, words, phrases, sentences.',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('shows a publication refused for its gaps on the item they name', async () => {
    const calls = fakeApi(
      routes({
        'POST /games/4/publish': () =>
          json(
            {
              code: 'validation_failed',
              message: 'The game cannot be published yet.',
              errors: {
                'levels.1.items.0.mode': [
                  'A find item needs another picture of its level to be found among.',
                ],
              },
            },
            422,
          ),
      }),
    );
    const status = await openEditor();
    fireEvent.click(within(status).getByRole('button', { name: 'Publish' }));
    const rocket = screen.getByRole('region', { name: 'Level 2, item 1' });
    expect(
      await within(rocket).findByText('A find item needs another picture of its level to be found among.'),
    ).toBeTruthy();
    expect(
      within(status).getByText('The game cannot be published yet: see the marked levels and items.'),
    ).toBeTruthy();
    // Nothing was unsaved: only the publication was asked for.
    expect(calls.filter((call) => call.method !== 'GET').map((call) => call.path)).toEqual([
      '/games/4/publish',
    ]);
  });

  it('creates a new game with the contract’s body, after naming what is missing', async () => {
    const calls = fakeApi(
      routes({
        'POST /games': () => json({ data: { ...GAME, id: 5, title: 'Owl', levels: [] } }, 201),
      }),
    );
    await openEditor('/create-game');
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Owl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Level 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Required.').length).toBeGreaterThanOrEqual(2));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('combobox', { name: /Category it trains/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sounds / R' }));
    fireEvent.click(screen.getByRole('combobox', { name: /Game theme/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Space' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Owl',
      description: '',
      language: 'en',
      category_id: 11,
      theme_id: 3,
      levels: [],
    });
  });
});
