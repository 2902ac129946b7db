import type { LessonSessionLink } from '@logoschool/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../../testing/render.tsx';
import { SESSION_MOVE_DEBOUNCE_MS, SessionControl, type SessionPlace } from './session-control.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const URL = 'https://school.example/client-session/' + 'a'.repeat(43);
const ISSUED = '2026-11-20T10:00:00.000Z';
/** The link's part of the state: live at URL, or none yet. */
const live = { url: URL, link_state: 'live', issued_at: ISSUED, withdrawn_at: null } as const;
const none = { url: null, link_state: 'none', issued_at: null, withdrawn_at: null } as const;
const LINK = '/lesson/7/link';
const SESSION = '/lesson/7/session';

/** The server's side of the session: its state, changed by the calls as the API would. */
function fakeSession(start: LessonSessionLink) {
  let state = start;
  const calls = fakeApi({
    [`GET ${LINK}`]: () => json({ data: state }),
    [`POST ${SESSION}`]: (call: SentCall) => {
      const body = call.body as { action: string; position: number; slide: number };
      state =
        body.action === 'end'
          ? { ...state, state: 'ended' }
          : { ...live, state: 'live', position: body.position, slide: body.slide };
      return json({ data: state });
    },
    // The kit's answer: the link alone.
    [`DELETE ${LINK}`]: () => {
      const link = { url: null, link_state: 'withdrawn', issued_at: ISSUED, withdrawn_at: ISSUED } as const;
      state = { ...state, ...link };
      return json({ data: link });
    },
  });
  return calls;
}

const control = (place: SessionPlace | null) => (
  <SessionControl lessonId={7} place={place} finished={false} locked={false} />
);
/** The player around the control: the test moves it with `player.moveTo`. */
const player = { moveTo: (_place: SessionPlace) => {} };
function Player({ first }: { first: SessionPlace }) {
  const [place, setPlace] = useState(first);
  useEffect(() => {
    player.moveTo = (next) => act(() => setPlace(next));
  }, []);
  return control(place);
}

const moves = (calls: SentCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === SESSION).map((call) => call.body);

describe('the player’s control of the child’s screen', () => {
  it('starts the session at the player’s place and shows the child’s link', async () => {
    const calls = fakeSession({ ...none, state: 'not_started', position: 0, slide: 0 });
    await renderInApp(control({ position: 2, slide: 1 }));
    fireEvent.click(await screen.findByRole('button', { name: "Child's screen" }));
    expect(await screen.findByText('No link yet: starting the session makes one.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start session' }));
    expect(await screen.findByRole('button', { name: 'End session' })).toBeTruthy();
    expect((screen.getByLabelText("Child's link") as HTMLInputElement).value).toBe(URL);
    expect(screen.getByRole('button', { name: 'Live' })).toBeTruthy();
    expect(moves(calls)).toEqual([{ action: 'start', position: 2, slide: 1 }]);
  });

  it('sends where the player rests while live, once per place, and nothing while not live', async () => {
    const calls = fakeSession({ ...live, state: 'live', position: 0, slide: 0 });
    await renderInApp(<Player first={{ position: 0, slide: 0 }} />);
    expect(await screen.findByRole('button', { name: 'Live' })).toBeTruthy();
    vi.useFakeTimers();
    // Quick presses: only the place the player rests on goes.
    player.moveTo({ position: 0, slide: 1 });
    player.moveTo({ position: 1, slide: 0 });
    await act(() => vi.advanceTimersByTimeAsync(SESSION_MOVE_DEBOUNCE_MS));
    expect(moves(calls)).toEqual([{ action: 'move', position: 1, slide: 0 }]);
    // The same place again sends nothing.
    player.moveTo({ position: 1, slide: 0 });
    await act(() => vi.advanceTimersByTimeAsync(SESSION_MOVE_DEBOUNCE_MS));
    expect(moves(calls)).toHaveLength(1);

    // Ended: moves stay with the player.
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Live' }));
    fireEvent.click(await screen.findByRole('button', { name: 'End session' }));
    expect(await screen.findByRole('button', { name: 'Start again' })).toBeTruthy();
    vi.useFakeTimers();
    player.moveTo({ position: 2, slide: 0 });
    await act(() => vi.advanceTimersByTimeAsync(SESSION_MOVE_DEBOUNCE_MS * 2));
    expect(moves(calls).map((body) => (body as { action: string }).action)).toEqual(['move', 'end']);
  });

  it('withdraws the link after asking, closing itself so as not to cover the question', async () => {
    const calls = fakeSession({ ...live, state: 'ended', position: 0, slide: 0 });
    await renderInApp(control({ position: 0, slide: 0 }));
    fireEvent.click(await screen.findByRole('button', { name: "Child's screen" }));
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the link?' });
    expect(screen.queryByRole('dialog', { name: "Child's screen" })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw link' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    // The state shows the withdrawal; the session's state stays as it was.
    fireEvent.click(screen.getByRole('button', { name: "Child's screen" }));
    expect(await screen.findByText('Link withdrawn')).toBeTruthy();
    expect(screen.getByText('No link yet: starting the session makes one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeTruthy();
  });
});
