import { API, LOCAL_KEYS, ROLE, type User, type Workspace } from '@logoschool/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n.ts';
import { fakeApi, json } from '../testing/render.tsx';
import { SessionProvider, WorkspaceScope, startTokenCheck, useActingFor, useSession } from './session.tsx';

const root: User = {
  id: 1,
  email: 'root@example.test',
  name: 'Root',
  micro_mail: null,
  phone: null,
  avatar: null,
  is_new_version: true,
  is_active: true,
  is_root: true,
  env_id: 1,
  additional_info: null,
  assignments: [
    {
      workspaceId: 1,
      workspaceTitle: 'Demo school',
      description: '',
      env_id: 1,
      roles: ['root'],
      isActive: true,
      archived: false,
    },
  ],
};

/** A project root is no member of. */
const riverside: Workspace = {
  workspaceId: 9,
  workspaceTitle: 'Riverside',
  description: '',
  env_id: 2,
  archived: false,
};

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The session as root, once its token is checked, seen inside `scope` when one is given. */
async function signedInRoot(scope: Workspace | null = null) {
  localStorage.setItem(LOCAL_KEYS.auth, 'root-token');
  const calls = fakeApi({ [`GET ${API.checkToken}`]: () => json({ data: root }) });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionProvider>
      <WorkspaceScope workspace={scope}>{children}</WorkspaceScope>
    </SessionProvider>
  );
  const hook = renderHook(() => ({ session: useSession(), invite: useActingFor('users.invite') }), {
    wrapper,
  });
  await waitFor(() => expect(hook.result.current.session.status).toBe('authorised'));
  return { hook, calls };
}

describe('WorkspaceScope (root picks the project on /users)', () => {
  it('acts in the chosen project, with the role root holds there', async () => {
    const { hook } = await signedInRoot(riverside);
    expect(hook.result.current.invite).toEqual({ workspace_id: 9, role_id: ROLE.root });
    expect(hook.result.current.session.workspace).toMatchObject({
      workspaceId: 9,
      workspaceTitle: 'Riverside',
    });
    expect(hook.result.current.session.held).toEqual(['root']);
  });

  it('changes nothing without a project', async () => {
    const { hook } = await signedInRoot(null);
    expect(hook.result.current.invite).toEqual({ workspace_id: 1, role_id: ROLE.root });
    expect(hook.result.current.session.workspace?.workspaceTitle).toBe('Demo school');
  });
});

describe('acting as another user', () => {
  it('is told by the kept token, and signing out ends root’s session too', async () => {
    localStorage.setItem(LOCAL_KEYS.returnAuth, 'kept-root-token');
    const { hook, calls } = await signedInRoot();
    calls.length = 0;
    expect(hook.result.current.session.signedInAs).toBe(true);
    fakeApi({ [`POST ${API.logout}`]: () => json({ data: null }) });
    const logout = vi.mocked(fetch);
    act(() => hook.result.current.session.signOut());
    expect(hook.result.current.session.signedInAs).toBe(false);
    expect(localStorage.getItem(LOCAL_KEYS.returnAuth)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.auth)).toBeNull();
    await waitFor(() => expect(logout).toHaveBeenCalled());
    const [url, init] = logout.mock.calls[0] ?? [];
    expect(String(url)).toContain(API.logout);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer kept-root-token');
  });

  it('forgets a kept token that has no session to return from', async () => {
    localStorage.setItem(LOCAL_KEYS.returnAuth, 'kept-root-token');
    const { result } = renderHook(() => useSession(), {
      wrapper: ({ children }) => <SessionProvider>{children}</SessionProvider>,
    });
    expect(result.current.status).toBe('no-token');
    expect(result.current.signedInAs).toBe(false);
    expect(localStorage.getItem(LOCAL_KEYS.returnAuth)).toBeNull();
  });
});

describe('the token check begun before the app renders', () => {
  beforeAll(async () => {
    // A refused check says so in a notification, in the interface language.
    await initI18n('en');
  });

  const session = () =>
    renderHook(() => useSession(), {
      wrapper: ({ children }) => <SessionProvider>{children}</SessionProvider>,
    });

  it('is the session’s first check: the token is not checked twice', async () => {
    localStorage.setItem(LOCAL_KEYS.auth, 'root-token');
    const calls = fakeApi({ [`GET ${API.checkToken}`]: () => json({ data: root }) });
    startTokenCheck();
    const { result } = session();
    await waitFor(() => expect(result.current.status).toBe('authorised'));
    expect(calls.filter((call) => call.path === API.checkToken)).toHaveLength(1);
  });

  it('ends the session when refused, even if the refusal came before the app rendered', async () => {
    localStorage.setItem(LOCAL_KEYS.auth, 'old-token');
    localStorage.setItem(LOCAL_KEYS.returnAuth, 'kept-root-token');
    fakeApi({
      [`GET ${API.checkToken}`]: () => json({ message: 'Expired', code: 'unauthorized' }, 401),
      [`POST ${API.logout}`]: () => json({ data: null }),
    });
    await startTokenCheck()?.catch(() => undefined);
    // The client has forgotten the refused token already.
    expect(localStorage.getItem(LOCAL_KEYS.auth)).toBeNull();
    const { result } = session();
    await waitFor(() => expect(result.current.status).toBe('expired'));
    // Root's own session, kept while acting as this user, ends on the server too.
    expect(localStorage.getItem(LOCAL_KEYS.returnAuth)).toBeNull();
    const logout = vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes(API.logout));
    expect(new Headers(logout?.[1]?.headers).get('Authorization')).toBe('Bearer kept-root-token');
  });

  // Formerly e2e/auth.spec.ts: “when the server cannot be reached the token is kept and the check
  // can be tried again”; the screen that says so is app/screens/server-unreachable.test.tsx's.
  it('keeps the token when the server cannot be reached, and checks it again when asked', async () => {
    localStorage.setItem(LOCAL_KEYS.auth, 'root-token');
    let reachable = false;
    const calls = fakeApi({
      [`GET ${API.checkToken}`]: () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return json({ data: root });
      },
    });
    const { result } = session();
    await waitFor(() => expect(result.current.status).toBe('unreachable'));
    expect(localStorage.getItem(LOCAL_KEYS.auth)).toBe('root-token');
    reachable = true;
    act(() => result.current.recheck());
    await waitFor(() => expect(result.current.status).toBe('authorised'));
    expect(result.current.user?.id).toBe(root.id);
    expect(calls.filter((call) => call.path === API.checkToken).length).toBeGreaterThanOrEqual(2);
  });
});
