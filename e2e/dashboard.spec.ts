import { expect, test } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

test('root lands on the dashboard with the school in figures and charts', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'root@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The demo school: eight users, all active; two projects, none archived.
  await expect(page.getByText('8 active, 0 deactivated')).toBeVisible();
  await expect(page.getByText('2 active, 0 archived')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign-ins, last 14 days' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Exercises by status' })).toBeVisible();
  await expect(page.locator('.recharts-surface')).toHaveCount(3);
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('the dashboard is root’s only: a manager is sent to their own screen', async ({ page }) => {
  await signIn(page, 'manager@demo.test', '/dashboard');
  await expect(page).not.toHaveURL(/\/dashboard$/);
});
