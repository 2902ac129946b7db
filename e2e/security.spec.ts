import { API, API_BASE } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { watchConsole } from './support/page-checks.ts';

/**
 * The server's security layer as a browser meets it (the server's own probes are in
 * `apps/server/src/security/`): the built app and the API's documentation under their CSP. An
 * unknown API path's JSON 404 is the API tests' (apps/server/src/app.test.ts).
 */

test('the built web app loads under the CSP', async ({ page }) => {
  const problems = watchConsole(page);
  const response = await page.goto('/login');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the API documentation opens under its CSP', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${API_BASE}${API.docs}/`);
  await expect(page.getByText('Logoschool API').first()).toBeVisible();
  await expect(page.getByText(`${API_BASE}${API.login}`).first()).toBeVisible();
  expect(problems).toEqual([]);
});
