import type { Asset, Theme, ThemeAssetsGrouped } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, file, json, renderInApp } from '../../testing/render.tsx';
import { PreviewThemesPage } from './preview-themes-page.tsx';
import { ThemeAssetsPreviewPage } from './theme-assets-preview-page.tsx';

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
      id,
      kind: 'image',
      file_url: `/api/file/download/${id}`,
      mime: 'image/png',
      size: 68,
      original_name: `${name}.png`,
    },
  ],
  created_at: '2026-11-20T10:00:00.000Z',
});

const SKY = asset(7, 'background', 'Blue sky');
const STAR = asset(8, 'prop', 'Star');

const ROCKETS: Theme = {
  id: 5,
  name: 'Rockets',
  genders: ['boy', 'girl'],
  age_from: 4,
  age_to: 7,
  type: 'general',
  ready: true,
  workspace_id: 1,
  workspace_title: 'Test school',
  shared_workspace_ids: [],
  assets: [SKY, STAR].map(({ id, type, name }) => ({ id, type, name, file_url: `/api/file/download/${id}` })),
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const GROUPED: ThemeAssetsGrouped = {
  background: [SKY],
  character: [],
  prop: [STAR],
  sound: [],
  game_background: [],
  game_prop: [],
};

/** Where the router ended up. */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

// Formerly e2e/themes.spec.ts: “the teacher reads the theme and its assets”.
describe("the teacher's themes", () => {
  it('lists the themes read-only and opens a theme’s assets', async () => {
    const calls = fakeApi({
      'GET /themes': () => json({ data: [ROCKETS] }),
      'GET /themes/5': () => json({ data: ROCKETS }),
      'GET /themes/5/assets': () => json({ data: GROUPED }),
      'GET /file/download/7': () => file(),
      'GET /file/download/8': () => file(),
    });
    await renderInApp(
      <MemoryRouter initialEntries={['/preview-themes']}>
        <Routes>
          <Route path="/preview-themes" element={<PreviewThemesPage />} />
          <Route path="/theme-assets-preview/:themeId?" element={<ThemeAssetsPreviewPage />} />
        </Routes>
        <Where />
      </MemoryRouter>,
      { as: { roles: ['teacher'] }, router: false },
    );
    expect(screen.getByRole('heading', { name: 'Interests' })).toBeTruthy();
    const row = await vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-theme-row="Rockets"]');
      if (!found) throw new Error('no row yet');
      return found;
    });
    expect(document.querySelectorAll('[data-theme-row]')).toHaveLength(1);
    expect(within(row).getByText('Ready')).toBeTruthy();
    expect(within(row).queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add theme' })).toBeNull();

    fireEvent.click(within(row).getByRole('link', { name: 'Assets (2): Rockets' }));
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/theme-assets-preview/5'));
    expect(await screen.findByRole('heading', { name: 'Assets of “Rockets”' })).toBeTruthy();
    const backgrounds = await screen.findByRole('region', { name: 'Backgrounds' });
    expect(await within(backgrounds).findByRole('img', { name: 'Blue sky' })).toBeTruthy();
    expect(
      await within(screen.getByRole('region', { name: 'Props' })).findByRole('img', { name: 'Star' }),
    ).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    // Read, and nothing else.
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });
});
