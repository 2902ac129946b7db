import fs from 'node:fs';
import { API, LOCAL_KEYS, ROLE } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { chooseProject, findProject, literally } from './support/users.ts';
import { ROOT, newSchool } from './support/school.ts';
import { mainNavigation } from './support/shell.ts';
import { signIn, submitLogin } from './support/sign-in.ts';

// No SMTP server listens in this file (the server under test is configured with one): every mail
// fails, which is what the invitation feedback must say.
test.use({ locale: 'en-GB' });

/** A 1×1 PNG, for the profile photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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

test('root opens a new project’s members on /users, invites its first manager, who joins it', async ({
  page,
  browser,
  request,
}) => {
  // Another project, with a member of its own.
  const other = await newSchool(request, ['teacher']);
  const problems = watchConsole(page);
  const title = `Riverside school ${Date.now()}`;
  const email = `first.manager.${Date.now()}@school.test`;

  await signIn(page, ROOT);
  await mainNavigation(page).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill(title);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await findProject(page, title);
  // The project's member count opens its members.
  await page.getByRole('link', { name: `Members of ${title}: 0` }).click();
  await expect(page).toHaveURL(/\/users\?project=\d+$/);
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  const picker = page.getByRole('combobox', { name: 'Project' });
  await expect(picker).toHaveValue(title);
  await expect(page.getByText('No users match.')).toBeVisible();
  await expectAccessible(page);

  // The invitation goes to the chosen project; the mail fails, and the link is given to pass on.
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to the project' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('checkbox', { name: 'Speech therapist' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Manager' }).check();
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(
    page.getByText(`The invitation to ${email} is saved, but its mail could not be sent.`),
  ).toBeVisible();
  await expect(dialog.getByText(`The mail to ${email} could not be sent.`)).toBeVisible();
  const linkBox = dialog.getByRole('textbox', { name: 'Invitation link' });
  await expect(linkBox).toHaveValue(/\/accept-invite\?token=[\w-]+$/);
  const link = await linkBox.inputValue();
  await expectAccessible(page);
  // Root may also read the mail in the outbox, where its link is a link.
  await dialog.getByRole('link', { name: 'Open the outbox' }).click();
  await expect(page).toHaveURL(/\/outbox$/);
  await page.getByRole('button', { name: new RegExp(`To ${email}`) }).click();
  await expect(page.getByRole('link', { name: link })).toHaveAttribute('href', link);
  await page.goBack();
  await expect(picker).toHaveValue(title);

  await page.getByRole('tab', { name: 'Invitations' }).click();
  const invitation = page.getByRole('row', { name: new RegExp(email) });
  await expect(invitation).toContainText('Manager');
  // The choice is in the address: a reload keeps it.
  await page.reload();
  await expect(picker).toHaveValue(title);
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(invitation).toBeVisible();

  // Another project has its own invitations and members.
  await chooseProject(page, other.title);
  await expect(page).toHaveURL(new RegExp(`/users\\?project=(?!${projectId}\\b)\\d+`));
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page.getByRole('row', { name: literally(other.person('teacher').email) })).toBeVisible();
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  await page.goBack();
  await expect(picker).toHaveValue(title);

  // The passed-on link registers the new manager, who lands in that project.
  const invitee = await browser.newContext({ locale: 'en-GB' });
  const invitePage = await invitee.newPage();
  await invitePage.goto(link);
  await expect(invitePage.getByText(new RegExp(`You are invited to ${title} as Manager`))).toBeVisible();
  await invitePage.getByRole('textbox', { name: 'Your name' }).fill('Rita Riverside');
  await invitePage.locator('input[autocomplete="new-password"]').first().fill('a-strong-secret');
  await invitePage.locator('input[autocomplete="new-password"]').nth(1).fill('a-strong-secret');
  await invitePage.getByRole('button', { name: 'Sign up' }).click();
  await expect(invitePage).toHaveURL(/\/users$/);
  await expect(invitePage.getByTestId('role-label')).toHaveText('Role: Manager');
  await expect(invitePage.getByText(title)).toBeVisible();
  await expect(invitePage.getByRole('row', { name: new RegExp(email) })).toBeVisible();
  await invitee.close();

  // Root sees the new member in that project.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Manager');
  expect(problems).toEqual([]);
});

test('root signs in as a teacher, is told so on every screen, and returns to their own account', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['teacher']);
  const teacher = school.person('teacher').email;
  await signIn(page, ROOT);
  await mainNavigation(page).getByRole('link', { name: 'Users' }).click();
  await chooseProject(page, school.title);
  const row = page.getByRole('row', { name: literally(teacher) });
  const teacherName = (await row.getByRole('cell').first().textContent())!;
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign in as this user' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByTestId('role-label')).toHaveText('Role: Speech therapist');
  const banner = page.getByTestId('acting-as-banner');
  await expect(banner).toHaveText(literally(`You are acting as ${teacherName} (${teacher})`));
  await expectAccessible(page);
  await page.reload();
  await expect(banner).toBeVisible();
  const teacherToken = await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth);

  await banner.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId('role-label')).toHaveText('Role: Super admin');
  await expect(page.getByTestId('acting-as-banner')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.returnAuth)).toBeNull();
  // The session opened as the teacher is over.
  const check = await request.get(`/api${API.checkToken}`, {
    headers: { authorization: `Bearer ${teacherToken}` },
  });
  expect(check.status()).toBe(401);

  // Signing out while acting as someone ends root's session too: nothing is left to return to.
  const rootToken = await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth);
  // Root is back on /users without a project in the address: the picker is at the first one.
  await chooseProject(page, school.title);
  await page
    .getByRole('row', { name: literally(teacher) })
    .getByRole('button', { name: /Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Sign in as this user' }).click();
  await expect(page.getByTestId('acting-as-banner')).toBeVisible();
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.returnAuth))
    .toBeNull();
  await expect
    .poll(async () =>
      (
        await request.get(`/api${API.checkToken}`, { headers: { authorization: `Bearer ${rootToken}` } })
      ).status(),
    )
    .toBe(401);
});

test('an admin is asked before deactivating a member, who still signs in to no project, changes their roles, and activates them again', async ({
  page,
  browser,
  request,
}) => {
  // The teacher is a member of this school only.
  const school = await newSchool(request, ['admin', 'teacher']);
  const { email, password, name } = school.person('teacher');

  await signIn(page, school.person('admin'));
  const row = page.getByRole('row', { name: literally(email) });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Deactivate in this project' }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await expect(confirm).toContainText(`${name} (${email}) loses access to ${school.title} at once`);
  await expect(confirm).toContainText('you can activate them again at any time');
  await expectAccessible(page);
  // Cancel changes nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Deactivate in this project' }).click();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Deactivated');

  // The member signs in and is told there is no project for them, not that the account is off.
  const member = await browser.newContext({ locale: 'en-GB' });
  const memberPage = await member.newPage();
  await submitLogin(memberPage, email, password);
  await expect(memberPage.getByRole('heading', { name: 'No available projects' })).toBeVisible();
  await expect(memberPage.getByText('Your account has been deactivated')).toHaveCount(0);
  const memberToken = await memberPage.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth);
  const refused = await request.get(`/api${API.clients}`, {
    headers: { authorization: `Bearer ${memberToken}` },
    params: { workspace_id: school.workspaceId, role_id: ROLE.teacher },
  });
  expect(refused.status()).toBe(403);

  // The roles of a deactivated member change: at least one, checked in the form.
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Change roles' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'Speech therapist' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Choose at least 1 option.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Speech therapist' }).check();
  await dialog.getByRole('checkbox', { name: 'Moderator' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Moderator');
  // A role goes as it came.
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Change roles' }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: 'Moderator' }).uncheck();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(row).not.toContainText('Moderator');

  // Activating again asks nothing, and the project is back for them.
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Activate in this project' }).click();
  await expect(row).toContainText('Active');
  await memberPage.reload();
  await expect(memberPage.getByTestId('role-label')).toHaveText('Role: Speech therapist');
  await member.close();
});

test.describe('the profile', () => {
  test('a file that is no image is refused when picked, saying why at the field, and the photo stays', async ({
    page,
    request,
  }) => {
    const school = await newSchool(request, ['teacher']);
    const teacher = school.person('teacher');
    await signIn(page, teacher, '/profile');
    const upload = page.getByRole('button', { name: 'Upload a photo' });
    const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await upload.click();
      await (await chooser).setFiles(file);
    };

    // A document renamed to .png: its name says image, its bytes do not.
    await pick({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7 a document') });
    const reason = 'This file is not a PNG, JPEG, WebP or GIF image. Choose another one.';
    await expect(page.getByRole('alert')).toHaveText(reason);
    await expect(upload).toHaveAccessibleDescription(new RegExp(reason.replace('.', '\\.')));
    await expect(page.getByRole('img', { name: teacher.name })).toHaveCount(0);

    // A real image is taken and previewed; then a wrong one keeps it.
    await pick({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('alert')).toHaveCount(0);
    const photo = page.getByRole('img', { name: teacher.name });
    await expect(photo).toHaveAttribute('src', /^blob:/);
    const preview = await photo.getAttribute('src');
    await pick({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await expect(page.getByRole('alert')).toHaveText(reason);
    await expect(photo).toHaveAttribute('src', preview ?? '');
  });
});
