import fs from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

const HEADER = 'teacher_id,teacher_name,held,finished,minutes,students,correct,incorrect,cued';
/** Where the screenshots go, to be looked at by eye. */
const SHOTS = process.env.LESSON_STATS_SHOTS ?? '/tmp/lesson-stats-shots';

/** The cells of a teacher's row of the table, as texts. */
async function cellsOf(page: Page, teacher: string) {
  return page
    .getByRole('row', { name: new RegExp(teacher) })
    .getByRole('cell')
    .allInnerTexts();
}

async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(height, 600) + 40 });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, animations: 'disabled' });
}

test('a manager sees the demo’s lessons held per teacher, changes the days and downloads the CSV', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signIn(page, 'manager@demo.test');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Lesson statistics' })
    .click();
  await expect(page).toHaveURL(/\/lessons-stats$/);
  await expect(page.getByRole('heading', { name: 'Lesson statistics' })).toBeVisible();

  // The demo teacher finished a lesson of each of her two students this week: in the last 30 days.
  const row = page.getByRole('row', { name: /Tetiana Teacher/ });
  await expect(row).toBeVisible();
  const [name, held, finished, , students] = await cellsOf(page, 'Tetiana Teacher');
  expect(name).toBe('Tetiana Teacher');
  expect(Number(held)).toBeGreaterThanOrEqual(2);
  expect(Number(finished)).toBeGreaterThanOrEqual(2);
  expect(Number(students)).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('heading', { name: 'Lessons held per day' })).toBeVisible();
  await expect(page.locator('.recharts-surface')).toHaveCount(1);
  await expectAccessible(page);

  // The chart follows one teacher.
  await page.getByRole('combobox', { name: 'Whose lessons' }).click();
  await page.getByRole('option', { name: 'Tetiana Teacher' }).click();
  await expect(page.getByRole('combobox', { name: 'Whose lessons' })).toHaveValue('Tetiana Teacher');
  await expect(page.locator('.recharts-surface')).toHaveCount(1);

  // The CSV: the header from the first row's keys, and the teacher's row as the table shows it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^lesson-statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(HEADER);
  const cells = await cellsOf(page, 'Tetiana Teacher');
  const line = lines.find((entry) => entry.includes(',Tetiana Teacher,'));
  expect(line?.split(',').slice(1)).toEqual(cells);

  for (const width of [1440, 800]) await shoot(page, 'lessons-stats-en', width);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Other days, chosen in the calendar: two months back, nothing was held.
  await page.getByRole('button', { name: 'Days', exact: true }).click();
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar).toBeVisible();
  for (const _ of [1, 2]) await calendar.locator('button[data-direction="previous"]').click();
  const day = (n: number) =>
    calendar.locator('table button:not([data-outside])').filter({ hasText: new RegExp(`^${n}$`) });
  await day(10).click();
  await day(12).click();
  await expect(calendar).toBeHidden();
  await expect(page.getByText('No lessons were held in these days')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  const kept = await page.evaluate(() => window.localStorage.getItem('reportRange'));
  expect(JSON.parse(kept ?? '{}')).toMatchObject({
    from: expect.stringMatching(/-10$/),
    to: expect.stringMatching(/-12$/),
  });
  await expectAccessible(page);

  // The range is kept for the next visit.
  await page.reload();
  await expect(page.getByText('No lessons were held in these days')).toBeVisible();

  // In Ukrainian, with the last 30 days again.
  await page.evaluate(() => window.localStorage.removeItem('reportRange'));
  await page.reload();
  await expect(row).toBeVisible();
  await page.getByRole('combobox', { name: 'Interface language' }).selectOption('uk');
  await expect(page.getByRole('heading', { name: 'Статистика занять' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Завантажити CSV' })).toBeVisible();
  for (const width of [1440, 800]) await shoot(page, 'lessons-stats-uk', width);
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Мова інтерфейсу' }).selectOption('en');
  expect(problems).toEqual([]);
});

test('a teacher may not open the lesson statistics', async ({ page }) => {
  await signIn(page, 'teacher@demo.test');
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Lesson statistics' }),
  ).toHaveCount(0);
  await page.goto('/lessons-stats');
  await expect(page).not.toHaveURL(/\/lessons-stats$/);
});

test('root’s dashboard counts the lessons held', async ({ page }) => {
  await signIn(page, 'root@demo.test');
  await expect(page.getByText('Lessons held', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ in the last 30 days$/)).toBeVisible();
});
