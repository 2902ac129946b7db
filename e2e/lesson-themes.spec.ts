import { API, type ClientUpdate, type Lesson } from '@logoschool/contract';
import { expect, test, type APIRequestContext, type Route } from './support/test.ts';
import {
  acceptedExercise,
  deckMedia,
  interest,
  libraryPicture,
  markMedia,
  tagOf,
  themeOf,
} from './support/content.ts';
import {
  fillLesson,
  publishedTemplate,
  scheduleLesson,
  soundsTree,
  studentWithPlan,
} from './support/lessons.ts';
import { expectAccessible } from './support/page-checks.ts';
import { newSchool, type School } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

/** The school's exercise whose deck is ready for themed versions, and its theme with all it needs. */
const DECK = 'Rocket launch [R]';
const THEME = 'Cars';

/**
 * A school of its own whose accepted exercise, the rocket, has a deck with a background and a
 * character marked for themed versions, and whose theme "Cars" has a background and a character
 * of the library; its teacher's student likes cars and has a filled plan of a one-block template
 * whose first lesson holds the rocket, dated in three days. Returns the school and the lesson.
 */
async function lessonWithRocket(
  request: APIRequestContext,
  child: string,
): Promise<{ school: School; lesson: Lesson }> {
  const school = await newSchool(request, ['moderator', 'author', 'teacher']);
  const tree = await soundsTree(school, 'Sounds', { 'Sonorant sounds': ['[R]'] });
  const tag = await tagOf(school, 'articulation');
  const rocket = await acceptedExercise(school, {
    title: DECK,
    categoryId: tree.id('[R]'),
    tagIds: [tag.id],
    media: deckMedia(3),
  });
  await markMedia(school, rocket.id, { 'image1.png': 'background', 'image2.png': 'character' });
  // The library belongs to no project: the theme's pictures are the spec's own.
  const cars = await themeOf(school, interest(THEME), [
    (await libraryPicture(request, 'background', 20)).id,
    (await libraryPicture(request, 'character', 200)).id,
  ]);
  const template = await publishedTemplate(school, {
    title: 'Setting the sound [R]',
    description: 'From the vibration of the tongue tip to an isolated [R].',
    blocks: [
      {
        target: 'Setting [R]',
        category_id: tree.category,
        min_presentations: 1,
        max_presentations: 1,
        folders: [{ category_id: tree.id('Sonorant sounds') }],
      },
    ],
  });
  const { teacher, lessons } = await studentWithPlan(school, template.id, {
    client_name: 'Parent of the rocket',
    child_name: child,
    theme_ids: [cars.id],
  });
  const filled = await fillLesson(teacher, lessons[0]!.id);
  // In three days: outside the day ahead that the schedule prepares by itself.
  const startsAt = new Date(
    Date.parse(`${new Date().toISOString().slice(0, 10)}T10:00:00Z`) + 3 * 86_400_000,
  ).toISOString();
  return { school, lesson: await scheduleLesson(teacher, filled, startsAt) };
}

test('a teacher prepares the themed versions of a lesson: the lesson is locked with its progress, then lists them', async ({
  page,
  request,
}) => {
  const { school, lesson } = await lessonWithRocket(request, 'Lev Rocketson');
  await signIn(page, school.person('teacher'), `/edit-lesson/${lesson.id}`);
  await expect(page.getByRole('heading', { name: 'Lev Rocketson: lesson 1 of 10' })).toBeVisible();

  const panel = page.getByRole('region', { name: 'Themed versions' });
  // The student's interest, and the rocket's deck among the lesson's.
  await expect(panel.locator('.mantine-Badge-root', { hasText: THEME })).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: DECK })).toBeVisible();
  // Unsaved changes first: the versions would lock the lesson, so the button waits for a save.
  await page.getByRole('textbox', { name: 'Duration, minutes' }).fill('50');
  const prepare = panel.getByRole('button', { name: 'Prepare themed versions' });
  await expect(prepare).toBeDisabled();
  await expect(panel.getByText('Save the lesson first: preparing the versions locks it.')).toBeVisible();
  await page.getByRole('button', { name: 'Save lesson' }).click();
  await expect(page.getByText('Lesson saved.')).toBeVisible();
  await expectAccessible(page);

  // The run's answers are held back while the window is looked at: the job is quicker than the
  // eye (and than axe), and the window stays until the browser hears that the run has ended.
  const held: (() => void)[] = [];
  let holding = true;
  const hold = async (route: Route) => {
    if (!holding) return route.continue();
    const response = await route.fetch();
    await new Promise<void>((resolve) => held.push(resolve));
    await route.fulfill({ response });
  };
  await page.route(new RegExp(`/api/lesson/${lesson.id}/generation\\?`), hold);
  await prepare.click();
  const window = page.getByRole('dialog', { name: 'The lesson is being regenerated' });
  await expect(window).toBeVisible();
  await page.route(new RegExp(`/api/lesson/${lesson.id}\\?`), hold);
  // The run as the browser last heard of it: queued (the job takes it within seconds).
  await expect(window.getByText(/^(Waiting for its turn…|\d+ of \d+ decks ready)$/)).toBeVisible();
  await expect(window.getByRole('button', { name: 'Check again' })).toBeVisible();
  await expectAccessible(page);
  holding = false;
  for (const release of held.splice(0)) release();
  await page.unrouteAll({ behavior: 'wait' });

  // It closes by itself when the run is done; the editor is usable again.
  await expect(window).toBeHidden({ timeout: 60_000 });
  await expect(panel.getByRole('status')).toContainText(/Last prepared .*: [1-9]\d* of \d+ versions made\./);
  const download = panel.getByRole('button', { name: `Download “${DECK}” for “${THEME}”` });
  await expect(download).toBeVisible();
  const saved = page.waitForEvent('download');
  await download.click();
  expect((await saved).suggestedFilename()).toBe(`${DECK} — ${THEME}.pptx`);
  await page.getByRole('textbox', { name: 'Duration, minutes' }).fill('45');
  await page.getByRole('button', { name: 'Save lesson' }).click();
  await expect(page.getByText('Lesson saved.')).toBeVisible();
  await expect(prepare).toBeEnabled();
  await expectAccessible(page);
});

test('a student without interests: the action says why it cannot start', async ({ page, request }) => {
  const { school, lesson } = await lessonWithRocket(request, 'Mila Nointerests');
  const teacher = await school.as('teacher');
  await teacher.call('put', `${API.clients}/${lesson.client.id}`, {
    client_name: 'Parent of the rocket',
    child_name: 'Mila Nointerests',
    theme_ids: [],
  } satisfies ClientUpdate);
  await signIn(page, school.person('teacher'), `/edit-lesson/${lesson.id}`);
  const panel = page.getByRole('region', { name: 'Themed versions' });
  await expect(panel.getByText('none yet')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Prepare themed versions' })).toBeDisabled();
  await expect(
    panel.getByText(
      'The student has no interests yet: add them on the student’s page to prepare themed versions.',
    ),
  ).toBeVisible();
});
