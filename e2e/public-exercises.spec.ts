import { expect, test } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';
import { newSchool } from './support/school.ts';
import { acceptedExercise, categoryFolder, tagOf } from './support/content.ts';

test.use({ locale: 'en-GB' });

test('an author browses the library of approved exercises and opens one to read', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator', 'author']);
  const { ids } = await categoryFolder(school, 'Sounds', ['[S]']);
  const tag = await tagOf(school, 'articulation');
  await acceptedExercise(school, {
    title: 'Hiss like a snake [S]',
    categoryId: ids['[S]']!,
    tagIds: [tag.id],
  });
  const problems = watchConsole(page);
  await signIn(page, school.person('author'));
  await page.getByRole('link', { name: 'Exercise library' }).click();
  await expect(page).toHaveURL(/\/public-exercises$/);
  await expect(page.getByRole('heading', { name: 'Exercise library' })).toBeVisible();
  const first = page.getByRole('row').nth(1).getByRole('link');
  await expect(first).toHaveText('Hiss like a snake [S]');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectAccessible(page);

  await page
    .getByRole('textbox', { name: 'Search by title or slide text' })
    .fill('no-such-exercise-anywhere');
  await expect(page.getByText('No approved exercises match.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search by title or slide text' }).fill('');

  const title = await first.innerText();
  await first.click();
  await expect(page).toHaveURL(/\/shared-exercise\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Presentation' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Upload|Replace/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to the library' }).click();
  await expect(page).toHaveURL(/\/public-exercises$/);
  expect(problems).toEqual([]);
});
