import type { Language } from '@logoschool/contract';
import type { i18n as I18n } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './client.ts';
import { errorTextOf } from './form-errors.ts';

/** The token an address holds: only what a link's token can be, else nothing to ask about. */
const TOKEN = /^[\w-]{1,128}$/;

/** What a public page under a link (no sign-in) shows of what its token names. */
export type PublicLinkView<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T; texts: I18n }
  | { state: 'invalid' }
  | { state: 'failed'; message: string };

/**
 * What a public link's token names (the parents' plan, the child's screen), read once per token
 * and retry: a malformed token or a 404 is `invalid` (spec §8, "not found or wrong link"), another
 * failure says why and can be tried again. The answer comes with the texts in its own language
 * (`textsIn`), and the document's `lang` is that language while it is shown, so that screen
 * readers and the browser's translation follow the page, not the app.
 */
export function usePublicLink<T extends { language: Language }>(
  token: string,
  read: (token: string, signal: AbortSignal) => Promise<T>,
  textsIn: (language: Language) => Promise<I18n>,
) {
  const wellFormed = TOKEN.test(token);
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<PublicLinkView<T>>({ state: 'loading' });

  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    read(token, controller.signal)
      .then(async (data) => ({ data, texts: await textsIn(data.language) }))
      .then(
        ({ data, texts }) => {
          if (!controller.signal.aborted) setView({ state: 'ready', data, texts });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && error.status === 404) setView({ state: 'invalid' });
          else setView({ state: 'failed', message: errorTextOf(error) });
        },
      );
    return () => controller.abort();
  }, [token, wellFormed, attempt, read, textsIn]);

  const pageLanguage = view.state === 'ready' ? view.data.language : null;
  useEffect(() => {
    if (!pageLanguage) return;
    const root = document.documentElement;
    const before = root.lang;
    root.lang = pageLanguage;
    return () => {
      root.lang = before;
    };
  }, [pageLanguage]);

  const retry = useCallback(() => {
    setView({ state: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  const invalidate = useCallback(() => setView({ state: 'invalid' }), []);

  return { view: wellFormed ? view : ({ state: 'invalid' } as const), retry, invalidate };
}
