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

/** Signs a demo user in and waits for the shell. */
export async function signIn(page: Page, email: string) {
  await submitLogin(page, email);
  await expect(page.getByRole('banner')).toBeVisible();
}
