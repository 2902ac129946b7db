import { API, LOCAL_KEYS, type LoginResult } from '@logoschool/contract';
import { expect, type Page } from '@playwright/test';

/** Every demo user's password (DESIGN §6). */
export const DEMO_PASSWORD = 'demo12345';

/** Fills and sends the login form (English interface). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Someone who signs in: a demo user's e-mail (password `DEMO_PASSWORD`), or a spec's own person. */
export type Someone = string | { email: string; password: string };

/**
 * Signs someone in and opens the app: at `path`, or else on their home screen once the shell
 * is up. The session is made through the API and kept where the login form keeps it (local
 * `auth`), without the form's round: the form itself is walked by auth.spec and wherever the login
 * is a spec's point (`submitLogin`).
 */
export async function signIn(page: Page, someone: Someone, path?: string) {
  const { email, password } =
    typeof someone === 'string' ? { email: someone, password: DEMO_PASSWORD } : someone;
  const login = await page.request.post(`/api${API.login}`, { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()).data as LoginResult;
  const origin = new URL(login.url()).origin;
  const context = page.context();
  if (page.url() === 'about:blank' && context.pages().length === 1) {
    // A new browser context, nothing stored yet: the token is its whole storage.
    await context.setStorageState({
      cookies: [],
      origins: [{ origin, localStorage: [{ name: LOCAL_KEYS.auth, value: token }] }],
    });
  } else {
    if (new URL(page.url()).origin !== origin) await page.goto(`/api${API.health}`);
    await page.evaluate(
      ({ auth, returnAuth, value }) => {
        // As the form's sign-in: someone signing in afresh is nobody root acts as.
        localStorage.removeItem(returnAuth);
        localStorage.setItem(auth, value);
      },
      { auth: LOCAL_KEYS.auth, returnAuth: LOCAL_KEYS.returnAuth, value: token },
    );
  }
  await page.goto(path ?? '/');
  if (path === undefined) await expect(page.getByRole('banner')).toBeVisible();
}
