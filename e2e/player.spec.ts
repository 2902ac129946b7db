import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { fillLesson, scheduleLesson, settingR, studentWithPlan, thisWeekAt } from './support/lessons.ts';
import { expectAccessible } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

// The lesson is dated in UTC: the browser sees it in the same week.
test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const CHILD = 'Sofiia Melnyk';

/**
 * A school whose teacher's student has a filled plan of one block, "Setting [R]" (3 presentations),
 * whose folder holds three accepted exercises: lesson 2, on this week's Wednesday, and lesson 3 are
 * filled to the block's minimum, which is its maximum, so that lesson 3 has no room left.
 */
async function schoolWithLesson(request: APIRequestContext) {
  const { school, template } = await settingR(
    request,
    ['Drum roll [R]', 'Motor start [R]', 'Tiger growl [R]'],
    { min: 3, max: 3 },
  );
  const { teacher, lessons } = await studentWithPlan(school, template.id, {
    client_name: 'Olena Melnyk',
    child_name: CHILD,
  });
  const [, second, third] = lessons;
  await scheduleLesson(teacher, await fillLesson(teacher, second!.id), thisWeekAt(2, 9), 60);
  await fillLesson(teacher, third!.id);
  return school;
}

/** Presses a key until the player shows the presentation, failing after a few dozen presses. */
async function pressUntil(page: Page, key: string, progress: RegExp) {
  const shown = page.getByText(progress);
  for (let press = 0; press < 40; press += 1) {
    if (await shown.isVisible()) return;
    await page.keyboard.press(key);
  }
  await expect(shown).toBeVisible();
}

test('a teacher plays a lesson with the keyboard, marks trials, and finishes it', async ({
  page,
  request,
}) => {
  const school = await schoolWithLesson(request);
  await signIn(page, school.person('teacher'));
  await page.getByRole('navigation').getByRole('link', { name: 'Lessons' }).click();
  const week = page.getByRole('table', { name: 'Lessons of the week' });
  // The student's second lesson, this week: filled, not finished.
  const second = week.getByRole('row', { name: new RegExp(CHILD) }).filter({ hasText: '2 of 10' });
  await second.getByRole('link', { name: '2 of 10' }).click();
  await expect(page.getByRole('heading', { name: `${CHILD}: lesson 2 of 10` })).toBeVisible();
  await page.getByRole('link', { name: 'Play' }).click();

  // Full screen: the player alone, without the app's navigation.
  await expect(page).toHaveURL(/\/conduct-lesson\/\d+$/);
  await expect(page.getByRole('heading', { name: `Lesson 2 · ${CHILD}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const progress = page.getByText(/^Presentation \d+ of \d+$/);
  await expect(progress).toHaveText(/^Presentation 1 of \d+$/);
  const total = Number((await progress.textContent())?.replace(/^Presentation 1 of /, ''));
  expect(total).toBeGreaterThanOrEqual(3);
  const firstTitle = await page.getByRole('heading', { level: 2 }).first().textContent();
  await expect(page.getByRole('heading', { name: 'Instruction for the teacher' })).toBeVisible();
  // The slide is shown large, as an image, or says why it cannot be.
  await expect(
    page
      .getByRole('img', { name: /, slide 1 of \d+$/ })
      .or(page.getByText('This exercise has no slide images yet.')),
  ).toBeVisible();

  // The keyboard: → and Page Down forward, ← and Page Up back, Space forward.
  await pressUntil(page, 'ArrowRight', /^Presentation 2 of /);
  await expect(page.getByRole('heading', { level: 2 }).first()).not.toHaveText(firstTitle ?? '');
  await page.keyboard.press('PageUp');
  await expect(progress).toHaveText(/^Presentation 1 of /);
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(firstTitle ?? '');
  await pressUntil(page, 'Space', /^Presentation 2 of /);
  await pressUntil(page, 'PageDown', /^Presentation 3 of /);
  await pressUntil(page, 'ArrowLeft', /^Presentation 2 of /);

  // One tap per trial; a cued trial asks for its cue.
  const counts = page.getByText(/^Correct: \d+ · Incorrect: \d+ · Cued: \d+$/);
  await expect(counts).toHaveText('Correct: 0 · Incorrect: 0 · Cued: 0');
  await page.getByRole('button', { name: 'Correct', exact: true }).click();
  await expect(counts).toHaveText('Correct: 1 · Incorrect: 0 · Cued: 0');
  await page.getByRole('button', { name: 'Incorrect', exact: true }).click();
  await expect(counts).toHaveText('Correct: 1 · Incorrect: 1 · Cued: 0');
  await page.getByRole('button', { name: 'Cued', exact: true }).click();
  await expect(page.getByText('Which cue helped?')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Phonemic' }).click();
  await expect(counts).toHaveText('Correct: 1 · Incorrect: 1 · Cued: 1');
  // Undo takes the last back; the marks are the server's, there after a reload.
  await page.getByRole('button', { name: 'Undo last' }).click();
  await expect(counts).toHaveText('Correct: 1 · Incorrect: 1 · Cued: 0');
  await page.getByRole('button', { name: 'Cued', exact: true }).click();
  await page.getByRole('button', { name: 'Phonemic' }).click();
  await expect(counts).toHaveText('Correct: 1 · Incorrect: 1 · Cued: 1');
  await page.reload();
  await expect(progress).toHaveText(/^Presentation 1 of /);
  await pressUntil(page, 'ArrowRight', /^Presentation 2 of /);
  await expect(counts).toHaveText('Correct: 1 · Incorrect: 1 · Cued: 1');
  await expectAccessible(page);

  // Finish: the presentations up to this one are ticked as reached; the rest move to lesson 3.
  await page.getByRole('button', { name: 'Finish lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finish the lesson' });
  const boxes = dialog.getByRole('checkbox');
  await expect(boxes).toHaveCount(total);
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(1)).toBeChecked();
  await expect(boxes.nth(2)).not.toBeChecked();
  await expectAccessible(page);
  // So much to move would overfill lesson 3's blocks: refused, and nothing lost.
  await dialog.getByRole('button', { name: 'Finish lesson' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('The lesson was not finished');
  await expect(refusal).toContainText('Nothing was changed');
  await expect(boxes.nth(0)).toBeChecked();
  await expectAccessible(page);
  // The next lesson is full: with everything reached, nothing has to move.
  for (let index = 0; index < total; index += 1) await boxes.nth(index).check();
  await dialog.getByRole('button', { name: 'Finish lesson' }).click();
  await expect(dialog.getByText('The lesson is finished.')).toBeVisible();
  await expect(dialog.getByText('Every presentation was reached: nothing moved.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('link', { name: 'Back to the lessons' }).click();
  await expect(page).toHaveURL(/\/lessons-list$/);
  await expect(
    page
      .getByRole('table', { name: 'Lessons of the week' })
      .getByRole('row', { name: new RegExp(CHILD) })
      .filter({ hasText: '2 of 10' }),
  ).toContainText('Finished');
});
