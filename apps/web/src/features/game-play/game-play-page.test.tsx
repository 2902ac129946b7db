import type { GameCompleteInput, GamePlay, GameProgress } from '@logoschool/contract';
import { gameStars } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as Router from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { GamePlayPage } from './game-play-page.tsx';

const TOKEN = 'Gm3_-'.repeat(8) + 'xyz';

vi.mock('react-router', async (original) => ({
  ...(await original<typeof Router>()),
  useParams: () => ({ token: TOKEN }),
}));

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
  document.documentElement.lang = 'en';
});

const SAY = '11111111-1111-4111-8111-111111111111';
const FIND = '22222222-2222-4222-8222-222222222222';
const LAST = '33333333-3333-4333-8333-333333333333';
const media = (id: number) => `/api/game/media/${TOKEN}/file/${id}`;
const item = (
  key: string,
  word: string,
  mode: 'say' | 'find',
  picture: number,
  audio: number | null = null,
) => ({
  key,
  word,
  mode,
  picture_url: media(picture),
  audio_url: audio === null ? null : media(audio),
});

function level(key: string, title: string, done: boolean, open: boolean) {
  return {
    level_key: key,
    title,
    stage: 'words' as const,
    items: 3,
    plays: done ? 1 : 0,
    best_stars: done ? 2 : 0,
    best_accuracy: done ? 0.67 : 0,
    best_time_ms: done ? 30000 : null,
    done,
    open,
  };
}

function progress(done: string[]): GameProgress {
  const levels = [
    level(SAY, 'Say it', done.includes(SAY), true),
    level(FIND, 'Find it', done.includes(FIND), done.includes(SAY)),
    level(LAST, 'Sentences', done.includes(LAST), done.includes(FIND)),
  ];
  return {
    game_id: 4,
    title: 'Rocket sounds',
    category_id: 2,
    category_name: '[R]',
    levels,
    levels_done: levels.filter((one) => one.done).length,
    stars: levels.reduce((sum, one) => sum + one.best_stars, 0),
    plays: levels.reduce((sum, one) => sum + one.plays, 0),
    next_level_key: levels.find((one) => one.open && !one.done)?.level_key ?? LAST,
    last_played_at: null,
  };
}

const GAME = (done: string[] = [], language: GamePlay['language'] = 'en'): GamePlay => ({
  language,
  child_name: 'Marko',
  title: 'Rocket sounds',
  version: 2,
  background_url: `/api/game/media/${TOKEN}/asset/90`,
  props: [{ id: 91, name: 'Tree', url: `/api/game/media/${TOKEN}/asset/91` }],
  characters: [
    { id: 31, name: 'Fox', url: `/api/game/media/${TOKEN}/asset/31` },
    { id: 32, name: 'Owl', url: null },
  ],
  levels: [
    {
      key: SAY,
      title: 'Say it',
      stage: 'words',
      items: [
        item('a1111111-1111-4111-8111-111111111111', 'rocket', 'say', 1, 2),
        item('a2222222-2222-4222-8222-222222222222', 'river', 'say', 3),
        item('a3333333-3333-4333-8333-333333333333', 'rose', 'say', 4),
      ],
    },
    {
      key: FIND,
      title: 'Find it',
      stage: 'phrases',
      items: [
        item('b1111111-1111-4111-8111-111111111111', 'red car', 'find', 5, 6),
        item('b2222222-2222-4222-8222-222222222222', 'rabbit runs', 'find', 7),
        item('b3333333-3333-4333-8333-333333333333', 'rain', 'find', 8),
      ],
    },
    {
      key: LAST,
      title: 'Sentences',
      stage: 'sentences',
      items: [item('c1111111-1111-4111-8111-111111111111', 'The rocket roars.', 'say', 9)],
    },
  ],
  progress: progress(done),
});

/** The API of a game whose plays are kept: each answer's stars by the contract's rules. */
function gameApi(game: GamePlay, answer?: (call: SentCall) => Response | undefined) {
  return fakeApi({
    [`GET /game/check-auth/${TOKEN}`]: () => json({ data: game }),
    [`POST /game/complete/${TOKEN}`]: (call) => {
      const early = answer?.(call);
      if (early) return early;
      const body = call.body as GameCompleteInput;
      const items = game.levels.find((one) => one.key === body.level_key)?.items.length ?? 0;
      const stars = gameStars(body.right, items);
      const done = game.progress.levels.filter((one) => one.done).map((one) => one.level_key);
      return json({
        data: { recorded: true, stars, progress: progress(stars > 0 ? [...done, body.level_key] : done) },
      });
    },
  });
}

const sent = (calls: SentCall[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => call.body as GameCompleteInput);

async function chooseFox() {
  fireEvent.click(await screen.findByRole('button', { name: 'Fox' }));
  return screen.findByRole('heading', { name: 'Choose a level' });
}

/** A picture shown beside `word`'s that is not its own. */
function wrongPicture(word: string): HTMLElement {
  const others = screen
    .getAllByRole('button', { name: /^Picture \d: / })
    .filter((picture) => !picture.getAttribute('aria-label')?.endsWith(word));
  expect(others.length).toBeGreaterThan(0);
  return others[0] as HTMLElement;
}

const levelButton = (number: number) => screen.getByRole('button', { name: new RegExp(`^Level ${number}`) });

describe('the child’s game', () => {
  it('says "game not found" for a wrong or withdrawn link, checking it silently', async () => {
    fakeApi({
      [`GET /game/check-auth/${TOKEN}`]: () =>
        json({ code: 'not_found', message: 'This link is not valid or was withdrawn.' }, 404),
    });
    await renderInApp(<GamePlayPage />, { as: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Game not found (or wrong link)' }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets the child choose a character, then shows the levels: the first next, the others locked', async () => {
    gameApi(GAME());
    await renderInApp(<GamePlayPage />, { as: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rocket sounds' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Owl' })).toBeTruthy();
    await chooseFox();
    expect(screen.getByText('Marko · Fox')).toBeTruthy();
    const first = levelButton(1) as HTMLButtonElement;
    expect(first.disabled).toBe(false);
    expect(within(first).getByText('Play next')).toBeTruthy();
    expect(within(first).getByRole('img', { name: '0 stars of 3' })).toBeTruthy();
    for (const number of [2, 3]) {
      const locked = levelButton(number) as HTMLButtonElement;
      expect(locked.disabled).toBe(true);
      expect(within(locked).getByText('Locked')).toBeTruthy();
    }
    expect(screen.getByText('Phrases')).toBeTruthy();
  });

  it('plays a say level to its end, counting first-try answers and tries, and shows its stars', async () => {
    const calls = gameApi(GAME());
    await renderInApp(<GamePlayPage />, { as: null });
    await chooseFox();
    fireEvent.click(levelButton(1));

    expect(screen.getByText('1 of 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'rocket' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'rocket' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Listen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Right' }));

    expect(screen.getByText('2 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Listen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Try 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Right' }));

    expect(screen.getByText('3 of 3')).toBeTruthy();
    for (let i = 0; i < 3; i += 1) fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Level done!' })).toBeTruthy();
    expect(screen.getByText('1 star')).toBeTruthy();
    expect(screen.getByRole('img', { name: '1 star of 3' })).toBeTruthy();
    expect(screen.getByText('1 of 3 right at the first try')).toBeTruthy();
    const [play] = sent(calls);
    expect(sent(calls)).toHaveLength(1);
    expect(play).toEqual({
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      version: 2,
      level_key: SAY,
      character_asset_id: 31,
      right: 1,
      tries: 6,
      time_ms: expect.any(Number),
    });
    // The answer opened the next level.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'red car' })).toBeTruthy();
  });

  it('plays a find level by taps and number keys: a wrong picture is another try, the right one moves on', async () => {
    const calls = gameApi(GAME([SAY]));
    await renderInApp(<GamePlayPage />, { as: null });
    await chooseFox();
    expect(within(levelButton(1)).getByRole('img', { name: '2 stars of 3' })).toBeTruthy();
    expect(within(levelButton(2)).getByText('Play next')).toBeTruthy();
    expect((levelButton(3) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(levelButton(2));

    expect(screen.getByText('Find the picture:')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'red car' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Picture \d: / })).toHaveLength(3);
    const wrong = wrongPicture('red car');
    fireEvent.click(wrong);
    expect(screen.getByText('Not this one. Try again!')).toBeTruthy();
    expect(wrong.getAttribute('data-shaking')).toBe('true');
    expect(screen.getByText('1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /: red car$/ }));

    expect(screen.getByRole('heading', { name: 'rabbit runs' })).toBeTruthy();
    const right = screen.getByRole('button', { name: /: rabbit runs$/ });
    const number = /^Picture (\d)/.exec(right.getAttribute('aria-label') ?? '')?.[1] ?? '';
    fireEvent.keyDown(window, { key: number });

    expect(screen.getByRole('heading', { name: 'rain' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /: rain$/ }));

    expect(await screen.findByRole('heading', { name: 'Level done!' })).toBeTruthy();
    expect(sent(calls)).toEqual([
      expect.objectContaining({ level_key: FIND, right: 2, tries: 4, character_asset_id: 31, version: 2 }),
    ]);
    expect(screen.getByText('2 stars')).toBeTruthy();
    // The last level opened: "Next" leads to it.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'The rocket roars.' })).toBeTruthy();
  });

  it('sends a failed play again with the same key, and a new play with a new key', async () => {
    let failures = 1;
    const calls = gameApi(GAME([SAY, FIND]), () =>
      failures-- > 0 ? json({ code: 'internal_error', message: 'Service unavailable.' }, 503) : undefined,
    );
    await renderInApp(<GamePlayPage />, { as: null });
    await chooseFox();
    fireEvent.click(levelButton(3));
    fireEvent.click(screen.getByRole('button', { name: 'Right' }));

    expect(await screen.findByText('Not saved: check the connection and send again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('heading', { name: 'Level done!' })).toBeTruthy();
    expect(screen.getByText('You have finished the whole game!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    const [first, retry] = sent(calls);
    expect(retry).toEqual(first);

    fireEvent.click(screen.getByRole('button', { name: 'Play again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Right' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(3));
    expect(sent(calls)[2]?.key).not.toBe(first?.key);
    expect(await screen.findByRole('heading', { name: 'Level done!' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Levels' }));
    expect(screen.getByRole('heading', { name: 'Choose a level' })).toBeTruthy();
  });

  it('turns into "game not found" when the link is withdrawn during a play', async () => {
    gameApi(GAME([SAY, FIND]), () => json({ code: 'not_found', message: 'Gone.' }, 404));
    await renderInApp(<GamePlayPage />, { as: null });
    await chooseFox();
    fireEvent.click(levelButton(3));
    fireEvent.click(screen.getByRole('button', { name: 'Right' }));
    expect(await screen.findByRole('heading', { name: 'Game not found (or wrong link)' })).toBeTruthy();
  });

  it('keeps still under reduced motion: no shake, a celebration without movement', async () => {
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
    gameApi(GAME([SAY]));
    await renderInApp(<GamePlayPage />, { as: null });
    await chooseFox();
    fireEvent.click(levelButton(2));
    const wrong = wrongPicture('red car');
    fireEvent.click(wrong);
    expect(screen.getByText('Not this one. Try again!')).toBeTruthy();
    expect(wrong.getAttribute('data-shaking')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /: red car$/ }));
    fireEvent.click(screen.getByRole('button', { name: /: rabbit runs$/ }));
    fireEvent.click(screen.getByRole('button', { name: /: rain$/ }));
    expect(await screen.findByRole('heading', { name: 'Level done!' })).toBeTruthy();
    expect(screen.getByTestId('celebration').getAttribute('data-motion')).toBe('still');
  });

  it('speaks the child’s language, with Ukrainian plural forms for stars', async () => {
    gameApi(GAME([SAY], 'uk'));
    await renderInApp(<GamePlayPage />, { as: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Fox' }));
    expect(await screen.findByRole('heading', { name: 'Обери рівень' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '2 зірки з 3' })).toBeTruthy();
    expect(screen.getAllByText('Закрито')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Рівень 2/ }));
    expect(screen.getByText('1 з 3')).toBeTruthy();
  });
});
