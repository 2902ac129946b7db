import { expect, test, type Page } from './support/test.ts';
import { studentOf } from './support/lessons.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';
import { newSchool } from './support/school.ts';

test.use({ locale: 'en-GB' });

const question = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true });

test('a comment typed on a student is not lost: the side menu and back ask, Save does not', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator', 'teacher']);
  const student = await studentOf(school, { client_name: 'Oksana Melnyk', child_name: 'Zlata Melnyk' });
  const problems = watchConsole(page);
  await signIn(page, school.person('teacher'));
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await page.getByRole('link', { name: 'Zlata Melnyk' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-client/${student.id}$`));
  const comment = page.getByRole('textbox', { name: 'Comment for the teacher' });
  await comment.fill('Reads slowly; likes trains.');

  // The side menu asks; Stay keeps the page and the text.
  await menuLink(page, 'Lessons').click();
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText('The changes you made will be lost.');
  await expectAccessible(page);
  await question(page).getByRole('button', { name: 'Stay' }).click();
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/edit-client/${student.id}$`));
  await expect(comment).toHaveValue('Reads slowly; likes trains.');

  // So does the browser's back: the page stays until the person leaves.
  await page.goBack();
  await expect(question(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/edit-client/${student.id}$`));
  await question(page).getByRole('button', { name: 'Stay' }).click();
  await expect(comment).toHaveValue('Reads slowly; likes trains.');

  // Leave goes where the side menu pointed.
  await menuLink(page, 'Lessons').click();
  await question(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).not.toHaveURL(/\/edit-client\//);
  await expect(question(page)).toBeHidden();

  // Saved changes go with no question: the save's own way back to the list, then the side menu.
  await page.goto(`/edit-client/${student.id}`);
  await expect(comment).toHaveValue('');
  await comment.fill('Reads slowly; likes trains.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Student saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  await page.getByRole('link', { name: 'Zlata Melnyk' }).click();
  await expect(comment).toHaveValue('Reads slowly; likes trains.');
  await menuLink(page, 'Lessons').click();
  await expect(page).not.toHaveURL(/\/edit-client\//);
  await expect(question(page)).toHaveCount(0);

  // Closing the tab with unsaved text has the browser ask.
  await page.goto(`/edit-client/${student.id}`);
  await comment.fill('One more note');
  const unload = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await unload;
  expect(asked.type()).toBe('beforeunload');
  await asked.accept();
  expect(problems).toEqual([]);
});

test('a new template and a category dialog ask before what was typed is dropped', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator']);
  await signIn(page, school.person('moderator'));
  await expect(page).toHaveURL(/\/categories$/);

  // A dialog with typed text asks on Escape and on Cancel; Stay keeps the text.
  await page.getByRole('button', { name: 'Add category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Sonorant sounds');
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();
  await expectAccessible(page);
  // Escape on the question is Stay.
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Sonorant sounds');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await question(page).getByRole('button', { name: 'Leave' }).click();
  await expect(dialog).toBeHidden();
  // Untouched, it closes at once.
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(question(page)).toHaveCount(0);

  // The template editor: the side menu asks while the title is unsaved.
  await menuLink(page, 'Protocol templates').click();
  await page.getByRole('link', { name: 'New template' }).click();
  await expect(page).toHaveURL(/\/create-template$/);
  await page
    .getByRole('region', { name: 'About the template' })
    .getByRole('textbox', { name: 'Title' })
    .fill('Sound [R]');
  await menuLink(page, 'Categories').click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/create-template$/);
  await menuLink(page, 'Categories').click();
  await question(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/categories$/);
});
