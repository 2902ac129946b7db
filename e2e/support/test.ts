import { test as base } from '@playwright/test';
import { serverPort } from './services.ts';

export * from '@playwright/test';

/**
 * Playwright's `test`, on the server of the worker that runs it (`serverPort`): every spec imports
 * `test` and `expect` from here.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${serverPort(testInfo.parallelIndex)}`);
  },
});
