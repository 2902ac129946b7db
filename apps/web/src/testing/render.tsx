import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { Assignment, RoleName, User } from '@logoschool/contract';
import type { ReactElement, ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { GivenSessionProvider, actingOf, type Session } from '../session/session.tsx';
import { theme } from '../lib/theme.ts';
import { i18n, withRoles } from '../i18n/i18n.ts';
import en from 'virtual:texts/en';

/** What jsdom lacks and Mantine or the file previews use. */
function polyfillBrowser() {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => {};
  // Mantine's autosize textarea listens for web fonts loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
      configurable: true,
    });
  }
  // jsdom's Blob is not the one fetch answers with: a fixed address stands for every file.
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
}

/** Whether i18next holds the whole English texts (it may hold only the core ones, `initI18n`). */
let wholeEnglish = false;

/**
 * The English texts, once: component tests read the interface as an English user sees it. The web
 * files of a worker share one i18next: another file may have set it up with the core texts only
 * (`initI18n`) or switched the language.
 */
async function englishTexts() {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      resources: { en: { translation: withRoles('en', en) } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else if (!wholeEnglish) {
    i18n.addResourceBundle('en', 'translation', withRoles('en', en), true, true);
  }
  wholeEnglish = true;
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
}

/** The project every test session acts in (the fake API's `workspace_id`). */
export const TEST_WORKSPACE_ID = 1;

/** Who a component test signs in as: the roles held in project 1, or root; `userId` 1 by default. */
export interface SignedIn {
  roles: RoleName[] | 'root';
  userId?: number;
}

/** Project 1 as the API lists it for a user holding `roles` there. */
function assignmentWith(roles: RoleName[]): Assignment {
  return {
    workspaceId: TEST_WORKSPACE_ID,
    workspaceTitle: 'Test school',
    description: '',
    env_id: 1,
    roles,
    isActive: true,
    archived: false,
  };
}

/** A user of the API's shape holding `roles` in project 1 (or root). */
export function userWith({ roles, userId = 1 }: SignedIn): User {
  return {
    id: userId,
    email: `user${userId}@school.test`,
    name: `User ${userId}`,
    micro_mail: null,
    phone: null,
    avatar: null,
    is_new_version: true,
    is_active: true,
    is_root: roles === 'root',
    env_id: 1,
    additional_info: null,
    assignments: roles === 'root' ? [] : [assignmentWith(roles)],
  };
}

/**
 * The session the app would hold for `signedIn` in project 1, or with nobody signed in (null); its
 * actions are spies.
 */
export function sessionOf(signedIn: SignedIn | null): Session {
  const user = signedIn && userWith(signedIn);
  const acting = actingOf(user, TEST_WORKSPACE_ID);
  // Root holds root in every project and acts in the one a screen scopes it to (`WorkspaceScope`).
  return {
    status: user ? 'authorised' : 'no-token',
    user,
    ...acting,
    workspace: user?.is_root ? assignmentWith(acting.held) : acting.workspace,
    signedInAs: false,
    signIn: vi.fn(),
    signOut: vi.fn(),
    signInAs: vi.fn(),
    returnToOwnAccount: vi.fn(async () => {}),
    recheck: vi.fn(),
    updateUser: vi.fn(),
    selectWorkspace: vi.fn(),
  };
}

/**
 * Renders a component as the app would (Mantine, a fresh query cache without retries, a router,
 * English texts), signed in as `as` (a role in project 1 by default: a teacher). `router: false`
 * leaves the router to `ui` (a test of the app's own).
 */
export async function renderInApp(
  ui: ReactElement,
  { as = { roles: ['teacher'] }, router = true }: { as?: SignedIn | Session | null; router?: boolean } = {},
): Promise<RenderResult> {
  polyfillBrowser();
  await englishTexts();
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = as && 'status' in as ? as : sessionOf(as);
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <GivenSessionProvider session={session}>
          {router ? <MemoryRouter>{ui}</MemoryRouter> : ui}
        </GivenSessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** What a hook test renders its hook inside: `queryClient` and the session of `signedIn`. */
export function sessionWrapper(queryClient: QueryClient, signedIn: SignedIn) {
  const session = sessionOf(signedIn);
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <GivenSessionProvider session={session}>{children}</GivenSessionProvider>
      </QueryClientProvider>
    );
  };
}

/** A file the fake API serves (jsdom's Blob cannot be a fetch body, text can). */
export function file(content = 'file'): Response {
  return new Response(content, { status: 200, headers: { 'Content-Type': 'application/octet-stream' } });
}

/** One answer of the fake API: status and JSON body. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A call the fake API received: method, path (without `/api` and the query) and JSON body. */
export interface SentCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stubs `fetch` with a router of `METHOD /path` → answer; unknown calls answer 404. Gives the
 * calls made, for assertions.
 */
export function fakeApi(routes: Record<string, (call: SentCall) => Response | Promise<Response>>) {
  const calls: SentCall[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const call: SentCall = {
      method: init.method ?? 'GET',
      path: parsed.pathname.replace(/^\/api/, ''),
      query: parsed.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = routes[`${call.method} ${call.path}`];
    return answer ? answer(call) : json({ message: 'Not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
