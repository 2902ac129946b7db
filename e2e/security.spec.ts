import { API, API_BASE } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { watchConsole } from './support/page-checks.ts';

/**
 * The server's security layer as a browser meets it (the server's own probes are in
 * `apps/server/src/security/`): the built app and the API's documentation under their CSP, and an
 * unknown API path answered in JSON.
 */

test('the built web app loads under the CSP', async ({ page }) => {
  const problems = watchConsole(page);
  const response = await page.goto('/login');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an unknown API path answers a JSON 404', async ({ request }) => {
  const missing = await request.get(`${API_BASE}/no-such-call`);
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ code: 'route_not_found' });
});

test('the API documentation opens under its CSP', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${API_BASE}${API.docs}/`);
  await expect(page.getByText('Logoschool API').first()).toBeVisible();
  await expect(page.getByText(`${API_BASE}${API.login}`).first()).toBeVisible();
  expect(problems).toEqual([]);
});
