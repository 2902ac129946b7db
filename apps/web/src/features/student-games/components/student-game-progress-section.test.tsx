import type { GameRecord, StudentGameProgress } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { StudentGameProgressSection, playDuration } from './student-game-progress-section.tsx';

const PROGRESS: StudentGameProgress = {
  games: [
    {
      game_id: 4,
      title: 'Rocket sounds',
      category_id: 12,
      category_name: '[R]',
      levels: [],
      levels_done: 0,
      stars: 2,
      plays: 3,
      next_level_key: null,
      last_played_at: '2030-05-02T16:00:00.000Z',
    },
  ],
  sounds: [
    {
      category_id: 12,
      category_name: '[R]',
      plays: 3,
      accuracy: 0.625,
      stars: 2,
      last_played_at: '2030-05-02T16:00:00.000Z',
    },
  ],
};

const record = (id: number): GameRecord => ({
  id,
  game_id: 4,
  game_title: 'Rocket sounds',
  version: 1,
  level_key: 'l1',
  level_title: `Level ${id}`,
  stage: 'words',
  character_name: 'Fox',
  items: 8,
  right: 5,
  tries: 12,
  time_ms: 125_000,
  stars: 2,
  played_at: '2030-05-02T16:00:00.000Z',
});

describe('games on the correction path', () => {
  it('says there are none yet', async () => {
    fakeApi({ 'GET /game-progresses': () => json({ data: { games: [], sounds: [] } }) });
    await renderInApp(<StudentGameProgressSection clientId={7} />);
    expect(await screen.findByText(/No games yet/)).toBeTruthy();
  });

  it('shows the progress per sound and per game and the latest plays, a page at a time, apart from the marks', async () => {
    const calls = fakeApi({
      'GET /game-progresses': () => json({ data: PROGRESS }),
      'GET /game-records': (call) => {
        const page = Number(call.query.get('page'));
        return json({
          data: page === 1 ? [record(1)] : [record(11)],
          meta: { total: 11, page, per_page: 10 },
        });
      },
    });
    await renderInApp(<StudentGameProgressSection clientId={7} />);
    const section = await screen.findByRole('region', { name: 'Games' });
    expect(await within(section).findByText(/not your marks/)).toBeTruthy();
    const [sounds, games] = within(section).getAllByRole('table');
    const cells = (table: HTMLElement | undefined) =>
      [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent),
      );
    expect(cells(sounds)).toEqual([['[R]', '3', '63%', '2', expect.stringMatching(/2030/)]]);
    expect(cells(games)).toEqual([
      ['Rocket sounds', '[R]', '0 of 0', '2', '3', expect.stringMatching(/2030/)],
    ]);
    expect(await within(section).findByText('Level 1')).toBeTruthy();
    expect(cells(within(section).getAllByRole('table')[2])).toEqual([
      [expect.stringMatching(/2030/), 'Rocket sounds', 'Level 1', 'Fox', '5 of 8', '12', '2:05', '2'],
    ]);
    fireEvent.click(within(section).getByRole('button', { name: '2' }));
    expect(await within(section).findByText('Level 11')).toBeTruthy();
    const asked = calls.filter((call) => call.path === '/game-records');
    expect(asked.map((call) => [call.query.get('client_id'), call.query.get('page')])).toEqual([
      ['7', '1'],
      ['7', '2'],
    ]);
    expect(calls.find((call) => call.path === '/game-progresses')?.query.get('client_id')).toBe('7');
  });

  it('writes a play’s time as minutes and seconds', () => {
    expect(playDuration(0)).toBe('0:00');
    expect(playDuration(59_400)).toBe('0:59');
    expect(playDuration(61_000)).toBe('1:01');
  });
});
