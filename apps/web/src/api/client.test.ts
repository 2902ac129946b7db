// Over 400 lines: one table of the client's whole contract (DESIGN §5), one describe per behaviour.
import { API, LOCAL_KEYS, PUBLIC_REQUEST_SPACING_MS, REQUEST_TIMEOUT_MS } from '@logoschool/contract';
import type * as MantineNotifications from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Client from './client.ts';

const notify = vi.hoisted(() => ({ show: vi.fn(), update: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: notify }));

const EN = {
  generic: 'Something went wrong. Please try again or contact the administrator.',
  network: 'No connection to the server. Check your internet connection.',
  timeout: 'The server took too long to answer.',
  sessionExpired: 'Your session has expired, please sign in again.',
  close: 'Close the message',
};

let api: typeof Client;
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Answers every call with a fresh copy of the same response (a body can be read only once). */
function answerAlways(status: number, body: unknown, headers: Record<string, string> = {}) {
  fetchMock.mockImplementation(async () => json(status, body, headers));
}

/** A fetch that never answers, but rejects like the browser's when its signal aborts. */
function hangUntilAborted() {
  fetchMock.mockImplementation(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (init.signal?.aborted) abort();
        init.signal?.addEventListener('abort', abort);
      }),
  );
}

/** The call's data, or null when it failed (its notification is what these tests look at). */
function quietly<T>(call: Promise<T>): Promise<T | null> {
  return call.catch(() => null);
}

function sent(index = 0): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls[index]!;
  return { url, init, headers: init.headers as Record<string, string> };
}

function shownMessages(): unknown[] {
  return notify.show.mock.calls.map(([notification]) => (notification as { message: unknown }).message);
}

beforeEach(async () => {
  // A fresh client per test: its configuration and the public-page queue are module state.
  vi.resetModules();
  localStorage.clear();
  notify.show.mockReset();
  notify.update.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubEnv('VITE_API_URL', '');
  vi.stubEnv('VITE_PUBLIC_TOKEN', '');
  const { initI18n } = await import('../i18n/i18n.ts');
  await initI18n('en');
  api = await import('./client.ts');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

describe('addresses and answers', () => {
  it('calls the API base with credentials and unwraps data', async () => {
    answerAlways(200, { data: { id: 7, name: 'Ann' } });
    await expect(api.request(API.checkToken)).resolves.toEqual({ id: 7, name: 'Ann' });
    const { url, init } = sent();
    expect(url).toBe('/api/check-token');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
  });

  it('takes the base address from VITE_API_URL', async () => {
    vi.stubEnv('VITE_API_URL', 'https://api.example.test/v1/');
    answerAlways(200, { data: null });
    await quietly(api.request(API.checkToken));
    expect(sent().url).toBe('https://api.example.test/v1/check-token');
  });

  it('builds the query string without undefined and null values', async () => {
    answerAlways(200, { data: [] });
    await quietly(
      api.request('/exercises', {
        query: {
          workspace_id: 3,
          role_id: 5,
          client_id: undefined,
          protocol_id: null,
          with_activities: true,
        },
      }),
    );
    await quietly(api.request('/exercises/9?role_id=4', { query: { workspace_id: 3, term: 'a b' } }));
    expect(sent(0).url).toBe('/api/exercises?workspace_id=3&role_id=5&with_activities=true');
    expect(sent(1).url).toBe('/api/exercises/9?role_id=4&workspace_id=3&term=a+b');
  });

  it('keeps the meta of a paginated list', async () => {
    answerAlways(200, { data: [{ id: 1 }], meta: { total: 21, page: 2, per_page: 20 } });
    await expect(api.callApiPage(API.auditLog, { query: { page: 2 } })).resolves.toEqual({
      data: [{ id: 1 }],
      meta: { total: 21, page: 2, per_page: 20 },
    });
  });

  it('makes callApi and callApiPage throw the ApiError and show nothing: the query cache does', async () => {
    answerAlways(404, { message: 'Not found', code: 'not_found' });
    await expect(api.callApi('/exercises/1')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(api.callApiPage('/exercises')).rejects.toBeInstanceOf(api.ApiError);
    expect(notify.show).not.toHaveBeenCalled();
  });

  it('sends a change as JSON and gives the data back', async () => {
    answerAlways(201, { data: { id: 5, title: 'New' } });
    await expect(api.request('/exercises', { method: 'POST', body: { title: 'New' } })).resolves.toEqual({
      id: 5,
      title: 'New',
    });
    const { init, headers } = sent();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"title":"New"}');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('throws an ApiError with the envelope for callers that need the field errors', async () => {
    answerAlways(422, {
      message: 'Check the fields',
      code: 'validation_failed',
      errors: { email: ['Enter a valid email address.'] },
    });
    const error = await api.request('/users/profile', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(api.ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Check the fields',
      fieldErrors: { email: ['Enter a valid email address.'] },
      retryAfter: null,
    });
  });

  it('names an unknown server code or a body that is no envelope http_error', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { message: 'Taken', code: 'something_new' }));
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.request('/a')).rejects.toMatchObject({
      status: 409,
      code: 'http_error',
      message: 'Taken',
    });
    await expect(api.request('/b')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: EN.generic,
    });
  });
});

describe('headers', () => {
  it('asks in the interface language when none is saved, and sends no token or content type without one', async () => {
    answerAlways(200, { data: null });
    await quietly(api.request(API.checkToken));
    const { headers, init } = sent();
    // The tests' interface is in English (initI18n('en') above).
    expect(headers['Accept-Language']).toBe('en');
    expect(headers).not.toHaveProperty('Authorization');
    expect(headers).not.toHaveProperty('Content-Type');
    expect(init.body).toBeUndefined();
  });

  it('asks for the saved language, but the interface language for one it does not know', async () => {
    answerAlways(200, { data: null });
    localStorage.setItem(LOCAL_KEYS.language, 'pl');
    await quietly(api.request('/a'));
    localStorage.setItem(LOCAL_KEYS.language, 'de');
    await quietly(api.request('/b'));
    expect(sent(0).headers['Accept-Language']).toBe('pl');
    expect(sent(1).headers['Accept-Language']).toBe('en');
  });

  it('sends the saved token as a bearer token, with extra headers the caller adds', async () => {
    answerAlways(200, { data: null });
    localStorage.setItem(LOCAL_KEYS.auth, 'user-token');
    await quietly(api.request('/storage/app_settings', { headers: { 'X-Env-Id': '2' } }));
    expect(sent().headers).toMatchObject({ Authorization: 'Bearer user-token', 'X-Env-Id': '2' });
  });

  it('sends no content type with a DELETE or a POST without a body', async () => {
    answerAlways(200, { data: { ok: true } });
    await quietly(api.request('/exercises/3', { method: 'DELETE' }));
    await quietly(api.request('/exercises/3/like', { method: 'POST' }));
    expect(sent(0).headers).not.toHaveProperty('Content-Type');
    expect(sent(1).headers).not.toHaveProperty('Content-Type');
  });

  it('sends form data as it is, leaving the content type to the browser', async () => {
    answerAlways(200, { data: { id: 1 } });
    const form = new FormData();
    form.append('name', 'picture');
    await quietly(api.request('/files', { method: 'POST', body: form }));
    expect(sent().init.body).toBe(form);
    expect(sent().headers).not.toHaveProperty('Content-Type');
  });

  it('uses the configured public token, not the user one, for get-client-by-remote-id', async () => {
    answerAlways(200, { data: { id: 1 } });
    localStorage.setItem(LOCAL_KEYS.auth, 'user-token');
    api.configureApi({ publicToken: 'public-token' });
    await quietly(api.request('/get-client-by-remote-id/abc'));
    expect(sent().headers.Authorization).toBe('Bearer public-token');
  });

  it('takes the public token from VITE_PUBLIC_TOKEN by default', async () => {
    vi.stubEnv('VITE_PUBLIC_TOKEN', 'env-public-token');
    answerAlways(200, { data: { id: 1 } });
    await quietly(api.request('/get-client-by-remote-id/abc'));
    expect(sent().headers.Authorization).toBe('Bearer env-public-token');
  });
});

describe('the error notification', () => {
  it('shows the server message in the one red notification', async () => {
    answerAlways(409, { message: 'An exercise with this title already exists', code: 'conflict' });
    await quietly(api.request('/exercises', { method: 'POST', body: { title: 'Dup' } }));
    const expected = {
      id: 'api-error',
      color: 'red',
      message: 'An exercise with this title already exists',
      closeButtonProps: { 'aria-label': EN.close },
    };
    expect(notify.show).toHaveBeenCalledExactlyOnceWith(expected);
    expect(notify.update).toHaveBeenCalledExactlyOnceWith(expected);
  });

  it('falls back to the client message when the server gives none', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await quietly(api.request('/a'));
    await quietly(api.request('/b'));
    expect(shownMessages()).toEqual([EN.generic, EN.network]);
  });

  it('replaces the one on screen instead of stacking a second', async () => {
    const real = await vi.importActual<typeof MantineNotifications>('@mantine/notifications');
    real.notifications.clean();
    notify.show.mockImplementation(real.notifications.show);
    notify.update.mockImplementation(real.notifications.update);
    fetchMock.mockResolvedValueOnce(json(409, { message: 'First', code: 'conflict' }));
    fetchMock.mockResolvedValueOnce(json(409, { message: 'Second', code: 'conflict' }));
    await quietly(api.request('/a'));
    await quietly(api.request('/b'));
    const { notifications, queue } = real.notificationsStore.getState();
    expect([...notifications, ...queue].map((n) => [n.id, n.message])).toEqual([['api-error', 'Second']]);
  });

  it.each(['/storage', '/storage/app_settings', '/storage/app_settings/theme', '/check-token'])(
    'is suppressed for %s',
    async (path) => {
      answerAlways(500, { message: 'Boom', code: 'internal_error' });
      await quietly(api.request(path));
      expect(fetchMock).toHaveBeenCalledOnce();
      expect(notify.show).not.toHaveBeenCalled();
    },
  );

  it.each(['/generator/generate-before-lesson', '/game/check-auth', '/game/check-auth?id=4'])(
    'is suppressed for %s',
    async (path) => {
      answerAlways(404, { message: 'Not found', code: 'not_found' });
      await quietly(api.request(path));
      expect(notify.show).not.toHaveBeenCalled();
    },
  );

  it('is shown for client-storage, which is not storage', async () => {
    answerAlways(500, { message: 'Boom', code: 'internal_error' });
    await quietly(api.request('/client-storage/5'));
    expect(shownMessages()).toEqual(['Boom']);
  });

  it('is suppressed for a silent call', async () => {
    answerAlways(500, { message: 'Boom', code: 'internal_error' });
    await expect(api.request('/exercises', { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(notify.show).not.toHaveBeenCalled();
    expect(notify.update).not.toHaveBeenCalled();
  });

  it('stays away when the caller aborts', async () => {
    hangUntilAborted();
    const controller = new AbortController();
    const pending = api.request('/exercises', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ status: 0, code: 'aborted' });
    const early = new AbortController();
    early.abort();
    await expect(quietly(api.request('/exercises', { signal: early.signal }))).resolves.toBeNull();
    expect(notify.show).not.toHaveBeenCalled();
  });
});

describe('session expiry', () => {
  it('clears the token, says so once and calls the handler once for parallel 401s', async () => {
    const onSessionExpired = vi.fn();
    api.configureApi({ onSessionExpired });
    localStorage.setItem(LOCAL_KEYS.auth, 'stale');
    answerAlways(401, { message: 'Сессия истекла', code: 'session_expired' });
    const results = await Promise.all([
      quietly(api.request('/a')),
      quietly(api.request('/b')),
      quietly(api.request('/c', { method: 'POST', body: {} })),
    ]);
    expect(results).toEqual([null, null, null]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem(LOCAL_KEYS.auth)).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(notify.show).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ id: 'api-error', color: 'red', message: EN.sessionExpired }),
    );
  });

  it('happens even for a quiet call', async () => {
    const onSessionExpired = vi.fn();
    api.configureApi({ onSessionExpired });
    localStorage.setItem(LOCAL_KEYS.auth, 'stale');
    answerAlways(401, { message: 'Expired', code: 'session_expired' });
    await quietly(api.request(API.checkToken));
    expect(localStorage.getItem(LOCAL_KEYS.auth)).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(shownMessages()).toEqual([EN.sessionExpired]);
  });

  it('does not happen for a 401 of the login call', async () => {
    const onSessionExpired = vi.fn();
    api.configureApi({ onSessionExpired });
    localStorage.setItem(LOCAL_KEYS.auth, 'old');
    answerAlways(401, { message: 'Wrong email or password', code: 'invalid_credentials' });
    await expect(api.request(API.login, { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem(LOCAL_KEYS.auth)).toBe('old');
    expect(shownMessages()).toEqual(['Wrong email or password']);
  });

  it('does not happen for a call that carried no token', async () => {
    const onSessionExpired = vi.fn();
    api.configureApi({ onSessionExpired });
    answerAlways(401, { message: 'Sign in first', code: 'unauthenticated' });
    await quietly(api.request('/workspaces'));
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(shownMessages()).toEqual(['Sign in first']);
  });

  it('does not clear a newer token when an old call answers 401 late', async () => {
    const onSessionExpired = vi.fn();
    api.configureApi({ onSessionExpired });
    localStorage.setItem(LOCAL_KEYS.auth, 'old');
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = quietly(api.request('/workspaces'));
    localStorage.setItem(LOCAL_KEYS.auth, 'new');
    answer(json(401, { message: 'Expired', code: 'session_expired' }));
    await expect(pending).resolves.toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.auth)).toBe('new');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('rate limit (429)', () => {
  const limited = () =>
    json(429, { message: 'Too many requests', code: 'rate_limited' }, { 'Retry-After': '3' });

  it('waits Retry-After seconds and tries again', async () => {
    useFakeClock();
    fetchMock.mockResolvedValueOnce(limited());
    fetchMock.mockResolvedValueOnce(json(200, { data: { id: 1 } }));
    const pending = quietly(api.request('/exercises/1'));
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(pending).resolves.toEqual({ id: 1 });
    expect(notify.show).not.toHaveBeenCalled();
  });

  it('gives up after two retries and fails as usual', async () => {
    useFakeClock();
    fetchMock.mockImplementation(async () => limited());
    const pending = api.request('/exercises/1');
    const outcome = expect(pending).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfter: 3,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    await outcome;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(shownMessages()).toEqual(['Too many requests']);
  });

  it('waits at most a minute', async () => {
    useFakeClock();
    fetchMock.mockResolvedValueOnce(
      json(429, { message: 'Too many requests', code: 'rate_limited' }, { 'Retry-After': '3600' }),
    );
    fetchMock.mockResolvedValueOnce(json(200, { data: 'ok' }));
    const pending = quietly(api.request('/a'));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBe('ok');
  });
});

describe('timeout', () => {
  it(`gives up after ${REQUEST_TIMEOUT_MS} ms with its own message`, async () => {
    useFakeClock();
    hangUntilAborted();
    let settled = false;
    const pending = api.request('/lessons');
    const outcome = pending.catch((error: unknown) => {
      settled = true;
      return error;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({ status: 0, code: 'timeout', message: EN.timeout });
    expect(shownMessages()).toEqual([EN.timeout]);
  });
});

describe('public page spacing', () => {
  async function callsAfter(ms: number) {
    await vi.advanceTimersByTimeAsync(ms);
    return fetchMock.mock.calls.length;
  }

  it(`queues requests ${PUBLIC_REQUEST_SPACING_MS} ms apart when the app throttles`, async () => {
    useFakeClock();
    api.configureApi({ throttlePublic: true });
    answerAlways(200, { data: 'ok' });
    const all = Promise.all([
      quietly(api.request('/a')),
      quietly(api.request('/b')),
      quietly(api.request('/c')),
    ]);
    expect(await callsAfter(0)).toBe(1);
    expect(await callsAfter(PUBLIC_REQUEST_SPACING_MS - 1)).toBe(1);
    expect(await callsAfter(1)).toBe(2);
    expect(await callsAfter(PUBLIC_REQUEST_SPACING_MS)).toBe(3);
    await expect(all).resolves.toEqual(['ok', 'ok', 'ok']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/a', '/api/b', '/api/c']);
  });

  it('spaces calls that ask for it', async () => {
    useFakeClock();
    answerAlways(200, { data: 'ok' });
    void quietly(api.request('/a', { throttle: true }));
    void quietly(api.request('/b', { throttle: true }));
    expect(await callsAfter(0)).toBe(1);
    expect(await callsAfter(PUBLIC_REQUEST_SPACING_MS)).toBe(2);
  });

  it('does not throttle signed-in pages', async () => {
    useFakeClock();
    answerAlways(200, { data: 'ok' });
    void quietly(api.request('/a'));
    void quietly(api.request('/b'));
    void quietly(api.request('/c'));
    expect(await callsAfter(0)).toBe(3);
  });
});
