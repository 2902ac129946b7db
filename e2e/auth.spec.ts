import { LOCAL_KEYS } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { submitLogin } from './support/sign-in.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { newSchool } from './support/school.ts';
import { switchLanguage } from './support/shell.ts';

test.use({ locale: 'en-GB' });

test('an anonymous visitor is sent to the login page, and from an unknown path to the 404 screen, both accessible', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Logoschool' })).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await expectAccessible(page);
});

test('signing in through the form stores the token; /logout revokes it, forgets it and offers the language switcher', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator']);
  const { email, password } = school.person('moderator');
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login$/);
  const token = await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth);
  expect(token).toBeTruthy();
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth)).toBeNull();
  const check = await request.get('/api/check-token', { headers: { authorization: `Bearer ${token}` } });
  expect(check.status()).toBe(401);

  // The logout page offers the language switcher.
  await switchLanguage(page, 'uk');
  await expect(page.getByRole('heading', { name: 'Ви вийшли' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Увійти знову' })).toBeVisible();
  await expectAccessible(page);
});

test('a session revoked elsewhere ends at the next call, on the logout page; a token that is no longer valid leads there too', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['teacher']);
  const { email, password } = school.person('teacher');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/clients$/);
  // The screen's own first calls are all answered: otherwise one still on its way when the session
  // is revoked ends it before the search below is typed (a flake seen once).
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth);
  await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
  // The next call ends the session: the search's, unless a call of the screen's own (a panel still
  // loading) got there first and the search is already gone (seen in CI).
  await page
    .getByPlaceholder('Search by child or parent name')
    .fill('anyone', { timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByText('Your session is over. Please sign in again.')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth)).toBeNull();

  // A token found at the start that the server refuses (expired or revoked) is checked first.
  await page.goto('/login');
  // The login page is up, its session settled on "no token": set later, the token would be checked
  // (and cleared, refused) by this page, racing the next one that the test is about (seen in CI).
  await expect(page.getByRole('heading', { name: 'Sign in to Logoschool' })).toBeVisible();
  await page.evaluate((key) => localStorage.setItem(key, 'expired-or-revoked-token'), LOCAL_KEYS.auth);
  await page.goto('/');
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByText('Your session is over. Please sign in again.')).toBeVisible();
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth)).toBeNull();
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the language chosen on the login page is kept after a reload, and names the password field's eye button", async ({
  page,
}) => {
  await page.goto('/login');
  await switchLanguage(page, 'uk');
  await expect(page.getByRole('heading', { name: 'Вхід до Logoschool' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Вхід до Logoschool' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.language)).toBe('uk');

  const password = page.locator('input[autocomplete="current-password"]');
  await password.fill('secret-words');
  const eye = page.getByRole('button', { name: 'Показати пароль' });
  await expect(eye).toHaveAttribute('aria-pressed', 'false');
  await eye.click();
  await expect(eye).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveAttribute('type', 'text');
  await expectAccessible(page);
});
