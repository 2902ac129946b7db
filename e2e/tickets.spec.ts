import { solidPng } from './support/content.ts';
import { fillLesson, settingR, studentWithPlan } from './support/lessons.ts';
import { expectAccessible } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const CHILD = 'Sofiia Melnyk';

test('a teacher reports a slide from the player with a screenshot; a moderator takes it, asks and marks it done; the teacher sees it done', async ({
  page,
  request,
}) => {
  const { school, template, exercises } = await settingR(request, ['Drum roll [R]'], { min: 1, max: 1 });
  const { teacher, lessons } = await studentWithPlan(school, template.id, {
    client_name: 'Olena Melnyk',
    child_name: CHILD,
  });
  const lesson = await fillLesson(teacher, lessons[0]!.id);
  await signIn(page, school.person('teacher'), `/conduct-lesson/${lesson.id}`);

  // The teacher, in the player: "report this slide", with a screenshot.
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(CHILD) })).toBeVisible();
  await page.getByRole('button', { name: 'Report this slide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog.getByText(`Exercise #${exercises[0]!.id}`)).toBeVisible();
  await dialog.getByLabel('What went wrong?').fill('The drum on this slide is cut off at the top.');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'screenshot.png',
    mimeType: 'image/png',
    buffer: solidPng(220, 40, 40),
  });
  await expect(dialog.getByText('screenshot.png')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const sent = page.getByText(/^Report #\d+ sent\./);
  await expect(sent).toBeVisible();
  const id = Number((await sent.textContent())?.match(/#(\d+)/)?.[1]);
  expect(id).toBeGreaterThan(0);

  // The moderator's list: the new report, counted, with its file; its page has the context.
  await signIn(page, school.person('moderator'), '/reports-tickets');
  await expect(page.getByRole('heading', { name: 'Problem reports', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`#${id}`) });
  await expect(row).toContainText('The drum on this slide is cut off');
  await expect(row).toContainText('1 file');
  await expect(page.getByRole('tab', { name: /New/ })).toContainText('1');
  await expectAccessible(page);
  await row.getByRole('link', { name: `Open report #${id}` }).click();
  await expect(page.getByRole('heading', { name: `Report #${id}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Drum roll [R]' })).toHaveAttribute(
    'href',
    `/moderate-exercise/${exercises[0]!.id}`,
  );
  await expect(page.getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  await expect(page.getByText('Speech therapist', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Takes it in process, asks, and marks it done.
  await page.getByRole('button', { name: 'Take in process' }).click();
  await expect(page.getByText(`Report #${id} is in process.`)).toBeVisible();
  await expect(page.getByText('In process', { exact: true }).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Comment' }).fill('Which lesson was it, the first one?');
  await page.getByRole('button', { name: 'Send comment' }).click();
  // Sent: the box is empty again and the question is in the history.
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  await expect(page.getByText('Which lesson was it, the first one?')).toBeVisible();
  await page.getByRole('button', { name: 'Mark done' }).click();
  await expect(page.getByText(`Report #${id} is done: the reporter is told.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark done' })).toHaveCount(0);

  // The teacher sees it done, with the question, under "My reports" in the profile menu.
  await signIn(page, school.person('teacher'));
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'My reports' }).click();
  await expect(page.getByRole('heading', { name: 'My reports', level: 1 })).toBeVisible();
  const mine = page.getByRole('row', { name: new RegExp(`#${id}`) });
  await expect(mine).toContainText('Done');
  await expectAccessible(page);
  await mine.getByRole('link', { name: `Open report #${id}` }).click();
  await expect(page.getByRole('heading', { name: `My report #${id}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Resolved. Thank you for reporting it!')).toBeVisible();
  await expect(page.getByText('Which lesson was it, the first one?')).toBeVisible();
  await expectAccessible(page);
});
