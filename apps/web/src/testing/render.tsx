import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../app/query-client.ts';
import { theme } from '../app/theme.ts';
import { i18n, withRoles } from '../i18n/i18n.ts';
import en from '../i18n/locales/en.json';

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

/** The English texts, once: component tests read the interface as an English user sees it. */
async function englishTexts() {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: withRoles('en', en) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/**
 * Renders a component as the app would (Mantine, a fresh query cache without retries, a router,
 * English texts). The session is the test's to mock (`vi.mock` of `app/session.tsx`).
 */
export async function renderInApp(ui: ReactElement): Promise<RenderResult> {
  polyfillBrowser();
  await englishTexts();
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
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
