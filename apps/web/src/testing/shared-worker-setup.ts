/**
 * The `web` project's files run one after another in one jsdom and one module graph per worker
 * (vitest.config.ts). Before each file this puts back what an earlier one may have left: the page,
 * the storage, the timers and globals, and the app's own module-level state, so that a file starts
 * as it would in a jsdom of its own. (`web-isolated` does not load it: importing the app's modules
 * here, before a file's `vi.mock`, would bind them to the real ones.)
 */
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { beforeAll, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import { i18n } from '../i18n/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { answerLeaveQuestion, leaveQuestionOpen, leaveWithoutAsking } from '../lib/unsaved-changes.ts';

beforeAll(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.title = '';
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
  notifications.clean();
  notifications.cleanQueue();
  if (leaveQuestionOpen()) answerLeaveQuestion(false);
  leaveWithoutAsking(() => {});
  configureApi({
    publicToken: undefined,
    throttlePublic: undefined,
    onSessionExpired: undefined,
    onAccessRefused: undefined,
  });
  queryClient.clear();
  // i18next cannot be set up afresh: a file that switched the language finds it back in English.
  if (i18n.isInitialized && i18n.language !== 'en') await i18n.changeLanguage('en');
});
