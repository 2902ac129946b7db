import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from './support/test.ts';
import { acceptedExercise, categoryFolder, tagOf } from './support/content.ts';
import { pickDate } from './support/dates.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

/** Where the act's PDF and its pages as PNG go, to be looked at by eye. */
const SHOTS = process.env.ACTS_SHOTS ?? '/tmp/acts-shots';

test("a moderator makes a month's report, excludes an item, makes the act and opens its PDF", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const school = await newSchool(request, ['moderator', 'author']);
  const { ids } = await categoryFolder(school, 'Sounds', ['[R]']);
  const tag = await tagOf(school, 'pictures');
  for (const title of ['[R] at the start', '[R] in the middle', '[R] at the end']) {
    await acceptedExercise(school, { title, categoryId: ids['[R]']!, tagIds: [tag.id] });
  }
  const author = school.person('author').name;

  // This month so far, as the range the browser keeps.
  const today = new Date().toISOString().slice(0, 10);
  await signIn(page, school.person('moderator'));
  await page.evaluate((range) => window.localStorage.setItem('reportRange', JSON.stringify(range)), {
    from: `${today.slice(0, 8)}01`,
    to: today,
  });
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: "Contractors' reports", level: 1 })).toBeVisible();
  const card = page.getByRole('region', { name: author });
  await expect(card.getByRole('row')).toHaveCount(4);
  await expect(card.getByText("Add the contractor's details first.")).toBeVisible();
  await expect(card.getByRole('button', { name: 'Make the act' })).toBeDisabled();
  await expectAccessible(page);

  // The rate of a presentation in hryvnias.
  await page.getByRole('button', { name: 'Add a rate' }).click();
  await page.getByRole('textbox', { name: 'Amount, row 1' }).fill('1500');
  await page.getByRole('button', { name: 'Save rates' }).click();
  await expect(page.getByText('Rates saved.')).toBeVisible();

  // The contractor's details, kept once.
  await card.getByRole('button', { name: "Add the contractor's details" }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name in Ukrainian').fill('Олена Коваль');
  await dialog.getByLabel('Full name in English').fill('Olena Koval');
  await dialog.getByLabel('Passport').fill('AB123456');
  await dialog.getByRole('textbox', { name: /^Tax ID/ }).fill('3184710692');
  await dialog.getByLabel('Address in Ukrainian').fill('Київ, вул. Хрещатик, 1');
  await dialog.getByLabel('Address in English').fill('1 Khreshchatyk St, Kyiv');
  await dialog.getByLabel('Contract number').fill('K-17');
  await pickDate(page, dialog.getByRole('button', { name: 'Contract date' }), '2026-01-05');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  // A wrong check digit: the server says so under the field.
  await expect(dialog.getByText('Invalid value.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Tax ID/ }).fill('3184710691');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("The contractor's details are saved.")).toBeVisible();
  await expect(card.getByText(/Contract No\. K-17 · tax ID ••••••0691 · UAH/)).toBeVisible();
  await expect(card.getByText(/Next act: 3 items/)).toBeVisible();

  // One item left out of the act.
  await card.getByRole('button', { name: 'Exclude “[R] in the middle” from the act' }).click();
  await expect(card.getByText(/Next act: 2 items/)).toBeVisible();
  await expect(card.getByRole('row', { name: /\[R\] in the middle/ }).getByText('Excluded')).toBeVisible();

  await card.getByRole('button', { name: 'Make the act' }).click();
  const confirm = page.getByRole('dialog', { name: /Make an act for Олена Коваль/ });
  await expect(confirm.getByText(/holds 2 items/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Make the act' }).click();
  const number = `1/${today.slice(0, 4)}`;
  await expect(page.getByText(`Act No. ${number} made.`)).toBeVisible();
  await expect(card.getByText(`In act No. ${number}`)).toHaveCount(2);
  await expect(card.getByRole('button', { name: 'Make the act' })).toBeDisabled();
  const issued = page.getByRole('region', { name: 'Issued acts' });
  await expect(issued.getByRole('row', { name: new RegExp(number) })).toContainText('Олена Коваль');
  await expect(issued.getByRole('link', { name: '[R] at the start' })).toBeVisible();
  await expectAccessible(page);

  // Its PDF, in Ukrainian and English side by side, rendered to a picture to look at.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    issued.getByRole('button', { name: `Download the PDF of act No. ${number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`act-${number.replace('/', '-')}.pdf`);
  fs.mkdirSync(SHOTS, { recursive: true });
  const pdf = `${SHOTS}/act.pdf`;
  await download.saveAs(pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-']).toString('utf8').replace(/\s+/g, ' ');
  for (const expected of [
    `Акт № ${number}`,
    `Act No. ${number}`,
    'Виконавець: Олена Коваль',
    'Contractor: Olena Koval',
    '[R] at the start',
    '[R] at the end',
    'Разом: 3 000,00 UAH',
    'Total: 3,000.00 UAH',
  ]) {
    expect(text, expected).toContain(expected);
  }
  expect(text).not.toContain('[R] in the middle');
  execFileSync('pdftoppm', ['-png', '-r', '80', pdf, `${SHOTS}/act`]);
  expect(fs.readdirSync(SHOTS).some((name) => name.startsWith('act-') && name.endsWith('.png'))).toBe(true);
  expect(problems).toEqual([]);
});
