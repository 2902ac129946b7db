import { expect, test, type Page } from './support/test.ts';
import { slidesRendered } from './support/content.ts';
import { settingR, studentWithPlan } from './support/lessons.ts';
import { expectAccessible } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const CHILD = 'Marta Daylong';

const block = (page: Page, target: string) => page.getByRole('region', { name: target, exact: true });

/** The titles of a block's presentations in the editor, in order, as their remove buttons name them. */
async function titlesOf(page: Page, target: string): Promise<string[]> {
  const labels = await block(page, target)
    .getByRole('button', { name: /^Remove “/ })
    .evaluateAll((found) => found.map((button) => button.getAttribute('aria-label')));
  return labels.map((label) => (label ?? '').replace(/^Remove “(.*)”$/, '$1'));
}

/**
 * Issue 15's whole day in one flow: a new student's first lesson is filled automatically, edited,
 * refused below a minimum and saved; played with marks while the child's screen follows; finished
 * with the rest moved to the next lesson; counted in the managers' report and its CSV; and its
 * accuracy on the student's correction path.
 */
test('a lesson from its filling to the managers’ report and the child’s progress', async ({
  page,
  browser,
  request,
}) => {
  // The school, its [R] template of one block (3 to 4 presentations) whose folder holds three
  // accepted exercises, and the student's filled plan (the plan's screens have their own spec). The
  // folder is short for ten lessons, so the fill gives each lesson its minimum first (issue 27).
  const { school, template, exercises } = await settingR(
    request,
    ['Drum roll [R]', 'Motor start [R]', 'Tiger growl [R]'],
    { min: 3, max: 4 },
    ['manager'],
    // In the student's lesson language, as the fill prefers (decision 035).
    'en',
  );
  const teacherName = school.person('teacher').name;
  const { student, lessons } = await studentWithPlan(school, template.id, {
    client_name: `Parent of ${CHILD}`,
    child_name: CHILD,
    language: 'en',
  });
  const first = lessons[0]!;

  // The teacher fills the first lesson automatically, goes below a block's minimum, and is refused.
  await signIn(page, school.person('teacher'), `/edit-lesson/${first.id}`);
  await expect(page.getByRole('heading', { name: `${CHILD}: lesson 1 of 10` })).toBeVisible();
  await page.getByRole('button', { name: 'Fill automatically' }).click();
  await expect(page.getByText('The lesson is filled.')).toBeVisible();
  const setting = block(page, 'Setting [R]');
  const filled = await titlesOf(page, 'Setting [R]');
  expect(filled.length).toBeGreaterThanOrEqual(3);
  for (const title of filled.slice(1))
    await setting.getByRole('button', { name: `Remove “${title}”` }).click();
  await page.getByRole('button', { name: 'Save lesson' }).click();
  const refusal = 'The block “Setting [R]” needs at least 3 presentations.';
  await expect(page.getByRole('alert').filter({ hasText: 'The lesson was not saved' })).toContainText(
    refusal,
  );
  // Filling again keeps what is there and adds up to the bounds; now it saves.
  await page.getByRole('button', { name: 'Fill automatically' }).click();
  await expect(setting.getByText('Within the bounds')).toBeVisible();
  expect((await titlesOf(page, 'Setting [R]'))[0]).toBe(filled[0]);
  await page.getByRole('button', { name: 'Save lesson' }).click();
  await expect(page.getByText('Lesson saved.')).toBeVisible();

  // She plays it; the child's screen, opened from the link in a second browser, follows her. The
  // slide images are rendered by LibreOffice after each upload: every deck's, before the player.
  for (const exercise of exercises) await slidesRendered(school, exercise.id);
  await page.getByRole('link', { name: 'Play' }).click();
  await expect(page.getByRole('heading', { name: `Lesson 1 · ${CHILD}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /, slide 1 of \d+$/ })).toBeVisible();
  const progress = page.getByText(/^Presentation \d+ of \d+$/);
  const total = Number((await progress.textContent())?.replace(/^Presentation 1 of /, ''));
  expect(total).toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: "Child's screen" }).click();
  const control = page.getByRole('dialog', { name: "Child's screen" });
  await control.getByRole('button', { name: 'Start session' }).click();
  const link = await control.getByLabel("Child's link").inputValue();
  // The header's button, now saying the session is live, closes the panel again.
  await page.getByRole('button', { name: 'Live' }).click();
  await expect(control).toBeHidden();
  const childContext = await browser.newContext({ locale: 'en-GB' });
  const child = await childContext.newPage();
  await child.goto(link);
  const firstSlide = (await page.getByRole('img', { name: /, slide 1 of \d+$/ }).getAttribute('alt')) ?? '';
  await expect(child.getByRole('img', { name: firstSlide, exact: true })).toBeVisible();

  // Three trials of the first presentation: two correct, one incorrect.
  const counts = page.getByText(/^Correct: \d+ · Incorrect: \d+ · Cued: \d+$/);
  await page.getByRole('button', { name: 'Correct', exact: true }).click();
  await page.getByRole('button', { name: 'Correct', exact: true }).click();
  await page.getByRole('button', { name: 'Incorrect', exact: true }).click();
  await expect(counts).toHaveText('Correct: 2 · Incorrect: 1 · Cued: 0');

  // On to the second presentation: the child's screen shows its first slide.
  for (let press = 0; press < 40 && !(await page.getByText(/^Presentation 2 of /).isVisible()); press += 1)
    await page.keyboard.press('ArrowRight');
  const title = (await page.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
  await expect(
    child
      .getByRole('img', {
        name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, slide 1 of \\d+$`),
      })
      .or(child.getByRole('heading', { name: title, exact: true })),
  ).toBeVisible({ timeout: 10_000 });

  // Finished after two presentations: the rest move to lesson 2, and the child's screen ends.
  await page.getByRole('button', { name: 'Finish lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finish the lesson' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(total);
  await dialog.getByRole('button', { name: 'Finish lesson' }).click();
  await expect(dialog.getByText('The lesson is finished.')).toBeVisible();
  await expect(dialog.getByText('These presentations moved to lesson 2:')).toBeVisible();
  const moved = (await dialog.getByRole('listitem').allInnerTexts()).map((text) =>
    text.replace(/^\d+\. (.*) \(.*\)$/, '$1'),
  );
  expect(moved).toHaveLength(total - 2);
  await expect(child.getByRole('heading', { name: 'The session has ended' })).toBeVisible({
    timeout: 10_000,
  });
  await childContext.close();

  // The next lesson holds what moved.
  await dialog.getByRole('link', { name: 'Open the next lesson' }).click();
  await expect(page.getByRole('heading', { name: `${CHILD}: lesson 2 of 10` })).toBeVisible();
  const nextTitles = await page
    .getByRole('button', { name: /^Remove “/ })
    .evaluateAll((found) => found.map((button) => button.getAttribute('aria-label')));
  expect(nextTitles.map((label) => (label ?? '').replace(/^Remove “(.*)”$/, '$1'))).toEqual(moved);

  // Her correction path: the first presentation's target at 2 of 3 correct.
  await page.goto(`/correction-path/${student.id}`);
  const section = page.getByRole('region', { name: 'Progress' });
  await expect(
    section.getByText('All lessons: accuracy 67%, needed a cue 0% · trials: 3 · lessons: 1'),
  ).toBeVisible();
  await expectAccessible(page);

  // The manager sees the teacher's one lesson, in the report and in its CSV.
  const managerContext = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  const managerPage = await managerContext.newPage();
  await signIn(managerPage, school.person('manager'), '/lessons-stats');
  const row = managerPage.getByRole('row', { name: new RegExp(teacherName) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  const [download] = await Promise.all([
    managerPage.waitForEvent('download'),
    managerPage.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  const line = csv.split('\r\n').find((entry) => entry.includes(`,${teacherName},`));
  expect(line?.split(',')[3]).toBe('1'); // From, To, Teacher, Lessons held…
  await managerContext.close();
});
