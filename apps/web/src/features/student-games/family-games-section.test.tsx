import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { FamilyGamesSection } from './family-games-section.tsx';

const TOKEN = 'Fm3_-'.repeat(8) + 'xyz';

describe('games on the family’s dashboard', () => {
  it('lists the child’s games with their links and how far the child is', async () => {
    const url = `https://school.example/game/${'g'.repeat(43)}`;
    fakeApi({
      [`GET /parent-dashboard/${TOKEN}/games`]: () =>
        json({
          data: {
            language: 'en',
            games: [
              { title: 'Rocket sounds', url, levels: 3, levels_done: 1, stars: 1, last_played_at: null },
            ],
          },
        }),
    });
    await renderInApp(<FamilyGamesSection token={TOKEN} />, { as: null });
    const link = await screen.findByRole('link', { name: 'Play “Rocket sounds”' });
    expect(link.getAttribute('href')).toBe(url);
    expect(screen.getByText('Levels done: 1 of 3 · 1 star')).toBeTruthy();
    expect(screen.getByText('Not played yet.')).toBeTruthy();
  });

  it('says when there are none, and when they could not be loaded', async () => {
    fakeApi({
      [`GET /parent-dashboard/${TOKEN}/games`]: () => json({ data: { language: 'en', games: [] } }),
    });
    const view = await renderInApp(<FamilyGamesSection token={TOKEN} />, { as: null });
    expect(await screen.findByText('No games yet.')).toBeTruthy();
    view.unmount();
    fakeApi({});
    await renderInApp(<FamilyGamesSection token={TOKEN} />, { as: null });
    expect((await screen.findByRole('alert')).textContent).toBe('The games could not be loaded.');
  });
});
