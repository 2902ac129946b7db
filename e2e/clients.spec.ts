import { API, type Client, type ClientInput } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { interest, themeOf } from './support/content.ts';
import { pickDate } from './support/dates.ts';
import { signIn } from './support/sign-in.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { newSchool } from './support/school.ts';
import { switchLanguage } from './support/shell.ts';

test.use({ locale: 'en-GB' });

test('a teacher adds a student, finds them, and changes them', async ({ page, request }) => {
  const school = await newSchool(request, ['moderator', 'teacher']);
  await themeOf(school, interest('Space'));
  await signIn(page, school.person('teacher'));
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await page.getByRole('link', { name: 'Add a student' }).click();
  await expect(page.getByRole('heading', { name: 'New student' })).toBeVisible();

  // The contract's rules, checked in the browser before anything is sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: "Child's name" })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('textbox', { name: "Child's name" }).fill('Zlata Melnyk');
  await pickDate(page, page.getByRole('button', { name: 'Date of birth' }), '2019-05-14');
  await expect(page.getByRole('button', { name: 'Date of birth' })).toHaveText('14/05/2019');
  await page.getByRole('textbox', { name: 'Parent (client)' }).fill('Oksana Melnyk');
  await page.getByRole('combobox', { name: 'Interests (project themes)', exact: true }).click();
  await page.getByRole('option', { name: 'Space' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Other interests', exact: true }).fill('dinosaurs');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: "Parent's email" }).fill('oksana@example.com');
  await page.getByRole('textbox', { name: "Parent's phone" }).fill('0501234567');
  await page.getByRole('textbox', { name: "Parent's phone" }).blur();
  await expect(page.getByRole('textbox', { name: "Parent's phone" })).toHaveAccessibleDescription(
    /international format/,
  );
  await page.getByRole('textbox', { name: "Parent's phone" }).fill('+380 50 123 45 67');
  await page.getByLabel("Parent's request").fill('Sound R in words');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Student saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  const row = page.getByRole('row', { name: /Zlata Melnyk/ });
  await expect(row).toContainText('Oksana Melnyk');
  await expect(row).toContainText('dinosaurs');
  await expect(row).toContainText('Space');
  await expect(row).toContainText('14/05/2019');
  await expectAccessible(page);

  await page.getByPlaceholder('Search by child or parent name').fill('oksana');
  await expect(page.getByRole('row', { name: /Zlata Melnyk/ })).toBeVisible();
  await page.getByPlaceholder('Search by child or parent name').fill('nobody-like-this');
  await expect(page.getByText('No students match the search.')).toBeVisible();
  await page.getByPlaceholder('Search by child or parent name').fill('');

  await page.getByRole('link', { name: 'Zlata Melnyk' }).click();
  await expect(page.getByRole('heading', { name: 'Student', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Parent (client)' })).toHaveValue('Oksana Melnyk');
  await page.getByLabel('Comment for the teacher').fill('Likes short sessions');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('row', { name: /Zlata Melnyk/ })).toContainText('Likes short sessions');
});

test("the student form's dates follow the interface language: a Ukrainian calendar from Monday, one short format in the field and the list", async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  const school = await newSchool(request, ['teacher']);
  await signIn(page, school.person('teacher'));
  await switchLanguage(page, 'uk');
  await page.getByRole('link', { name: 'Додати учня' }).click();
  await page.getByRole('textbox', { name: "Ім'я дитини" }).fill('Мирослава Дата');
  await page.getByRole('textbox', { name: 'Батьки (клієнт)' }).fill('Ірина Дата');

  const birthdate = page.getByRole('button', { name: 'Дата народження' });
  await pickDate(page, birthdate, '2019-05-14');
  await expect(birthdate).toHaveText('14.05.2019');

  // Opened again, the calendar shows the chosen month in Ukrainian, its weeks from Monday.
  await birthdate.click();
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar.locator('.mantine-DatePickerInput-calendarHeaderLevel')).toHaveText(
    /^травень 2019$/i,
  );
  await expect(calendar.locator('thead th')).toHaveText(
    ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'нд'].map((day) => new RegExp(`^${day}$`, 'i')),
  );
  await expect(calendar.getByRole('button', { name: '14 травня 2019' })).toHaveAttribute(
    'data-selected',
    'true',
  );
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();

  await page.getByRole('button', { name: 'Зберегти' }).click();
  const row = page.getByRole('row', { name: /Мирослава Дата/ });
  await expect(row).toContainText('14.05.2019');

  // Another language, the same date in its format at once.
  await switchLanguage(page, 'en');
  await expect(page.getByRole('row', { name: /Мирослава Дата/ })).toContainText('14/05/2019');
  expect(problems).toEqual([]);
});

test('the list shows age, lesson language, plan and next lesson; saving a look-alike student warns first', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['teacher']);
  const teacher = await school.as('teacher');
  const first = await teacher.call<Client>('post', API.clients, {
    client_name: 'Oksana Melnyk',
    child_name: 'Zlata Melnyk',
    birthdate: '2019-05-14',
    language: 'pl',
    parent_email: 'oksana@example.com',
  } satisfies ClientInput);
  await signIn(page, school.person('teacher'));
  const row = page.getByRole('row', { name: /Zlata Melnyk/ });
  await expect(row).toContainText(/\d+ years/);
  await expect(row).toContainText('Polish');
  await expect(row).toContainText('No plan yet');
  await expect(row).toContainText('Not scheduled');
  for (const header of ['Age', 'Lesson language', 'Plan', 'Next lesson', 'Interests', 'Other interests']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  // The same child, spelled with other case and spaces: a warning with a link, nothing saved yet.
  await page.getByRole('link', { name: 'Add a student' }).click();
  await page.getByRole('textbox', { name: "Child's name" }).fill(' zlata  MELNYK ');
  await pickDate(page, page.getByRole('button', { name: 'Date of birth' }), '2019-05-14');
  await page.getByRole('textbox', { name: 'Parent (client)' }).fill('Taras Melnyk');
  await page.getByRole('button', { name: 'Save' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'This student may already be here' });
  await expect(warning).toContainText("same child's name and date of birth");
  await expect(warning.getByRole('link', { name: 'Zlata Melnyk' })).toHaveAttribute(
    'href',
    `/edit-client/${first.id}`,
  );
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/edit-client$/);
  await warning.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('row', { name: /MELNYK/ })).toBeVisible();

  // Search by the parent's name, on the server.
  await page.getByPlaceholder('Search by child or parent name').fill('taras');
  await expect(page.getByRole('row', { name: /MELNYK/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Zlata Melnyk/ })).toBeHidden();
});
