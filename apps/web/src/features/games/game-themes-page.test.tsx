import type { Asset, GameTheme } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { file, fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { GameThemesPage } from './game-themes-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const asset = (id: number, type: Asset['type'], name: string): Asset => ({
  id,
  type,
  name,
  files: [
    {
      id: 100 + id,
      kind: 'image',
      file_url: `/api/file/download/${100 + id}`,
      mime: 'image/png',
      size: 3,
      original_name: `${name}.png`,
    },
  ],
  created_at: '2026-11-01T10:00:00.000Z',
});

const ASSETS = [
  asset(1, 'game_background', 'Stars'),
  asset(2, 'game_prop', 'Planet'),
  asset(3, 'character', 'Cosmo'),
  asset(4, 'character', 'Luna'),
];

const SPACE: GameTheme = {
  id: 7,
  title: 'Space',
  background: { asset_id: 1, name: 'Stars', file_id: 101 },
  props: [],
  characters: [{ asset_id: 3, name: 'Cosmo', file_id: 103 }],
  games: 2,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const assetsOf = (call: SentCall) =>
  json({ data: ASSETS.filter((item) => item.type === call.query.get('type')) });

const routes = {
  'GET /game-themes': () => json({ data: [SPACE] }),
  'GET /assets': assetsOf,
  ...Object.fromEntries(ASSETS.map((item) => [`GET /file/download/${100 + item.id}`, () => file()])),
  'GET /file/download/101': () => file(),
  'GET /file/download/103': () => file(),
};

describe('the game themes', () => {
  it('lists the themes and names what a new theme still needs before sending it', async () => {
    const calls = fakeApi({
      ...routes,
      'POST /game-themes': () => json({ data: { ...SPACE, id: 8, title: 'Forest' } }, 201),
    });
    await renderInApp(<GameThemesPage />, { as: { roles: ['moderator'] } });
    const row = (await screen.findByRole('button', { name: 'Space' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Cosmo')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New game theme' }));
    const dialog = await screen.findByRole('dialog', { name: 'New game theme' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Forest' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const background = within(dialog).getByRole('region', { name: 'Background' });
    const characters = within(dialog).getByRole('region', { name: 'Characters' });
    expect(await within(background).findByText('Required.')).toBeTruthy();
    expect(within(characters).getByRole('alert').textContent).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.click(await within(background).findByRole('button', { name: 'Stars' }));
    fireEvent.click(await within(characters).findByRole('button', { name: 'Cosmo' }));
    fireEvent.click(within(characters).getByRole('button', { name: 'Luna' }));
    // A chosen character clicked again is taken out.
    fireEvent.click(within(characters).getByRole('button', { name: 'Cosmo' }));
    expect(within(characters).getByRole('button', { name: 'Luna' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(characters).getByRole('button', { name: 'Cosmo' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Forest',
      background_asset_id: 1,
      prop_asset_ids: [],
      character_asset_ids: [4],
    });
  });

  it('says why a theme a game uses is not deleted', async () => {
    fakeApi({
      ...routes,
      'DELETE /game-themes/7': () =>
        json({ code: 'conflict', message: 'A game uses this theme: it cannot be deleted.' }, 409),
    });
    await renderInApp(<GameThemesPage />, { as: { roles: ['moderator'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Space”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the game theme?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('A game uses this theme: it cannot be deleted.')).toBeTruthy();
  });
});
