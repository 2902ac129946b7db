import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { API, type DiagnosticCardInput, type SendDiagnosisInput } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { dayFromNow } from './support/dates.ts';
import { completedDiagnosis, publishedCard } from './support/diagnostics.ts';
import { studentOf } from './support/lessons.ts';
import { Mailbox } from './support/mailbox.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { newSchool, type School } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

const mailbox = new Mailbox();
test.afterAll(() => mailbox.stop());

/** What only the diagnostician reads: the parents' pages must show none of it. */
const STAFF_NOTE = 'Staff: mother anxious, check hearing first.';

/** A short card in Ukrainian: a scale and a one-variant question, and a result for parents with bands. */
const card: DiagnosticCardInput = {
  title: 'Скринінг звуку Р',
  language: 'uk',
  blocks: [
    {
      title: 'Звуки',
      questions: [
        {
          code: 'r_sound',
          text: 'Звук Р у словах',
          type: 'one_variant',
          variants: [
            { label: 'Правильно', score: 4 },
            { label: 'Замінює', score: 0 },
          ],
        },
        {
          code: 'clarity',
          text: 'Розбірливість мовлення',
          type: 'scale',
          scale: {
            from: 0,
            to: 10,
            start_label: 'Нерозбірливо',
            centre_label: 'Частково',
            end_label: 'Чітко',
          },
        },
      ],
    },
  ],
  computed: [
    {
      code: 'total',
      title: 'Загальний бал',
      formula: 'r_sound + clarity',
      bands: [
        { from: 0, to: 5, label: 'Потрібні заняття', kind: 'violation' },
        { from: 6, to: 14, label: 'Добрий рівень', kind: 'qualification' },
      ],
    },
  ],
};

/** 'YYYY-MM-DD' of `days` ago. */

/** A completed diagnosis of the student on the card, on a day, with R said right or not and the clarity. */
const completed = (
  school: School,
  clientId: number,
  cardId: number,
  on: string,
  right: boolean,
  clarity: number,
) =>
  completedDiagnosis(school, clientId, cardId, {
    diagnosedOn: on,
    answers: (started) => {
      const [r, scale] = started.content.blocks[0]!.questions;
      return { [r!.key]: { variant: r!.variants[right ? 0 : 1]!.key }, [scale!.key]: { value: clarity } };
    },
    notes: STAFF_NOTE,
  });

/**
 * A published card, a student of the school's teacher (Ukrainian, a parent e-mail), two diagnoses
 * 35 days apart, the older one sent (the mailbox listens by then).
 */
async function seed(school: School) {
  const made = await publishedCard(school, card);
  const childName = 'Марко Коваль';
  const parentEmail = 'olena.koval@family.test';
  const student = await studentOf(school, {
    client_name: 'Олена Коваль',
    child_name: childName,
    language: 'uk',
    parent_email: parentEmail,
  });
  const older = await completed(school, student.id, made.id, dayFromNow(-35), false, 3);
  const teacher = await school.as('teacher');
  await teacher.call('post', API.sendDiagnosis, { diagnosis_id: older.id } satisfies SendDiagnosisInput);
  const newer = await completed(school, student.id, made.id, dayFromNow(-0), true, 5);
  return { newer, childName, parentEmail, title: card.title };
}

/** The parents' link of a mail's text. */
function cardLinkOf(text: string | undefined): string {
  const link = /https?:\/\/\S+\/dc-preview\/[\w-]{43}/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`No diagnostic card link in: ${text}`);
  return link;
}

test('a teacher sends a completed diagnosis; the parents read the card, its progress and its PDF until the link is withdrawn', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // The school is made before the mailbox listens: its people's invitations come back as links.
  const school = await newSchool(request, ['moderator', 'teacher']);
  await mailbox.start();
  const { newer, childName, parentEmail, title } = await seed(school);
  const mailsBefore = mailbox.mails.length;

  // The teacher sends the newer diagnosis from its filling screen's panel.
  await signIn(page, school.person('teacher'), `/manage-client-dc/${newer.id}`);
  const panel = page.getByRole('region', { name: 'Sending to the parents' });
  await expect(panel.getByText('Draft', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Send to the parents' }).click();
  await expect(page.getByText(`The card was sent to ${parentEmail}.`)).toBeVisible();
  await expect(panel.getByText('Sent', { exact: true })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Link for the parents' })).toHaveValue(
    /\/dc-preview\/[\w-]{43}$/,
  );
  await page.screenshot({
    path: testInfo.outputPath('panel-en-1440.png'),
    fullPage: true,
    animations: 'disabled',
  });

  // The parent's mail, in the student's language (Ukrainian), carries the link.
  await expect
    .poll(() => mailbox.mails.length > mailsBefore && mailbox.latestTo(parentEmail) !== undefined)
    .toBe(true);
  const mail = mailbox.latestTo(parentEmail)!;
  expect(mail.subject).toBe(`Діагностична картка «${title}» — ${childName}`);
  const link = cardLinkOf(mail.text);

  // The parent opens it on a phone, signed in nowhere: the card in Ukrainian, nothing for staff only.
  const parent = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 360, height: 800 },
    acceptDownloads: true,
  });
  const parentPage = await parent.newPage();
  const problems = watchConsole(parentPage);
  await parentPage.goto(link);
  await expect(parentPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(parentPage.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(parentPage.getByText(`Дитина: ${childName}`)).toBeVisible();
  await expect(parentPage.getByText('Добрий рівень')).toBeVisible();
  await expect(parentPage.getByText('Правильно', { exact: true })).toBeVisible();
  expect(await parentPage.locator('body').innerText()).not.toContain(STAFF_NOTE);
  expect(await parentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(parentPage);
  await parentPage.screenshot({
    path: testInfo.outputPath('card-uk-360.png'),
    fullPage: true,
    animations: 'disabled',
  });
  await parentPage.setViewportSize({ width: 800, height: 900 });
  await parentPage.screenshot({
    path: testInfo.outputPath('card-uk-800.png'),
    fullPage: true,
    animations: 'disabled',
  });

  // The PDF: a real PDF whose first page renders (looked at by a person: attached to the report).
  const [download] = await Promise.all([
    parentPage.waitForEvent('download'),
    parentPage.getByRole('link', { name: 'Завантажити PDF' }).click(),
  ]);
  const pdfPath = testInfo.outputPath('card.pdf');
  await download.saveAs(pdfPath);
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '70',
    '-f',
    '1',
    '-l',
    '1',
    pdfPath,
    testInfo.outputPath('card-page'),
  ]);
  const rendered = fs.readdirSync(testInfo.outputPath()).find((name) => name.startsWith('card-page'));
  expect(rendered).toBeDefined();
  await testInfo.attach('pdf-page-1', { path: testInfo.outputPath(rendered!), contentType: 'image/png' });

  // Progress: one chart per result and per scale, two points each (the older diagnosis was sent too).
  await parentPage.getByRole('link', { name: 'Прогрес у часі' }).click();
  await expect(parentPage.getByRole('heading', { level: 1, name: `Прогрес: ${childName}` })).toBeVisible();
  const charts = parentPage.getByTestId('progress-chart');
  await expect(charts).toHaveCount(2);
  await expect(charts.first()).toHaveAttribute('data-points', '2');
  await expect(charts.first().locator('.recharts-line-dot')).toHaveCount(2);
  await expectAccessible(parentPage);
  await parentPage.screenshot({
    path: testInfo.outputPath('progress-uk-800.png'),
    fullPage: true,
    animations: 'disabled',
  });
  await parentPage.setViewportSize({ width: 360, height: 800 });
  await parentPage.screenshot({
    path: testInfo.outputPath('progress-uk-360.png'),
    fullPage: true,
    animations: 'disabled',
  });

  // The teacher withdraws the link (asked first): the parents' page says not found or wrong link.
  await panel.getByRole('button', { name: 'Withdraw link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw the link?' });
  await dialog.getByRole('button', { name: 'Withdraw link' }).click();
  await expect(page.getByText('The link is withdrawn: it opens nothing from now on.')).toBeVisible();
  await parentPage.goto(link);
  await expect(
    parentPage.getByRole('heading', { level: 1, name: 'This link is not valid or was withdrawn' }),
  ).toBeVisible();
  await expectAccessible(parentPage);
  await parentPage.screenshot({
    path: testInfo.outputPath('invalid-en-360.png'),
    fullPage: true,
    animations: 'disabled',
  });
  // The 404 of a withdrawn link is the page's own answer, not an error of the app.
  expect(problems.filter((problem) => !/404/.test(problem))).toEqual([]);
  await parent.close();
});
