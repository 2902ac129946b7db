import {
  API,
  type PlanScheduleInput,
  type PlanSharing,
  type SendPlanInput,
  type TemplateInput,
} from '@logoschool/contract';
import { expect, test, type APIRequestContext } from './support/test.ts';
import { Mailbox } from './support/mailbox.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { filledPlan, publishedTemplate, soundsTree, studentOf } from './support/lessons.ts';
import { newSchool, type School } from './support/school.ts';
import { serverPort } from './support/services.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

const mailbox = new Mailbox();
/** The school of both tests (each makes a student and plan of its own), and its category tree. */
let school: School;
let tree: Awaited<ReturnType<typeof soundsTree>>;
let api: APIRequestContext;
test.beforeAll(async ({ playwright }, testInfo) => {
  // The school's people are made before the mailbox listens: their invitations' links then come
  // back in the answer instead of a mail (see newSchool).
  api = await playwright.request.newContext({
    baseURL: `http://127.0.0.1:${serverPort(testInfo.parallelIndex)}`,
  });
  school = await newSchool(api, ['moderator', 'teacher']);
  tree = await soundsTree(school, 'Sounds', { 'Whistling sounds': [] });
  await mailbox.start();
});
test.afterAll(async () => {
  await mailbox.stop();
  await api.dispose();
});

/** Texts only the educator reads: the parents' page must show none of them. */
const EDUCATOR_TEXTS = [
  'Educator: check the bite first.',
  'Educator: mirror work before the sound.',
  'Educator: start with [S] in isolation.',
];

/**
 * A filled plan of a new student of the school's teacher (lesson language Ukrainian, a parent's
 * e-mail), from a template the school's moderator publishes, all through the API.
 */
async function planOf(title: string, childName: string, parentEmail: string) {
  const input: TemplateInput = {
    title,
    description: EDUCATOR_TEXTS[0]!,
    blocks: [
      {
        target: 'Articulation warm-up',
        category_id: tree.category,
        description_parents: 'We warm up the tongue and lips: five minutes a day at home helps.',
        description_educator: EDUCATOR_TEXTS[1]!,
        min_presentations: 1,
        max_presentations: 3,
        folders: [
          {
            category_id: tree.id('Whistling sounds'),
            description_parents: 'Games with the sounds [S] and [Z].',
            indications_educator: EDUCATOR_TEXTS[2]!,
          },
        ],
      },
    ],
  };
  const template = await publishedTemplate(school, input);
  const student = await studentOf(school, {
    client_name: 'Олена Коваль',
    child_name: childName,
    language: 'uk',
    parent_email: parentEmail,
    parent_request: 'The sound [S] in words',
  });
  const teacher = await school.as('teacher');
  const plan = await filledPlan(teacher, {
    client_id: student.id,
    template_id: template.id,
    deadline: '2099-06-30',
  });
  return { teacher, plan, student, title: input.title };
}

/** The plan link of a mail's text. */
function planLinkOf(text: string | undefined): string {
  const link = /https?:\/\/\S+\/view-protocol-plan\/[\w-]{43}/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`No plan link in: ${text}`);
  return link;
}

test('a teacher sends a filled plan to the parent; the link shows only the parents’ texts until withdrawn', async ({
  page,
  browser,
}) => {
  const childName = 'Марко Коваль';
  const parentEmail = 'olena.koval@family.test';
  const { plan, title } = await planOf('Sound [S]', childName, parentEmail);

  // The teacher sends it from the plan's page, to the address on the student's card.
  await signIn(page, school.person('teacher'), `/edit-protocol/${plan.id}`);
  const panel = page.getByRole('region', { name: 'Plan for the parents' });
  await expect(panel.getByText('Not sent to the parents yet.')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: "Parent's e-mail" })).toHaveValue(parentEmail);
  await panel.getByRole('button', { name: 'Send to the parent' }).click();
  await expect(page.getByText(`The plan was sent to ${parentEmail}.`)).toBeVisible();
  await expect(panel.getByText(/^Sent to the parents on /)).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Link for the parents' })).toHaveValue(
    /\/view-protocol-plan\/[\w-]{43}$/,
  );
  await expectAccessible(page);

  // The parent's mail, in the student's language (Ukrainian), carries the link.
  await expect.poll(() => mailbox.latestTo(parentEmail) !== undefined, { timeout: 10_000 }).toBe(true);
  const mail = mailbox.latestTo(parentEmail)!;
  expect(mail.subject).toBe(`План уроків «${title}» — Марко`);
  const link = planLinkOf(mail.text);

  // The parent opens it on a phone, signed in nowhere: the plan in Ukrainian, parents' texts only.
  const parent = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  const parentPage = await parent.newPage();
  const problems = watchConsole(parentPage);
  await parentPage.goto(link);
  await expect(parentPage.getByRole('heading', { level: 1, name: 'План уроків: Марко' })).toBeVisible();
  await expect(parentPage.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(parentPage.getByText(title, { exact: true })).toBeVisible();
  await expect(parentPage.getByText('До 30 червня 2099 р.')).toBeVisible();
  await expect(parentPage.getByText('Уроків: 10')).toBeVisible();
  await expect(parentPage.getByRole('heading', { level: 2, name: 'Articulation warm-up' })).toBeVisible();
  await expect(parentPage.getByText('We warm up the tongue and lips', { exact: false })).toBeVisible();
  await expect(parentPage.getByText('Games with the sounds [S] and [Z].')).toBeVisible();
  const shown = await parentPage.locator('body').innerText();
  for (const hidden of [...EDUCATOR_TEXTS, childName, 'Олена Коваль', parentEmail]) {
    expect(shown).not.toContain(hidden);
  }
  // Fits the phone: nothing wider than the screen.
  expect(await parentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(parentPage);

  // The teacher withdraws the link (asked first): it opens nothing any more.
  await panel.getByRole('button', { name: 'Withdraw link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw the link?' });
  await dialog.getByRole('button', { name: 'Withdraw link' }).click();
  await expect(page.getByText('The link is withdrawn: it opens nothing from now on.')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Link for the parents' })).toHaveCount(0);
  await parentPage.reload();
  await expect(
    parentPage.getByRole('heading', { level: 1, name: 'This link is not valid or was withdrawn' }),
  ).toBeVisible();
  await expectAccessible(parentPage);
  // The 404 of a withdrawn link is the page's own answer, not an error of the app.
  expect(problems.filter((problem) => !/404/.test(problem))).toEqual([]);
  await parent.close();
});

test("the correction path shows the student's header and plans in time order, from the student's page", async ({
  page,
}) => {
  const childName = 'Марко Шевчук';
  const { teacher, plan, title } = await planOf(
    'Sound [S] in words',
    childName,
    'iryna.shevchuk@family.test',
  );
  await teacher.call('post', API.sendPlan, { protocol_id: plan.id } satisfies SendPlanInput);

  await signIn(page, school.person('teacher'));
  await page.getByPlaceholder('Search by child or parent name').fill(childName);
  await page.getByRole('link', { name: childName }).click();
  await page.getByRole('link', { name: 'Correction path' }).click();
  await expect(page).toHaveURL(/\/correction-path\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Correction path' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: childName })).toBeVisible();
  await expect(page.getByText('Ukrainian', { exact: true })).toBeVisible();
  await expect(page.getByText('The sound [S] in words')).toBeVisible();

  const item = page.getByRole('heading', { level: 3, name: `Plan “${title}”` });
  await expect(item).toBeVisible();
  await expect(page.getByText(/^Today, /)).toBeVisible();
  await expect(page.getByText('Until 30/06/2099 · lessons: 10 · template v1')).toBeVisible();
  await expect(page.getByText(/^Sent to the parents on /)).toBeVisible();
  await expect(page.getByText('Filled', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: `Open the plan “${title}”` }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-protocol/${plan.id}$`));
});

test.describe('a parent in New York', () => {
  test.use({ timezoneId: 'America/New_York', viewport: { width: 390, height: 844 } });

  test('reads the lessons’ dates and times in her own time zone, who teaches them and what to practise at home', async ({
    page,
  }) => {
    const childName = 'Марко Бойко';
    const { teacher, plan } = await planOf('Sound [S] at home', childName, 'olha.boiko@family.test');
    // The teacher, in Kyiv, holds the lessons on Mondays and Wednesdays at 16:00.
    await teacher.call('post', `${API.protocols}/${plan.id}/schedule`, {
      weekdays: [1, 3],
      time: '16:00',
      start_date: '2030-01-07',
      time_zone: 'Europe/Kyiv',
    } satisfies PlanScheduleInput);
    const { url } = await teacher.call<PlanSharing>('post', `${API.protocols}/${plan.id}/link`);

    const problems = watchConsole(page);
    expect(url).not.toBeNull();
    await page.goto(new URL(url!).pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'План уроків: Марко' })).toBeVisible();
    // Who teaches, at which school.
    const contacts = page.getByRole('region', { name: 'До кого звертатися' });
    await expect(contacts.getByText(school.person('teacher').name, { exact: true })).toBeVisible();
    await expect(contacts.getByText(school.title, { exact: true })).toBeVisible();
    // 16:00 in Kyiv (UTC+2 in winter) is 9:00 in New York (UTC−5), and the page says which zone.
    const dates = page.getByRole('region', { name: 'Дати уроків' });
    await expect(dates.getByText('Час показано у вашому часовому поясі: America/New_York.')).toBeVisible();
    await expect(dates.getByRole('listitem')).toHaveCount(10);
    await expect(dates.getByRole('listitem').first()).toContainText('Урок 1');
    await expect(dates.getByRole('listitem').first()).toContainText(
      'понеділок, 7 січня 2030 р., 09:00–09:45',
    );
    await expect(dates.getByRole('listitem').nth(1)).toContainText('середа, 9 січня 2030 р., 09:00–09:45');
    // Each block: what it works on and what to practise at home, in the parents' words only.
    await expect(page.getByText('We warm up the tongue and lips', { exact: false })).toBeVisible();
    await expect(page.getByText('Що повторювати вдома')).toBeVisible();
    await expect(page.getByText('Games with the sounds [S] and [Z].')).toBeVisible();
    const shown = await page.locator('body').innerText();
    for (const hidden of [...EDUCATOR_TEXTS, 'Whistling sounds', 'olha.boiko@family.test', childName])
      expect(shown).not.toContain(hidden);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});
