import { expect, test } from './support/test.ts';
import { signIn } from './support/sign-in.ts';
import { newSchool } from './support/school.ts';

test.use({ locale: 'en-GB' });

test('an address without its id opens its list, not "not found"', async ({ page, request }) => {
  const school = await newSchool(request, ['moderator', 'teacher']);
  await signIn(page, school.person('moderator'), '/preview-diagnostic-card');
  await expect(page).toHaveURL(/\/diagnostic-cards$/);
  await signIn(page, school.person('teacher'), '/manage-client-dc');
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
});

test('a new diagnostic card offers publishing only once it is saved', async ({ page, request }) => {
  const school = await newSchool(request, ['moderator']);
  await signIn(page, school.person('moderator'), '/create-diagnostic-card');
  await expect(page.getByRole('textbox', { name: 'Title' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
});
