import { API, LOCAL_KEYS } from '@logoschool/contract';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../api/client.ts';
import { initI18n } from '../i18n/i18n.ts';
import { createQueryClient } from './query-client.ts';

const notify = vi.hoisted(() => ({ show: vi.fn(), update: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: notify }));

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function failWith(status: number, message: string) {
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ message, code: 'server_error' }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

function withCache() {
  const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

function shownMessages(): unknown[] {
  return notify.show.mock.calls.map(([notification]) => (notification as { message: unknown }).message);
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  localStorage.clear();
  notify.show.mockReset();
  notify.update.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('errors reach TanStack Query', () => {
  it('puts a failing query in isError with the ApiError and notifies once, from the cache', async () => {
    failWith(500, 'The server broke');
    const { result } = renderHook(
      () => useQuery({ queryKey: ['failing'], queryFn: () => callApi<string>('/exercises') }),
      { wrapper: withCache() },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({
      name: 'ApiError',
      status: 500,
      message: 'The server broke',
    });
    expect(notify.show).toHaveBeenCalledOnce();
    expect(notify.show).toHaveBeenCalledWith(expect.objectContaining({ id: 'api-error', color: 'red' }));
    expect(shownMessages()).toEqual(['The server broke']);
  });

  it('does not notify for a query that says meta: { silent: true }', async () => {
    failWith(500, 'The server broke');
    const { result } = renderHook(
      () =>
        useQuery({
          queryKey: ['failing-quietly'],
          queryFn: () => callApi<string>('/exercises'),
          meta: { silent: true },
        }),
      { wrapper: withCache() },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(notify.show).not.toHaveBeenCalled();
    expect(notify.update).not.toHaveBeenCalled();
  });

  it('notifies for a failing mutation unless it is silent', async () => {
    failWith(409, 'Already there');
    const wrapper = withCache();
    const loud = renderHook(() => useMutation({ mutationFn: () => callApi('/tags', { method: 'POST' }) }), {
      wrapper,
    });
    const quiet = renderHook(
      () => useMutation({ mutationFn: () => callApi('/tags', { method: 'POST' }), meta: { silent: true } }),
      { wrapper },
    );
    await act(() => quiet.result.current.mutateAsync().catch(() => undefined));
    expect(notify.show).not.toHaveBeenCalled();
    await act(() => loud.result.current.mutateAsync().catch(() => undefined));
    expect(shownMessages()).toEqual(['Already there']);
  });

  it('leaves a quiet path (spec §8) and an expired session to the client: one notification, the session one', async () => {
    failWith(500, 'Storage broke');
    const storage = renderHook(
      () => useQuery({ queryKey: ['storage'], queryFn: () => callApi(`${API.storage}/app_settings`) }),
      { wrapper: withCache() },
    );
    await waitFor(() => expect(storage.result.current.isError).toBe(true));
    expect(notify.show).not.toHaveBeenCalled();

    localStorage.setItem(LOCAL_KEYS.auth, 'stale');
    failWith(401, 'Session expired');
    const expired = renderHook(
      () => useQuery({ queryKey: ['expired'], queryFn: () => callApi('/exercises') }),
      { wrapper: withCache() },
    );
    await waitFor(() => expect(expired.result.current.isError).toBe(true));
    expect(shownMessages()).toEqual(['Your session has expired, please sign in again.']);
  });
});
