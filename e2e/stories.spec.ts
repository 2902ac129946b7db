import { expect, test, type Locator, type Page } from './support/test.ts';
import { solidPng } from './support/content.ts';
import { publishedTemplate, soundsTree, studentWithPlan } from './support/lessons.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const region = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });

/** Uploads a picture for a slide through its "Upload an image" button, as a person picks a file. */
async function uploadImage(page: Page, slide: Locator, red: number) {
  const chooser = page.waitForEvent('filechooser');
  await slide.getByRole('button', { name: 'Upload an image' }).click();
  await (
    await chooser
  ).setFiles({ name: `slide-${red}.png`, mimeType: 'image/png', buffer: solidPng(red, 90, 160) });
  await expect(slide.getByRole('img', { name: "The slide's image" })).toBeVisible();
}

test('a moderator builds and publishes a story of two episodes; a teacher reads it and adds a part to a lesson the player shows', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator', 'teacher']);
  // The teacher's student with a plan and its lessons (no presentations needed: the story part is the lesson's item).
  const tree = await soundsTree(school, 'Sounds', { 'Sonorant sounds': ['[R]'] });
  const template = await publishedTemplate(school, {
    title: 'Setting the sound [R]',
    description: 'From the vibration of the tongue tip to an isolated [R].',
    blocks: [
      {
        target: 'Setting [R]',
        category_id: tree.category,
        min_presentations: 1,
        max_presentations: 3,
        folders: [{ category_id: tree.id('Sonorant sounds') }],
      },
    ],
  });
  const { lessons } = await studentWithPlan(school, template.id, {
    client_name: 'Olena Melnyk',
    child_name: 'Sofiia Melnyk',
  });
  const errors = watchConsole(page);

  // The moderator's list, then a new story of two episodes, each a part of one slide.
  await signIn(page, school.person('moderator'), '/histories');
  await expect(page.getByRole('heading', { name: 'Stories', level: 1 })).toBeVisible();
  await expect(page.getByText('No stories yet. Start the first one.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'New story' }).click();
  await expect(page).toHaveURL(/\/create-history$/);
  await region(page, 'About the story').getByRole('textbox', { name: 'Title' }).fill('The fox and the drum');
  await page.getByRole('combobox', { name: 'Target sounds' }).fill('R');
  await page.getByRole('combobox', { name: 'Target sounds' }).press('Enter');

  const first = region(page, 'Episode 1');
  await first.getByRole('textbox', { name: 'Episode title' }).fill('In the forest');
  await first.getByRole('textbox', { name: 'Part title' }).fill('The drum');
  const slideOne = region(first, 'Slide 1');
  await uploadImage(page, slideOne, 200);
  await slideOne.getByRole('textbox', { name: 'Text for the child' }).fill('Rrr, says the drum');
  await slideOne.getByRole('textbox', { name: 'Note for the teacher' }).fill('Ask for a long R');

  await page.getByRole('button', { name: 'Add an episode' }).click();
  const second = region(page, 'Episode 2');
  await second.getByRole('textbox', { name: 'Episode title' }).fill('At home');
  await second.getByRole('textbox', { name: 'Part title' }).fill('Supper');
  const slideTwo = region(second, 'Slide 1');
  await uploadImage(page, slideTwo, 40);
  await slideTwo.getByRole('textbox', { name: 'Text for the child' }).fill('The fox cooks rice');
  await expect(
    page.getByRole('navigation', { name: 'Contents' }).getByRole('button', { name: 'Supper' }),
  ).toBeVisible();
  await expectAccessible(page);

  // Publishing saves it first, then makes version 1.
  const status = region(page, 'Status');
  await status.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/edit-history\/\d+$/);
  await expect(status.getByText('Published', { exact: true })).toBeVisible();
  await expect(status.getByText('Version 1 is what teachers read.', { exact: false })).toBeVisible();

  // The teacher reads it: the list, the reader with its contents, the next slide by the keyboard.
  await page.context().clearCookies();
  await signIn(page, school.person('teacher'), '/histories-preview');
  await expect(page.getByRole('heading', { name: 'Stories', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /The fox and the drum/ }).click();
  await expect(page).toHaveURL(/\/preview-history\/\d+$/);
  await expect(page.getByRole('heading', { name: 'The fox and the drum', level: 1 })).toBeVisible();
  await expect(page.getByText('Rrr, says the drum')).toBeVisible();
  await expect(page.getByText('Ask for a long R')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('The fox cooks rice')).toBeVisible();
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('button', { name: 'The drum' }).click();
  await expect(page.getByText('Rrr, says the drum')).toBeVisible();

  // The part goes into the student's first lesson.
  await page.getByRole('button', { name: 'Add this part to a lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add “The drum” to a lesson' });
  await dialog.getByRole('combobox', { name: 'Lesson' }).click();
  await page.getByRole('option', { name: /^Lesson 1 · Sofiia Melnyk/ }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add to the lesson' }).click();
  await expect(page.getByText('“The drum” is added to lesson 1', { exact: false })).toBeVisible();

  // The player shows it as the lesson's item: its slide, its text and the teacher's note.
  await page.goto(`/conduct-lesson/${lessons[0]!.id}`);
  await expect(page.getByText('Presentation 1 of 1')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The drum', level: 2 })).toBeVisible();
  await expect(page.getByText('Rrr, says the drum')).toBeVisible();
  await expect(page.getByText('Ask for a long R')).toBeVisible();
  await expect(page.getByRole('img', { name: /The drum/ })).toBeVisible();
  expect(errors).toEqual([]);
});
