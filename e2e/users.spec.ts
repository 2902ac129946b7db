import fs from 'node:fs';
import { expect, test } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { chooseProject, literally } from './support/people.ts';
import { ROOT, newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

test('a manager lands on the project’s users, searches them and exports them', async ({ page, request }) => {
  const school = await newSchool(request, ['manager', 'moderator', 'teacher']);
  const moderator = school.person('moderator').email;
  const teacher = school.person('teacher').email;
  const problems = watchConsole(page);
  await signIn(page, school.person('manager'));
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('row', { name: literally(teacher) })).toContainText('Speech therapist');
  await expectAccessible(page);

  await page.getByPlaceholder('Search by name or email').fill('moder');
  await expect(page.getByRole('row', { name: literally(moderator) })).toBeVisible();
  await expect(page.getByRole('row', { name: literally(teacher) })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('email');
  expect(csv).toContain(moderator);
  expect(csv).not.toContain(teacher);

  // A manager sees, but does not administer.
  await expect(page.getByRole('button', { name: /Actions for/ })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('an admin deactivates a member, changes roles, and activates them again', async ({ page, request }) => {
  const school = await newSchool(request, ['admin', 'author']);
  await signIn(page, school.person('admin'));
  const row = page.getByRole('row', { name: literally(school.person('author').email) });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Deactivate in this project' }).click();
  await page
    .getByRole('dialog', { name: /^Deactivate / })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(row).toContainText('Deactivated');

  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Change roles' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'Author' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Choose at least 1.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Author' }).check();
  await dialog.getByRole('checkbox', { name: 'Moderator' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Moderator');

  // A role goes as it came, and activating again asks nothing.
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Change roles' }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: 'Moderator' }).uncheck();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Activate in this project' }).click();
  await expect(row).toContainText('Active');
});

test('root signs in as a teacher from the list and lands on their screen', async ({ page, request }) => {
  const school = await newSchool(request, ['teacher']);
  await signIn(page, ROOT);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await chooseProject(page, school.title);
  const row = page.getByRole('row', { name: literally(school.person('teacher').email) });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign in as this user' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByTestId('role-label')).toHaveText('Role: Speech therapist');
});
