import type { Exercise, Lesson, LessonListItem, Plan, Theme } from '@logoschool/contract';
import { expect, test, type APIRequestContext, type Route } from './support/test.ts';
import { apiOf } from './support/api.ts';
import { expectAccessible } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

/** A demo exercise whose deck is ready for themed versions, and a demo theme with all it needs. */
const DECK = 'Rocket launch [R]';
const THEME = 'Cars';
const TEMPLATE = 'Sound setting for [R]';

/**
 * A student of the demo teacher's own (so that the demo's students stay as the other specs know
 * them) who likes cars, with a filled plan of "Sound setting for [R]" whose first lesson is filled
 * and holds the rocket's deck. Returns the lesson.
 */
async function lessonWithRocket(request: APIRequestContext, child: string): Promise<Lesson> {
  const teacher = await apiOf(request, 'teacher@demo.test', 'teacher');
  const themes = await teacher.call<Theme[]>('get', '/themes');
  const cars = themes.find((theme) => theme.name === THEME)!;
  const student = await teacher.call<{ id: number }>('post', '/clients', {
    client_name: 'Parent of the rocket',
    child_name: child,
    theme_ids: [cars.id],
  });
  const templates = await teacher.call<{ id: number; title: string }[]>('get', '/templates?per_page=100');
  const template = templates.find((item) => item.title === TEMPLATE)!;
  const deadline = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const plan = await teacher.call<Plan>('post', '/protocols', {
    client_id: student.id,
    template_id: template.id,
    deadline,
  });
  await teacher.call<Plan>('put', `/protocols/${plan.id}`, {
    deadline,
    blocks: plan.blocks.map((block) => ({
      key: block.key,
      folder_id: block.folders[0]!.category_id,
      min_presentations: block.template_min,
      max_presentations: block.template_max,
    })),
  });
  const lessons = await teacher.call<LessonListItem[]>('get', `/lessons?protocol_id=${plan.id}&per_page=20`);
  const first = lessons.find((item) => item.number === 1)!;
  const filled = await teacher.call<Lesson>('post', '/exercises/generate-lesson', { lesson_id: first.id });
  const setting = filled.blocks.find((block) => block.target === 'Setting [R]')!;
  const ids = setting.presentations.map((presentation) => presentation.exercise_id);
  const found = await teacher.call<Exercise[]>(
    'get',
    `/exercises/for-teacher?protocol_id=${plan.id}&category_id=${setting.folder_id}&term=${encodeURIComponent('Rocket launch')}`,
  );
  const rocket = found.find((exercise) => exercise.title === DECK)!;
  if (!ids.includes(rocket.id)) ids[0] = rocket.id;
  return teacher.call<Lesson>('put', `/lesson/${first.id}`, {
    // In three days: outside the day ahead that the schedule prepares by itself.
    starts_at: new Date(
      Date.parse(`${new Date().toISOString().slice(0, 10)}T10:00:00Z`) + 3 * 86_400_000,
    ).toISOString(),
    duration_minutes: filled.duration_minutes,
    blocks: filled.blocks.map((block) => ({
      key: block.key,
      exercise_ids:
        block === setting ? ids : block.presentations.map((presentation) => presentation.exercise_id),
    })),
  });
}

test('a teacher prepares the themed versions of a lesson: the lesson is locked with its progress, then lists them', async ({
  page,
  request,
}) => {
  const lesson = await lessonWithRocket(request, 'Lev Rocketson');
  await signIn(page, 'teacher@demo.test', `/edit-lesson/${lesson.id}`);
  await expect(page.getByRole('heading', { name: 'Lev Rocketson: lesson 1 of 10' })).toBeVisible();

  const panel = page.getByRole('region', { name: 'Themed versions' });
  // The student's interest; the demo already holds the rocket's version for cars (made by a moderator).
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
  const teacher = await apiOf(request, 'teacher@demo.test', 'teacher');
  const lesson = await lessonWithRocket(request, 'Mila Nointerests');
  await teacher.call('put', `/clients/${lesson.client.id}`, {
    client_name: 'Parent of the rocket',
    child_name: 'Mila Nointerests',
    theme_ids: [],
  });
  await signIn(page, 'teacher@demo.test', `/edit-lesson/${lesson.id}`);
  const panel = page.getByRole('region', { name: 'Themed versions' });
  await expect(panel.getByText('none yet')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Prepare themed versions' })).toBeDisabled();
  await expect(
    panel.getByText(
      'The student has no interests yet: add them on the student’s page to prepare themed versions.',
    ),
  ).toBeVisible();
});
