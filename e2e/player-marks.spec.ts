import { API, type LessonMarks } from '@logoschool/contract';
import { expect, test, type Page } from './support/test.ts';
import { fillLesson, settingR, studentWithPlan } from './support/lessons.ts';
import { expectAccessible } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

/** Where the screenshots go, to be looked at by eye. */
const SHOTS = process.env.PLAYER_MARKS_SHOTS ?? '/tmp/player-marks-shots';

const CHILD = 'Daryna Shevchenko';

/** Two boxes on the page overlap. */
async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  const first = await page.locator(a).boundingBox();
  const second = await page.locator(b).boundingBox();
  if (!first || !second) throw new Error(`${a} or ${b} is not on the page`);
  return !(
    first.x + first.width <= second.x ||
    second.x + second.width <= first.x ||
    first.y + first.height <= second.y ||
    second.y + second.height <= first.y
  );
}

test('a cued trial counts at the tap; its cue is chosen or changed afterwards, never lost', async ({
  page,
  request,
}) => {
  const { school, template } = await settingR(request, ['Drum roll [R]', 'Motor start [R]'], {
    min: 2,
    max: 2,
  });
  const { teacher, lessons } = await studentWithPlan(school, template.id, {
    client_name: 'Ihor Shevchenko',
    child_name: CHILD,
  });
  const lesson = await fillLesson(teacher, lessons[0]!.id);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, school.person('teacher'), `/conduct-lesson/${lesson.id}`);
  const progress = page.getByText(/^Presentation \d+ of \d+$/);
  await expect(progress).toHaveText('Presentation 1 of 2');

  // Four trials: correct, incorrect, correct, cued. The cued one counts at once.
  const counts = page.getByText(/^Correct: \d+ · Incorrect: \d+ · Cued: \d+$/);
  for (const [result, shown] of [
    ['Correct', 'Correct: 1 · Incorrect: 0 · Cued: 0'],
    ['Incorrect', 'Correct: 1 · Incorrect: 1 · Cued: 0'],
    ['Correct', 'Correct: 2 · Incorrect: 1 · Cued: 0'],
    ['Cued', 'Correct: 2 · Incorrect: 1 · Cued: 1'],
  ] as const) {
    await page.getByRole('button', { name: result, exact: true }).click();
    await expect(counts).toHaveText(shown);
  }
  const question = page.getByRole('group', { name: 'Which cue helped? (trial 4)' });
  await expect(question).toBeVisible();
  await expect(page.getByText('Trial 4: cue not specified')).toBeVisible();
  await expectAccessible(page);

  // The child's screen's window opens beside the marks, never over them.
  await page.getByRole('button', { name: "Child's screen" }).click();
  const control = page.getByRole('dialog', { name: "Child's screen" });
  await expect(control).toBeVisible();
  expect(await overlap(page, '[role="dialog"]', 'section[aria-labelledby="player-marks-title"]')).toBe(false);
  await page.keyboard.press('Escape');
  await expect(control).toBeHidden();

  // Moving on without answering: the trial stays, counted, its cue not said.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(progress).toHaveText('Presentation 2 of 2');
  await expect(counts).toHaveText('Correct: 0 · Incorrect: 0 · Cued: 0');
  await expect(question).toBeHidden();
  const kept = await teacher.call<LessonMarks>('get', `${API.lesson}/${lesson.id}/marks`);
  expect(kept.exercises.map(({ correct, incorrect, cued }) => [correct, incorrect, cued])).toEqual([
    [2, 1, 1],
  ]);
  expect(kept.exercises[0]!.trials.at(-1)).toMatchObject({ trial: 4, result: 'cued', cue: null });
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(progress).toHaveText('Presentation 1 of 2');
  await expect(counts).toHaveText('Correct: 2 · Incorrect: 1 · Cued: 1');
  await expect(page.getByText('Trial 4: cue not specified')).toBeVisible();

  // The cue chosen afterwards, then changed; the counts stay, and so does the cue after a reload.
  await page.getByRole('button', { name: 'Choose the cue of trial 4' }).click();
  await question.getByRole('button', { name: 'Visual' }).click();
  await expect(page.getByText('Trial 4: Visual')).toBeVisible();
  await page.getByRole('button', { name: 'Change the cue of trial 4' }).click();
  await expect(question.getByRole('button', { name: 'Visual', pressed: true })).toBeVisible();
  await question.getByRole('button', { name: 'Phonemic' }).click();
  await expect(page.getByText('Trial 4: Phonemic')).toBeVisible();
  await expect(counts).toHaveText('Correct: 2 · Incorrect: 1 · Cued: 1');
  await page.reload();
  await expect(page.getByText('Trial 4: Phonemic')).toBeVisible();
  await expect(counts).toHaveText('Correct: 2 · Incorrect: 1 · Cued: 1');

  // Another cued trial asked and left with "Not now": counted, its cue still to choose.
  await page.getByRole('button', { name: 'Cued', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Which cue helped? (trial 5)' })).toBeVisible();
  await expectAccessible(page);
  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/player-marks-en-${width}.png`, animations: 'disabled' });
  }
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(counts).toHaveText('Correct: 2 · Incorrect: 1 · Cued: 2');
  await expect(page.getByText('Trial 5: cue not specified')).toBeVisible();
});
