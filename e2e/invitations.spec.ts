import { API, LOCAL_KEYS, ROLE, type InviteBody } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { Mailbox, invitationLinkOf } from './support/mailbox.ts';
import { chooseProject, literally, newEmail } from './support/users.ts';
import { ROOT, newSchool, rootIn, type School } from './support/school.ts';
import { signIn, submitLogin } from './support/sign-in.ts';

// The API's calls in English too: root's invitation below is mailed in the language it is sent in.
test.use({ locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'en' } });

const mailbox = new Mailbox();
/** The school whose manager invites by mail, and the one root invites to and reads the outbox of. */
let school: School;
let outboxSchool: School;
// The schools come first: their people's invitation links come back in the answers only while no
// mail server listens.
test.beforeAll(async ({ request }) => {
  school = await newSchool(request, ['manager', 'admin', 'teacher']);
  outboxSchool = await newSchool(request, []);
  await mailbox.start();
});
test.afterAll(() => mailbox.stop());

test('a manager invites by mail; the invitee signs up, lands on their screen, and loses access when deactivated', async ({
  page,
  browser,
}) => {
  const email = `new.teacher.${Date.now()}@school.test`;

  // The manager invites a new address as a speech therapist.
  await signIn(page, school.person('manager'));
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to the project' });
  await dialog.getByRole('checkbox', { name: 'Speech therapist' }).uncheck();
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(dialog.getByText('Required.')).toBeVisible();
  await expect(dialog.getByText('Choose at least 1 option.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('checkbox', { name: 'Speech therapist' }).check();
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`The invitation was sent to ${email} by mail.`)).toBeVisible();
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Awaiting confirmation');
  await expectAccessible(page);

  // A manager is offered only the roles below manager; a member of the project is told so (any
  // other address, with an account or without, is invited alike: the answer tells nobody which).
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Administrator' })).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: 'Manager' })).toHaveCount(0);
  const member = school.person('teacher').email;
  await dialog.getByRole('textbox', { name: 'Email' }).fill(member);
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(dialog.getByText(literally(`${member} is already a member of this project`))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The test's SMTP server received the mail; its link opens the sign-up page.
  await expect.poll(() => mailbox.latestTo(email) !== undefined, { timeout: 10_000 }).toBe(true);
  const link = invitationLinkOf(mailbox.latestTo(email)!);
  const invitee = await browser.newContext({ locale: 'en-GB' });
  const invitePage = await invitee.newPage();
  const problems = watchConsole(invitePage);
  await invitePage.goto(link);
  await expect(invitePage.getByRole('heading', { name: 'Join Logoschool' })).toBeVisible();
  await expect(
    invitePage.getByText(literally(`You are invited to ${school.title} as Speech therapist`)),
  ).toBeVisible();
  await expect(invitePage.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expectAccessible(invitePage);

  // The form checks its rules before sending.
  await invitePage.getByRole('textbox', { name: 'Your name' }).fill('N');
  await invitePage.locator('input[autocomplete="new-password"]').first().fill('short');
  await invitePage.locator('input[autocomplete="new-password"]').nth(1).fill('different');
  await invitePage.getByRole('button', { name: 'Sign up' }).click();
  await expect(invitePage.getByText('At least 2 characters.')).toBeVisible();
  await expect(invitePage.getByText('At least 8 characters.')).toBeVisible();
  await expect(invitePage.getByText('The passwords do not match.')).toBeVisible();

  await invitePage.getByRole('textbox', { name: 'Your name' }).fill('Nadiia Bondar');
  await invitePage.locator('input[autocomplete="new-password"]').first().fill('a-strong-secret');
  await invitePage.locator('input[autocomplete="new-password"]').nth(1).fill('a-strong-secret');
  await invitePage.getByRole('button', { name: 'Sign up' }).click();
  await expect(invitePage).toHaveURL(/\/clients$/);
  await expect(invitePage.getByTestId('role-label')).toHaveText('Role: Speech therapist');
  expect(problems).toEqual([]);
  const inviteeToken = await invitePage.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth);

  // The used link cannot sign anyone up again.
  const again = await browser.newPage({ locale: 'en-GB' });
  await again.goto(link);
  await expect(again.getByRole('alert')).toHaveText(/Registration failed: the invitation may have expired/);
  await again.close();

  // The manager sees the invitation accepted.
  await page.reload();
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Accepted');

  // An admin deactivates the new member: their next request is refused.
  const admin = await browser.newContext({ locale: 'en-GB' });
  const adminPage = await admin.newPage();
  await signIn(adminPage, school.person('admin'));
  const row = adminPage.getByRole('row', { name: new RegExp(email) });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await adminPage.getByRole('menuitem', { name: 'Deactivate in this project' }).click();
  await adminPage
    .getByRole('dialog', { name: 'Deactivate Nadiia Bondar?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(row).toContainText('Deactivated');
  const refused = await invitee.request.get(`/api${API.clients}`, {
    headers: { authorization: `Bearer ${inviteeToken}` },
    params: { workspace_id: school.workspaceId, role_id: ROLE.teacher },
  });
  expect(refused.status()).toBe(403);
  // Their screen learns it at its next call: no project is left for them (spec §6).
  await invitePage.reload();
  await expect(invitePage.getByRole('heading', { name: 'No available projects' })).toBeVisible();
  // Signing in again is no refusal: only a deactivated account is; a member deactivated in their
  // only project signs in and sees that no project is left (spec §2, §6).
  await invitePage.goto('/logout');
  await expect(invitePage.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  await submitLogin(invitePage, email, 'a-strong-secret');
  await expect(invitePage.getByRole('heading', { name: 'No available projects' })).toBeVisible();
  await expect(invitePage.getByText(/has been deactivated/)).toHaveCount(0);

  // Root signs in as another user from the list.
  await adminPage.goto('/logout');
  await expect(adminPage.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  await signIn(adminPage, ROOT);
  await adminPage
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await chooseProject(adminPage, school.title);
  await adminPage
    .getByRole('row', { name: literally(member) })
    .getByRole('button', { name: /Actions for/ })
    .click();
  await adminPage.getByRole('menuitem', { name: 'Sign in as this user' }).click();
  await expect(adminPage).toHaveURL(/\/clients$/);
  await admin.close();
  await invitee.close();
});

test('root reads the mails in the outbox', async ({ page, request }) => {
  // An invitation of root's, mailed now: the outbox keeps every mail, newest first.
  const email = newEmail('Invitee');
  const root = await rootIn(request, outboxSchool);
  await root.call('post', API.invite, {
    email,
    workspace_id: root.workspaceId,
    roles: ['teacher'],
  } satisfies InviteBody);
  await signIn(page, ROOT);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Outbox' })
    .click();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  const first = page.getByRole('button', { name: /Invitation|invited/i }).first();
  await expect(first).toContainText(`To ${email}`);
  await first.click();
  await expect(page.getByText(/accept-invite\?token=/).first()).toBeVisible();
  await expectAccessible(page);
});
