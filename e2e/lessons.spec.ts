import { weekStart } from '@logoschool/contract';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { pickDate } from './support/dates.ts';
import {
  fillLesson,
  finishWhole,
  scheduleLesson,
  settingR,
  studentWithPlan,
  thisWeekAt,
} from './support/lessons.ts';
import { expectAccessible } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

// The week's lessons are dated in UTC: the browser sees them in the same weeks.
test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const CHILD = 'Taras Bondarenko';

/**
 * A school whose teacher's student has a filled plan of one block, "Setting [R]" (2 to 4
 * presentations), whose folder holds two accepted exercises usable three times each: enough for
 * three lessons of two. This week: lesson 1 on Tuesday, finished, and lesson 2 on Thursday,
 * prepared.
 */
async function schoolWithWeek(request: APIRequestContext) {
  const { school, template } = await settingR(request, ['Drum roll [R]', 'Motor start [R]'], {
    min: 2,
    max: 4,
  });
  const { teacher, lessons } = await studentWithPlan(school, template.id, {
    client_name: 'Iryna Bondarenko',
    child_name: CHILD,
  });
  const [first, second] = lessons;
  const tuesday = await scheduleLesson(teacher, await fillLesson(teacher, first!.id), thisWeekAt(1, 14), 45);
  await finishWhole(teacher, tuesday);
  await scheduleLesson(teacher, await fillLesson(teacher, second!.id), thisWeekAt(3, 14), 60);
  return { school, title: template.title };
}

const block = (page: Page, target: string) => page.getByRole('region', { name: target, exact: true });

/** The titles of a block's presentations, in order, as their remove buttons name them. */
async function titlesOf(page: Page, target: string): Promise<string[]> {
  const buttons = block(page, target).getByRole('button', { name: /^Remove “/ });
  const labels = await buttons.evaluateAll((found) =>
    found.map((button) => button.getAttribute('aria-label')),
  );
  return labels.map((label) => (label ?? '').replace(/^Remove “(.*)”$/, '$1'));
}

test('a teacher prepares a lesson: fills it automatically, is refused below a block’s minimum, and saves it', async ({
  page,
  request,
}) => {
  const { school, title } = await schoolWithWeek(request);
  await signIn(page, school.person('teacher'));
  await page.getByRole('navigation').getByRole('link', { name: 'Lessons' }).click();
  await expect(page).toHaveURL(/\/lessons-list$/);
  await expect(page.getByRole('heading', { name: 'Lessons', level: 1 })).toBeVisible();
  const week = page.getByRole('table', { name: 'Lessons of the week' });
  // The week: the student's first lesson on Tuesday, finished, and the second on Thursday, prepared.
  const second = week.getByRole('row', { name: new RegExp(CHILD) }).filter({ hasText: '2 of 10' });
  await expect(second).toContainText('Ready');
  await expect(
    week.getByRole('row', { name: new RegExp(CHILD) }).filter({ hasText: '1 of 10' }),
  ).toContainText('Finished');
  await expectAccessible(page);

  await second.getByRole('link', { name: '2 of 10' }).click();
  await expect(page.getByRole('heading', { name: `${CHILD}: lesson 2 of 10` })).toBeVisible();
  // His next lesson has no date and nothing in it yet.
  await page.getByRole('link', { name: 'Lesson 3' }).click();
  await expect(page.getByRole('heading', { name: `${CHILD}: lesson 3 of 10` })).toBeVisible();
  await expect(page).toHaveURL(/\/edit-lesson\/\d+$/);

  // This week's Saturday, 10:30, 50 minutes.
  const saturday = new Date(
    Date.parse(`${weekStart(new Date().toISOString().slice(0, 10))}T00:00:00Z`) + 5 * 86_400_000,
  )
    .toISOString()
    .slice(0, 10);
  await pickDate(page, page.getByRole('button', { name: 'Date', exact: true }), saturday);
  await page.getByLabel('Time').fill('10:30');
  await page.getByRole('textbox', { name: 'Duration, minutes' }).fill('50');

  await page.getByRole('button', { name: 'Fill automatically' }).click();
  await expect(page.getByText('The lesson is filled.')).toBeVisible();
  const setting = block(page, 'Setting [R]');
  await expect(setting.getByText('Within the bounds')).toBeVisible();
  const filled = await titlesOf(page, 'Setting [R]');
  expect(filled.length).toBeGreaterThanOrEqual(2);

  // Down to one presentation: below the block's minimum of two.
  for (const title of filled.slice(1))
    await setting.getByRole('button', { name: `Remove “${title}”` }).click();
  await expect(setting.getByText('Presentations still needed: 1')).toBeVisible();
  await page.getByRole('button', { name: 'Save lesson' }).click();
  const refusal = 'The block “Setting [R]” needs at least 2 presentations.';
  await expect(setting.getByText(refusal)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'The lesson was not saved' })).toContainText(
    refusal,
  );

  // One of them back, from the block's folder.
  await setting.getByRole('button', { name: 'Add a presentation to “Setting [R]”' }).click();
  const picker = page.getByRole('dialog', { name: 'Add a presentation to “Setting [R]”' });
  await picker.getByRole('button', { name: `Add “${filled[1]}”` }).click();
  await expect(picker).toBeHidden();
  await expect(setting.getByText(refusal)).toBeHidden();
  await page.getByRole('button', { name: 'Save lesson' }).click();
  await expect(page.getByText('Lesson saved.')).toBeVisible();
  expect(await titlesOf(page, 'Setting [R]')).toEqual([filled[0], filled[1]]);
  await expectAccessible(page);

  // The list shows it on Saturday, prepared.
  await page.getByRole('link', { name: 'Back to lessons' }).click();
  const third = page
    .getByRole('table', { name: 'Lessons of the week' })
    .getByRole('row', { name: new RegExp(CHILD) })
    .filter({ hasText: '3 of 10' });
  await expect(third).toContainText('10:30–11:20');
  await expect(third).toContainText('Ready');
  await expect(page.getByRole('row', { name: /^Saturday, / })).toBeVisible();

  // The plan's page lists its ten lessons, this one with its date.
  await third.getByRole('link', { name: '3 of 10' }).click();
  await page.getByRole('link', { name: title }).click();
  const ofPlan = page.getByRole('region', { name: 'Lessons of the plan' });
  await expect(ofPlan.getByRole('row')).toHaveCount(11);
  await expect(ofPlan.getByRole('row').filter({ hasText: '3 of 10' })).toContainText('10:30–11:20');
  await expect(ofPlan.getByRole('row').filter({ hasText: '4 of 10' })).toContainText('Not set yet');
  await expectAccessible(page);
});
