import type { PracticePlay, PracticeTryInput } from '@logoschool/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as Router from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { PlayPracticePage } from './play-practice-page.tsx';

const TOKEN = 'Ab3_-'.repeat(8) + 'xyz';
let token = TOKEN;
const navigated: string[] = [];

vi.mock('react-router', async (original) => {
  const actual = await original<typeof Router>();
  return {
    ...actual,
    useParams: () => ({ token }),
    Navigate: ({ to }: { to: string }) => {
      navigated.push(to);
      return null;
    },
  };
});

afterEach(() => {
  token = TOKEN;
  navigated.length = 0;
  document.documentElement.lang = 'en';
});

const counts = { right: 0, helped: 0, not_yet: 0 };
const PRACTICE: PracticePlay = {
  language: 'en',
  child_name: 'Marko',
  lesson_number: 3,
  presentations: [
    {
      exercise_id: 11,
      title: 'Word one',
      image_urls: [
        `/api/home-practice/${TOKEN}/slide?exercise_id=11&slide=0`,
        `/api/home-practice/${TOKEN}/slide?exercise_id=11&slide=1`,
      ],
      counts,
    },
    { exercise_id: 12, title: 'Phrase two', image_urls: [], counts: { right: 2, helped: 0, not_yet: 1 } },
  ],
};
const play = () => json({ data: PRACTICE });

describe('the parent’s player', () => {
  it('leads an old player link (a lesson’s id) to the teacher’s player, and asks nothing', async () => {
    token = '42';
    const calls = fakeApi({});
    await renderInApp(<PlayPracticePage />, { as: null });
    expect(navigated).toEqual(['/conduct-lesson/42']);
    expect(calls).toEqual([]);
  });

  it('says a made-up or withdrawn link is not valid', async () => {
    fakeApi({
      [`GET /home-practice/${TOKEN}`]: () =>
        json({ code: 'not_found', message: 'This link is not valid or was withdrawn.' }, 404),
    });
    await renderInApp(<PlayPracticePage />, { as: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not valid or was withdrawn' }),
    ).toBeTruthy();
  });

  it('moves through the slides by buttons and keys, and shows a presentation without images by its title', async () => {
    fakeApi({ [`GET /home-practice/${TOKEN}`]: play });
    await renderInApp(<PlayPracticePage />, { as: null });
    expect(await screen.findByRole('img', { name: 'Word one, slide 1 of 2' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('img', { name: 'Word one, slide 2 of 2' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByRole('heading', { name: 'Phrase two' })).toBeTruthy();
    expect(screen.getByText('Presentation 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Said it right: 2' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByRole('img', { name: 'Word one, slide 2 of 2' })).toBeTruthy();
  });

  it('stores each tap at once with its own key, ignores a second tap on its way, and retries with the same key', async () => {
    let fail = true;
    const calls = fakeApi({
      [`GET /home-practice/${TOKEN}`]: play,
      [`POST /home-practice/${TOKEN}/tries`]: (call) => {
        if (fail) {
          fail = false;
          return json({ code: 'internal', message: 'Down' }, 503);
        }
        const body = call.body as PracticeTryInput;
        return json({ data: { recorded: true, counts: { ...counts, [body.outcome]: 1 } } });
      },
    });
    await renderInApp(<PlayPracticePage />, { as: null });
    const right = await screen.findByRole('button', { name: 'Said it right: 0' });
    fireEvent.click(right);
    fireEvent.click(right);
    expect(await screen.findByText(/Not saved/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Said it right: 1' })).toBeTruthy();
    expect(screen.getByText('Saved.')).toBeTruthy();
    const taps = calls.filter((call) => call.method === 'POST').map((call) => call.body as PracticeTryInput);
    expect(taps).toHaveLength(2);
    expect(taps[0]).toEqual({ key: taps[1]?.key, exercise_id: 11, outcome: 'right' });

    fireEvent.click(screen.getByRole('button', { name: 'Needed help: 0' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Needed help: 1' })).toBeTruthy());
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => (call.body as PracticeTryInput).key);
    expect(new Set(keys).size).toBe(2);
  });

  it('speaks the child’s language: Ukrainian buttons for a Ukrainian student', async () => {
    fakeApi({ [`GET /home-practice/${TOKEN}`]: () => json({ data: { ...PRACTICE, language: 'uk' } }) });
    await renderInApp(<PlayPracticePage />, { as: null });
    expect(await screen.findByRole('button', { name: 'Правильно: 0' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'З підказкою: 0' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ще не виходить: 0' })).toBeTruthy();
  });
});
