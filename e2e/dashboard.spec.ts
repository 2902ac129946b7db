import { API, type Dashboard } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { ROOT, newMember, newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

test('root lands on the dashboard with the school in figures and charts', async ({ page, request }) => {
  const problems = watchConsole(page);
  // The figures are the whole platform's, other specs' projects and people included: the test
  // reads them first, then adds three people and an archived project, and the dashboard must show
  // exactly those on top.
  const school = await newSchool(request, []);
  const before = await school.root.call<Dashboard>('get', API.dashboard);
  for (const role of ['manager', 'author', 'teacher'] as const) await newMember(request, school, [role]);
  const archived = await newSchool(request, []);
  await archived.root.call('post', `${API.workspaces}/${archived.workspaceId}/archive`);

  await signIn(page, ROOT);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(
    page.getByText(`${before.users.active + 3} active, ${before.users.deactivated} deactivated`),
  ).toBeVisible();
  await expect(
    page.getByText(`${before.projects.active} active, ${before.projects.archived + 1} archived`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign-ins, last 14 days' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Exercises by status' })).toBeVisible();
  await expect(page.locator('.recharts-surface')).toHaveCount(3);
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});
