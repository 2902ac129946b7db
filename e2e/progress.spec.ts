import { expect, test, type Page } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

// The demo lessons are seeded in UTC: the browser sees their dates the same way.
test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const SHOTS = process.env.PROGRESS_SHOTS ?? '/tmp/progress-shots';

/** Switches the interface language with the header's switcher. */
async function switchLanguage(page: Page, language: 'uk' | 'en') {
  await page.getByRole('combobox', { name: /^(Interface language|Мова інтерфейсу)$/ }).selectOption(language);
}

/** Every chart of the section drawn (each is its own lazy chunk). */
async function chartsDrawn(page: Page, count: number) {
  await expect(page.locator('figure .recharts-surface')).toHaveCount(count);
  await expect(page.locator('figure .recharts-line-curve').first()).toBeVisible();
}

test("the correction path shows the student's accuracy and cued share per target, lesson by lesson", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'teacher@demo.test', '/correction-path');
  await page.getByRole('link', { name: 'Sofiia Koval' }).click();
  await expect(page).toHaveURL(/\/correction-path\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Correction path' })).toBeVisible();

  // The demo: Sofiia's earlier plan of [R] (two lessons played with marks, weeks ago) and this
  // week's first lesson of her current plan; the same three targets in both plans, one line each.
  // (The player's spec, when it ran before this one, has added this week's second lesson.)
  const section = page.getByRole('region', { name: 'Progress' });
  await expect(section.getByRole('heading', { level: 2, name: 'Progress' })).toBeVisible();
  const targets = section.getByRole('article');
  await expect(targets).toHaveCount(3);
  const hearing = section.getByRole('article', { name: 'Hearing [R] among other sounds' });
  await expect(hearing).toBeVisible();
  await expect(section.getByRole('article', { name: 'Setting [R]' })).toBeVisible();
  await expect(
    hearing.getByText(/^All lessons: accuracy \d+%, needed a cue \d+% · trials: \d+ · lessons: [34]$/),
  ).toBeVisible();
  await chartsDrawn(page, 3);
  // Two plans share lesson numbers: the axis tells them apart by date.
  await expect(hearing.locator('figure').getByText(/^Lesson 1, \d\d\/\d\d\/\d{4}$/)).toHaveCount(2);
  await expect(hearing.locator('.recharts-legend-wrapper')).toContainText('Accuracy');
  await expect(hearing.locator('.recharts-legend-wrapper')).toContainText('Needed a cue');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/progress-en-1440.png`, fullPage: true, animations: 'disabled' });

  // The numbers behind the chart: better from lesson to lesson.
  await section.getByRole('switch', { name: 'Show as table' }).check({ force: true });
  const table = hearing.getByRole('table', { name: 'Trials per lesson: Hearing [R] among other sounds' });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows.nth(2)).toBeVisible();
  const accuracyOf = (row: number) => rows.nth(row).locator('td').nth(6);
  await expect(accuracyOf(0)).toHaveText('25%');
  await expect(accuracyOf(1)).toHaveText('50%');
  await expect(accuracyOf(2)).toHaveText('75%');
  await expect(rows.nth(0).locator('th')).toHaveText('Lesson 1');
  await expect(rows.nth(1).locator('th')).toHaveText('Lesson 2');
  await expect(rows.nth(0).locator('td').first()).toHaveText('Sound setting for [R]');
  await expect(table.locator('tfoot')).toContainText('All lessons');
  await expectAccessible(page);
  await section.getByRole('switch', { name: 'Show as table' }).uncheck({ force: true });
  await chartsDrawn(page, 3);

  await page.setViewportSize({ width: 800, height: 900 });
  await chartsDrawn(page, 3);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/progress-en-800.png`, fullPage: true, animations: 'disabled' });

  await switchLanguage(page, 'uk');
  const ukSection = page.getByRole('region', { name: 'Прогрес' });
  await expect(ukSection.getByRole('heading', { level: 2, name: 'Прогрес' })).toBeVisible();
  await expect(
    ukSection
      .getByText(/^Усі уроки: точність \d+%, потрібна підказка \d+% · спроб: \d+ · уроків: [34]$/)
      .first(),
  ).toBeVisible();
  await chartsDrawn(page, 3);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/progress-uk-800.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await chartsDrawn(page, 3);
  await page.screenshot({ path: `${SHOTS}/progress-uk-1440.png`, fullPage: true, animations: 'disabled' });
  await ukSection.getByRole('switch', { name: 'Показати таблицею' }).check({ force: true });
  await expect(ukSection.getByRole('table').first()).toBeVisible();
  await page.screenshot({
    path: `${SHOTS}/progress-uk-1440-table.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await switchLanguage(page, 'en');
  expect(problems).toEqual([]);
});

test('a student whose lessons have no marks gets the empty state', async ({ page }) => {
  await signIn(page, 'teacher@demo.test', '/correction-path');
  await page.getByRole('link', { name: 'Maksym Bondar' }).click();
  const section = page.getByRole('region', { name: 'Progress' });
  await expect(section.getByText(/^Progress appears here once lessons are played with marks/)).toBeVisible();
  await expect(section.getByRole('switch')).toHaveCount(0);
  await expectAccessible(page);
});
