import type { ClientSession, SessionStateView } from '@logoschool/contract';
import { act, screen } from '@testing-library/react';
import type * as Router from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { ClientSessionPage, SESSION_RECONNECT_MS } from './client-session-page.tsx';

const TOKEN = 'Ab3_-'.repeat(8) + 'xyz';
let token = TOKEN;

vi.mock('react-router', async (original) => ({
  ...(await original<typeof Router>()),
  useParams: () => ({ token }),
}));

/** The browser's EventSource as the page uses it: the test sends its events and reads its state. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server sends an event. */
  emit(type: string, data = '') {
    if (type === 'open') this.readyState = FakeEventSource.OPEN;
    act(() => this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data }))));
  }
  /** The stream fails; `closed`: the server refused it, and the browser gives it up. */
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.emit('error');
  }
}
const lastSource = () => {
  const source = FakeEventSource.opened.at(-1);
  if (!source) throw new Error('the page opened no stream');
  return source;
};
/** The stream the page opens once it shows the lesson (its effect may run after the first paint). */
const streamOpened = () => vi.waitFor(lastSource);

beforeEach(() => {
  FakeEventSource.opened = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  token = TOKEN;
  document.documentElement.lang = 'en';
});

const waiting: SessionStateView = {
  state: 'not_started',
  position: 0,
  slide: 0,
  presentation: null,
  next_image_url: null,
};
const slideUrl = (position: number, slide: number) =>
  `/api/play-lesson/${TOKEN}/slide?position=${position}&slide=${slide}`;
const live = (slide: number): SessionStateView => ({
  state: 'live',
  position: 0,
  slide,
  presentation: { title: 'Word one', slides: 2, image_url: slideUrl(0, slide), text: '' },
  next_image_url: slide === 0 ? slideUrl(0, 1) : null,
});
const lesson = (session: SessionStateView): ClientSession => ({
  language: 'en',
  child_name: 'Marko',
  lesson_number: 3,
  presentations: 4,
  session,
});
const invalid = () => json({ code: 'not_found', message: 'This link is not valid or was withdrawn.' }, 404);

describe('the child’s screen', () => {
  it('says plainly that a wrong or withdrawn link is not valid, and listens to nothing', async () => {
    fakeApi({ [`GET /play-lesson/${TOKEN}`]: invalid });
    vi.stubGlobal('EventSource', FakeEventSource);
    await renderInApp(<ClientSessionPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not valid or was withdrawn' }),
    ).toBeTruthy();
    expect(FakeEventSource.opened).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not ask about an address that holds no token at all', async () => {
    token = 'not a token!';
    const calls = fakeApi({});
    vi.stubGlobal('EventSource', FakeEventSource);
    await renderInApp(<ClientSessionPage />);
    expect(screen.getByRole('heading', { name: 'This link is not valid or was withdrawn' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('waits for the start, follows every move of the teacher, and says when the session ended', async () => {
    fakeApi({ [`GET /play-lesson/${TOKEN}`]: () => json({ data: lesson(waiting) }) });
    vi.stubGlobal('EventSource', FakeEventSource);
    await renderInApp(<ClientSessionPage />);
    expect(await screen.findByRole('heading', { name: 'The session has not started yet' })).toBeTruthy();
    expect(screen.getByText('Lesson 3 · Marko')).toBeTruthy();
    expect((await streamOpened()).url).toBe(`/api/play-lesson/${TOKEN}/events`);

    lastSource().emit('state', JSON.stringify(live(0)));
    const first = screen.getByRole('img', { name: 'Word one, slide 1 of 2' });
    expect(first.getAttribute('src')).toBe(slideUrl(0, 0));
    lastSource().emit('state', JSON.stringify(live(1)));
    expect(screen.getByRole('img', { name: 'Word one, slide 2 of 2' }).getAttribute('src')).toBe(
      slideUrl(0, 1),
    );

    // A deck without images: its title, large.
    lastSource().emit(
      'state',
      JSON.stringify({
        ...live(0),
        position: 1,
        presentation: { title: 'Phrase one', slides: 0, image_url: null, text: '' },
      }),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Phrase one' })).toBeTruthy();
    // Something that is not a state is left aside.
    lastSource().emit('state', '{"state":"dancing"}');
    lastSource().emit('state', 'not json');
    expect(screen.getByRole('heading', { level: 2, name: 'Phrase one' })).toBeTruthy();

    lastSource().emit('state', JSON.stringify({ ...waiting, state: 'ended' }));
    expect(screen.getByRole('heading', { name: 'The session has ended' })).toBeTruthy();
    expect(screen.getByText('Well done, Marko! You can close this page.')).toBeTruthy();
  });

  it('says the link is no longer valid when the teacher withdraws it', async () => {
    fakeApi({ [`GET /play-lesson/${TOKEN}`]: () => json({ data: lesson(live(0)) }) });
    vi.stubGlobal('EventSource', FakeEventSource);
    await renderInApp(<ClientSessionPage />);
    expect(await screen.findByRole('img', { name: 'Word one, slide 1 of 2' })).toBeTruthy();
    const source = await streamOpened();
    source.emit('invalid', '{}');
    expect(screen.getByRole('heading', { name: 'This link is not valid or was withdrawn' })).toBeTruthy();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('says it is reconnecting, and asks again after a refused stream', async () => {
    let answer = () => json({ data: lesson(live(0)) });
    const calls = fakeApi({ [`GET /play-lesson/${TOKEN}`]: () => answer() });
    vi.stubGlobal('EventSource', FakeEventSource);
    await renderInApp(<ClientSessionPage />);
    expect(await screen.findByRole('img', { name: 'Word one, slide 1 of 2' })).toBeTruthy();
    await streamOpened();
    vi.useFakeTimers();

    // Dropped: the browser reconnects by itself.
    lastSource().fail(false);
    expect(screen.getByText('Connection lost. Reconnecting…')).toBeTruthy();
    lastSource().emit('open');
    expect(screen.queryByText('Connection lost. Reconnecting…')).toBeNull();
    expect(FakeEventSource.opened).toHaveLength(1);

    // Refused: after a pause the page asks about the link, then listens anew.
    lastSource().fail(true);
    answer = () => json({ data: lesson(live(1)) });
    await act(() => vi.advanceTimersByTimeAsync(SESSION_RECONNECT_MS));
    expect(calls).toHaveLength(2);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Word one, slide 2 of 2' })).toBeTruthy();

    // Refused again, and the link is gone meanwhile.
    lastSource().fail(true);
    answer = invalid;
    await act(() => vi.advanceTimersByTimeAsync(SESSION_RECONNECT_MS));
    expect(screen.getByRole('heading', { name: 'This link is not valid or was withdrawn' })).toBeTruthy();
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});
