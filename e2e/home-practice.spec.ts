import { API, type PublicLink, type StudentPractice } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { fillLesson, settingR, studentWithPlan } from './support/lessons.ts';
import { expectAccessible } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

test('a teacher assigns a lesson as home practice, a parent practises it from the dashboard on a phone, the teacher sees the tries', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers (the teacher's, the parent's phone), two decks rendered and two axe runs: on the
  // shared CI machine this whole flow runs past the default minute.
  test.slow();
  const { school, template } = await settingR(request, ['Drum roll [R]', 'Motor start [R]'], {
    min: 2,
    max: 2,
  });
  const { teacher, student, lessons } = await studentWithPlan(school, template.id, {
    client_name: 'Olena Kovalenko',
    child_name: 'Marko Kovalenko',
    language: 'uk',
  });
  const lesson = await fillLesson(teacher, lessons[0]!.id);

  // The teacher assigns the whole lesson from its page and copies the family's link.
  await signIn(page, school.person('teacher'), `/edit-lesson/${lesson.id}`);
  const section = page.getByRole('region', { name: 'Home practice' });
  await section.getByRole('button', { name: 'Assign as home practice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Presentations to practise at home' });
  await expect(dialog.getByRole('checkbox', { name: 'All presentations of the lesson' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const link = section.getByRole('textbox', { name: 'Link for the family' });
  await expect(link).toHaveValue(/\/play-lesson\/[\w-]{43}$/);
  const url = new URL(await link.inputValue());
  // The family's dashboard, its link made by the teacher too (its sharing is parent-dashboard.spec's).
  const dashboard = await teacher.call<PublicLink>('post', `${API.clients}/${student.id}/link`);

  // A parent on a phone, in Ukrainian, opens the practice from the dashboard and taps three tries.
  const phone = await browser.newContext({ locale: 'uk-UA', viewport: { width: 390, height: 844 } });
  const parent = await phone.newPage();
  await parent.goto(new URL(dashboard.url ?? '').pathname);
  const home = parent.getByRole('link', { name: 'Практикувати урок 1' });
  await expect(home).toHaveAttribute('href', url.href);
  await home.click();
  await expect(parent).toHaveURL(url.href);
  await expect(parent.getByRole('heading', { level: 1, name: 'Урок 1 вдома · Marko' })).toBeVisible();
  for (const [name, after] of [
    ['Правильно', 'Правильно: 1'],
    ['З підказкою', 'З підказкою: 1'],
    ['Ще не виходить', 'Ще не виходить: 1'],
  ] as const) {
    await parent.getByRole('button', { name: new RegExp(`^${name}: \\d+$`) }).click();
    await expect(parent.getByRole('button', { name: after })).toBeVisible();
  }
  await expect(parent.getByText('Збережено.')).toBeVisible();
  await expectAccessible(parent);
  await phone.close();

  // The teacher sees them on the correction path, beside the marks.
  const practice = await teacher.call<StudentPractice>('get', `${API.clients}/${student.id}/practice`);
  expect(practice.totals).toEqual({ right: 1, helped: 1, not_yet: 1 });
  await page.goto(`/correction-path/${student.id}`);
  const path = page.getByRole('region', { name: 'Practice at home' });
  await expect(path.getByText('Practised on 1 day')).toBeVisible();
  const row = path.getByRole('row', { name: /Drum roll \[R\]|Motor start \[R\]/ }).first();
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expectAccessible(page);
});
