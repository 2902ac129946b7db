import {
  ROLE,
  type Client,
  type GameAssignment,
  type GameListItem,
  type GameProgress,
} from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../../testing/render.tsx';
import { StudentGamesSection } from './student-games-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LIVE = {
  url: `https://school.example/game/${'g'.repeat(43)}`,
  link_state: 'live' as const,
  issued_at: '2030-05-01T09:00:00.000Z',
  withdrawn_at: null,
};

const progress = (gameId: number, title: string, categoryId: number, sound: string): GameProgress => ({
  game_id: gameId,
  title,
  category_id: categoryId,
  category_name: sound,
  levels: [
    {
      level_key: 'l1',
      title: 'Words',
      stage: 'words',
      items: 4,
      plays: 2,
      best_stars: 3,
      best_accuracy: 1,
      best_time_ms: 40000,
      done: true,
      open: true,
    },
    {
      level_key: 'l2',
      title: 'Phrases',
      stage: 'phrases',
      items: 4,
      plays: 0,
      best_stars: 0,
      best_accuracy: 0,
      best_time_ms: null,
      done: false,
      open: true,
    },
  ],
  levels_done: 1,
  stars: 3,
  plays: 2,
  next_level_key: 'l2',
  last_played_at: '2030-05-02T16:00:00.000Z',
});

const ASSIGNMENT: GameAssignment = {
  id: 8,
  client_id: 7,
  game_id: 4,
  game_title: 'Rocket sounds',
  assigned_at: '2030-05-01T09:00:00.000Z',
  progress: progress(4, 'Rocket sounds', 12, '[R]'),
  link: LIVE,
};

const STUDENT = { id: 7, child_name: 'Marko', language: 'uk' } as Client;

const game = (id: number, title: string, language: 'uk' | 'en'): GameListItem => ({
  id,
  title,
  language,
  category_id: 12,
  category_name: '[R]',
  theme_title: 'Space',
  status: 'published',
  version: 1,
  levels: 2,
  items: 8,
  modes: ['say', 'find'],
  cover_file_id: null,
  updated_at: '2030-04-01T00:00:00.000Z',
});

const CATEGORIES = [
  {
    id: 1,
    name: 'Sounds',
    is_folder: true,
    children: [
      { id: 12, name: '[R]', is_folder: false, children: [] },
      { id: 13, name: '[L]', is_folder: false, children: [] },
    ],
  },
];

function studentApi(games: GameAssignment[], routes: Record<string, (call: SentCall) => Response> = {}) {
  return fakeApi({
    'GET /clients/7/games': () => json({ data: games }),
    'GET /clients/7': () => json({ data: STUDENT }),
    'GET /game-assignments/8/link': () => json({ data: LIVE }),
    'GET /workspaces/1/categories': () => json({ data: CATEGORIES }),
    'GET /games': (call) => {
      const all = [game(4, 'Rocket sounds', 'uk'), game(5, 'Roaring lion', 'uk'), game(6, 'Red river', 'en')];
      const language = call.query.get('language');
      const data = all.filter((one) => !language || one.language === language);
      return json({ data, meta: { total: data.length, page: 1, per_page: 50 }, counts: {} });
    },
    ...routes,
  });
}

describe('games on the student’s page', () => {
  it('shows each game with how far the child is and its link, as the teacher acting for games', async () => {
    const calls = studentApi([ASSIGNMENT]);
    await renderInApp(<StudentGamesSection clientId={7} />, { as: { roles: ['teacher'] } });
    const game = await screen.findByRole('article', { name: 'Rocket sounds' });
    expect(within(game).getByText('Levels done: 1 of 2')).toBeTruthy();
    expect(within(game).getByText('3 stars')).toBeTruthy();
    expect(within(game).getByText('2 levels played')).toBeTruthy();
    expect(
      ((await within(game).findByRole('textbox', { name: 'Link to the game' })) as HTMLInputElement).value,
    ).toBe(LIVE.url);
    expect(within(game).getByRole('button', { name: 'Withdraw link' })).toBeTruthy();
    expect(new Set(calls.map((call) => call.query.get('role_id')))).toEqual(new Set([String(ROLE.teacher)]));
  });

  it('gives a published game filtered by the child’s language and the sound, and makes its link', async () => {
    const calls = studentApi([ASSIGNMENT], {
      'POST /game-assignments': () => json({ data: { ...ASSIGNMENT, id: 9, game_id: 5 } }),
      'POST /game-assignments/9/link': () => json({ data: LIVE }),
    });
    await renderInApp(<StudentGamesSection clientId={7} />, { as: { roles: ['teacher'] } });
    expect(await screen.findByRole('article', { name: 'Rocket sounds' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Give a game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give a game' });
    expect(await within(dialog).findByText('Roaring lion')).toBeTruthy();
    const listed = calls.filter((call) => call.path === '/games');
    expect(listed.at(-1)?.query.get('status')).toBe('published');
    expect(listed.at(-1)?.query.get('language')).toBe('uk');
    expect(listed.at(-1)?.query.get('category_id')).toBe('12');
    expect((within(dialog).getByRole('combobox', { name: 'Language' }) as HTMLInputElement).value).toBe(
      'Ukrainian',
    );
    expect(within(dialog).queryByText('Red river')).toBeNull();
    // The game the student has is marked, not offered again.
    expect(within(dialog).getByText('Already given')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Give “Rocket sounds”' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Sound' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sounds / [L]' }));
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === '/games')
          .at(-1)
          ?.query.get('category_id'),
      ).toBe('13'),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Give “Roaring lion”' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Give a game' })).toBeNull());
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted.map((call) => call.path)).toEqual(['/game-assignments', '/game-assignments/9/link']);
    expect(posted[0]?.body).toEqual({ client_id: 7, game_id: 5 });
  });

  it('says why a game could not be given, in the dialog', async () => {
    studentApi([], {
      'POST /game-assignments': () =>
        json({ code: 'conflict', message: 'The student already has this game.' }, 409),
    });
    await renderInApp(<StudentGamesSection clientId={7} />, { as: { roles: ['teacher'] } });
    expect(await screen.findByText('No games yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Give a game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give a game' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Give “Rocket sounds”' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The student already has this game.');
  });

  it('takes a game back after asking', async () => {
    let games = [ASSIGNMENT];
    const calls = studentApi([], {
      'GET /clients/7/games': () => json({ data: games }),
      'DELETE /game-assignments/8': () => {
        games = [];
        return json({ data: null });
      },
    });
    await renderInApp(<StudentGamesSection clientId={7} />, { as: { roles: ['teacher'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Take back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the game back?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take back' }));
    expect(await screen.findByText('No games yet.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/game-assignments/8',
    ]);
  });
});
