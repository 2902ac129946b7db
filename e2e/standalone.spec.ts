import { API, LOCAL_KEYS, type InviteBody, type SentInvitation } from '@logoschool/contract';
import { pptxDeck } from '../apps/server/src/test/pptx.ts';
import { expect, test } from './support/test.ts';
import { PPTX } from './support/content.ts';
import { Mailbox } from './support/mailbox.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { newSchool, rootIn, type School } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

/*
 * The two standalone paths (issue 33 item 6): `/sharepoint-test` renders a deck and tells the time
 * it took; `/accept-new-role`, the mail's link for an address that has an account, joins the
 * account to another project.
 */

test.use({ locale: 'en-GB' });

const mailbox = new Mailbox();
let home: School;
let second: School;
// The schools come first: their people register through links the answers carry only while no
// mail server listens.
test.beforeAll(async ({ request }) => {
  home = await newSchool(request, ['author', 'teacher']);
  second = await newSchool(request, []);
  await mailbox.start();
});
test.afterAll(() => mailbox.stop());

test('an author checks on /sharepoint-test that a small deck renders here, and sees its slides and the time', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signIn(page, home.person('author'), '/sharepoint-test');
  await expect(page.getByRole('heading', { name: 'Presentation check' })).toBeVisible();
  await expectAccessible(page);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'Small deck.pptx',
    mimeType: PPTX,
    buffer: pptxDeck([['The mouse'], ['The cat']]),
  });
  // LibreOffice renders while the page waits.
  await expect(page.getByText('Small deck.pptx: 2 slides ready to show')).toBeVisible({ timeout: 90_000 });
  await expect(
    page.getByText(/The server made the slides in \d+\.\d s; with the upload the check took \d+\.\d s\./),
  ).toBeVisible();
  for (const name of ['Slide 1', 'Slide 2']) {
    const image = page.getByRole('img', { name });
    await expect(image).toBeVisible();
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(100);
  }
  await expectAccessible(page);

  // A file that is no deck is told as an exercise's upload tells it.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'notes.pptx',
    mimeType: PPTX,
    buffer: Buffer.from('just some notes'),
  });
  await expect(page.getByRole('alert')).toContainText('This is not a PowerPoint .pptx file');
  expect(problems.filter((problem) => !problem.includes('415'))).toEqual([]);
});

test('an existing account accepts an invitation to another project by the mail’s /accept-new-role link', async ({
  page,
  browser,
  request,
}) => {
  const teacher = home.person('teacher');
  const root = await rootIn(request, second);
  const sent = await root.call<SentInvitation>('post', API.invite, {
    email: teacher.email,
    workspace_id: second.workspaceId,
    roles: ['teacher'],
  } satisfies InviteBody);
  expect(sent.mail_delivery).toBe('smtp');
  await expect.poll(() => mailbox.latestTo(teacher.email) !== undefined, { timeout: 10_000 }).toBe(true);
  const link = /https?:\/\/\S+\/accept-new-role\?token=[\w-]+/.exec(
    mailbox.latestTo(teacher.email)?.text ?? '',
  )?.[0];
  expect(link, mailbox.latestTo(teacher.email)?.text).toBeTruthy();

  // Signed out, the link is the invitation's page, which takes the password.
  const signedOut = await browser.newPage({ locale: 'en-GB' });
  await signedOut.goto(link!);
  await expect(signedOut).toHaveURL(/\/accept-invite\?token=/);
  await expect(signedOut.getByRole('button', { name: 'Sign in and join' })).toBeVisible();
  await signedOut.close();

  // Signed in as that account, it joins at once and goes on in the new project.
  await signIn(page, teacher);
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await page.goto(link!);
  await expect(page.getByText(`You joined ${second.title} as Speech therapist.`)).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.workspace)).toBe(
    String(second.workspaceId),
  );
  await expectAccessible(page);

  // The link is used up.
  await page.goto(link!);
  await expect(page.getByRole('alert')).toContainText('The invitation has already been accepted.');
  await expectAccessible(page);
});
