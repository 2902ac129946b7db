import { LAST_AUTO_UPDATE_FORMAT, LOCAL_KEYS, type AppStatus } from '@logoschool/contract';
import { fireEvent, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { writeLocal } from '../../lib/local-storage.ts';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { AppNotice } from './app-notice.tsx';
import { WideScreenOnly } from './mobile-unavailable.tsx';
import { PublicNotices, noticeOf } from './public-notices.tsx';
import { isOutdated, reloadedRecently, serverState } from './server-state.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.innerHTML = '';
});

const status = (maintenance: AppStatus['maintenance'], version = '1.0.0+a'): AppStatus => ({
  version,
  maintenance,
});

describe('what a page says about the running app', () => {
  it('puts maintenance first, then a deploy, then a newer version', () => {
    const ok = { kind: 'ok', version: '1.0.0+b' } as const;
    expect(noticeOf(ok, status({ message: 'Back at 14:00.' }), '1.0.0+a')).toEqual({
      kind: 'maintenance',
      message: 'Back at 14:00.',
    });
    expect(noticeOf({ kind: 'deploying' }, null, '1.0.0+a')).toEqual({ kind: 'deploying', message: null });
    expect(noticeOf(ok, status(null, '1.0.0+b'), '1.0.0+a')).toEqual({ kind: 'updated', message: null });
    expect(noticeOf(ok, status(null, '1.0.0+b'), '1.0.0+b')).toBeNull();
    expect(noticeOf({ kind: 'unknown' }, null, '1.0.0+a')).toBeNull();
  });

  it('never calls the development server’s page outdated', () => {
    expect(isOutdated({ kind: 'ok', version: '1.0.0+b' }, null)).toBe(false);
    expect(isOutdated({ kind: 'ok', version: '1.0.0+b' }, '1.0.0+a')).toBe(true);
  });

  it('takes 502, 503 and no answer for a deploy under way, anything else for not knowing', async () => {
    const failing = (status: number) => () =>
      Promise.reject(new ApiError({ status, code: 'internal_error', message: 'Failed' }));
    for (const code of [0, 502, 503]) expect(await serverState(failing(code))).toEqual({ kind: 'deploying' });
    expect(await serverState(failing(500))).toEqual({ kind: 'unknown' });
    expect(await serverState(() => Promise.resolve({ version: '2.0.0' }))).toEqual({
      kind: 'ok',
      version: '2.0.0',
    });
  });

  it('remembers a forced reload for ten minutes (`last-auto-update`, spec §9’s format)', () => {
    expect(reloadedRecently()).toBe(false);
    writeLocal(LOCAL_KEYS.lastAutoUpdate, dayjs().subtract(2, 'minute').format(LAST_AUTO_UPDATE_FORMAT));
    expect(reloadedRecently()).toBe(true);
    writeLocal(LOCAL_KEYS.lastAutoUpdate, dayjs().subtract(11, 'minute').format(LAST_AUTO_UPDATE_FORMAT));
    expect(reloadedRecently()).toBe(false);
    writeLocal(LOCAL_KEYS.lastAutoUpdate, 'yesterday');
    expect(reloadedRecently()).toBe(false);
  });
});

describe('the notice', () => {
  it('shows root’s maintenance message under its own words, with a refresh', async () => {
    await renderInApp(<AppNotice kind="maintenance" message="Back at 14:00." />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Logoschool is under maintenance. Please come back a little later.');
    expect(screen.getByTestId('maintenance-message').textContent).toBe('Back at 14:00.');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('outside sign-in says the page stays open, and can be put aside', async () => {
    const hide = vi.fn();
    await renderInApp(<AppNotice kind="maintenance" outside onHide={hide} />, { as: null });
    expect(screen.getByRole('status').textContent).toContain('This page stays open.');
    fireEvent.click(screen.getByRole('button', { name: 'Hide the notice' }));
    expect(hide).toHaveBeenCalled();
  });
});

describe('a public page’s notices', () => {
  function onLinkPage() {
    return renderInApp(
      <MemoryRouter initialEntries={['/game/the-token']}>
        <Routes>
          <Route path="/game/:token" element={<PublicNotices />} />
        </Routes>
      </MemoryRouter>,
      { as: null, router: false },
    );
  }

  it('asks with the page’s link and says maintenance of its environment', async () => {
    const calls = fakeApi({ 'GET /app-status': () => json({ data: status({ message: 'Back at 14:00.' }) }) });
    await onLinkPage();
    expect((await screen.findByTestId('maintenance-message')).textContent).toBe('Back at 14:00.');
    expect(calls[0]?.query.get('link')).toBe('the-token');
    fireEvent.click(screen.getByRole('button', { name: 'Hide the notice' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a deploy is under way while the server answers 503', async () => {
    fakeApi({
      'GET /app-status': () => json({ message: 'Service unavailable', code: 'internal_error' }, 503),
    });
    await onLinkPage();
    expect((await screen.findByRole('status')).textContent).toContain('A new version is being deployed.');
  });

  it('says nothing while all is well', async () => {
    const calls = fakeApi({ 'GET /app-status': () => json({ data: status(null) }) });
    await onLinkPage();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('a staff screen below sm', () => {
  it('is replaced by the mobile notice, and shown from sm up', async () => {
    const below = (query: string) =>
      ({
        matches: query.includes('max-width: 47.99375em'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList;
    vi.stubGlobal('matchMedia', below);
    await renderInApp(
      <WideScreenOnly>
        <p>The player</p>
      </WideScreenOnly>,
    );
    expect(screen.getByRole('heading', { name: 'The mobile version is not available' })).toBeTruthy();
    expect(screen.queryByText('The player')).toBeNull();
  });
});
