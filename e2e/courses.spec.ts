import { API, type CourseTemplate, type CourseTemplateInput } from '@logoschool/contract';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { settingR, studentWithPlan } from './support/lessons.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

const region = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });

/** Adds an accepted exercise, found by its title, to a lesson of the editor. */
async function addExercise(lesson: Locator, n: number, title: string) {
  await lesson.getByRole('button', { name: `Add exercises to lesson ${n}` }).click();
  await lesson.getByRole('textbox', { name: 'Find an accepted exercise' }).fill(title);
  await lesson.getByRole('button', { name: `Add “${title}” to lesson ${n}` }).click();
  await lesson.getByRole('button', { name: 'Close the search' }).click();
}

test("a moderator makes a course template, a teacher starts a course from it, and applies one lesson's change of its next version", async ({
  page,
  request,
}) => {
  const { school, template } = await settingR(request, ['Drum roll [R]', 'Motor start [R]'], {
    min: 1,
    max: 2,
  });
  const { plan } = await studentWithPlan(school, template.id, { client_name: 'Iryna', child_name: 'Marko' });
  const errors = watchConsole(page);

  // The moderator writes the template of two lessons and publishes it.
  await signIn(page, school.person('moderator'), '/course-templates');
  await expect(page.getByRole('heading', { name: 'Course templates', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'New course template' }).click();
  await expect(page).toHaveURL(/\/create-course-template$/);
  await region(page, 'About the course')
    .getByRole('textbox', { name: 'Name' })
    .fill('Sound [R] in two weeks');
  const first = region(page, 'Lesson 1');
  await first.getByRole('textbox', { name: 'Lesson title' }).fill('Warm-up');
  await first.getByRole('textbox', { name: 'For the parents' }).fill('Play the drum game at home');
  await addExercise(first, 1, 'Drum roll [R]');
  await page.getByRole('button', { name: 'Add a lesson' }).click();
  const second = region(page, 'Lesson 2');
  await second.getByRole('textbox', { name: 'Lesson title' }).fill('Motor');
  await addExercise(second, 2, 'Motor start [R]');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/edit-course-template\/\d+$/);
  const status = region(page, 'Status');
  await status.getByRole('button', { name: 'Publish' }).click();
  await expect(status.getByText('Published', { exact: true })).toBeVisible();
  await expectAccessible(page);
  const templateId = Number(/(\d+)$/.exec(page.url())?.[1]);

  // The teacher starts the student's course on the plan, weekly on Mondays.
  await signIn(page, school.person('teacher'), `/edit-protocol/${plan.id}`);
  await page.getByRole('link', { name: 'Course', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/plan-course/${plan.id}$`));
  await page.getByRole('button', { name: 'Start a course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a course' });
  await dialog.getByRole('combobox', { name: 'Course template' }).click();
  await page.getByRole('option', { name: 'Sound [R] in two weeks (2 lessons)' }).click();
  await dialog.getByRole('checkbox', { name: 'Monday' }).check();
  await dialog.getByRole('button', { name: 'Start the course' }).click();
  await expect(page.getByRole('heading', { name: 'Sound [R] in two weeks: Marko', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Warm-up/ })).toBeVisible();
  await expectAccessible(page);

  // The template changes: version 2 renames both lessons.
  const moderator = await school.as('moderator');
  const current = await moderator.call<CourseTemplate>('get', `${API.courseTemplates}/${templateId}`);
  await moderator.call('put', `${API.courseTemplates}/${templateId}`, {
    name: current.name,
    description: current.description,
    language: current.language,
    lessons: current.lessons.map((lesson) => ({
      key: lesson.key,
      title: `${lesson.title}, longer`,
      description_parents: lesson.description_parents,
      description_teacher: lesson.description_teacher,
      exercise_ids: lesson.exercise_ids,
    })),
  } satisfies CourseTemplateInput);
  await moderator.call('post', `${API.courseTemplates}/${templateId}/publish`);

  // The teacher applies the first lesson's change and keeps the second as it is for now.
  await page.reload();
  await expect(page.getByText('The template has a new version 2')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Apply the change of “Warm-up, longer”' }).click();
  await expect(page.getByRole('cell', { name: /Warm-up, longer/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply the change of “Warm-up, longer”' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: /^Motor$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply the change of “Motor, longer”' })).toBeVisible();
  expect(errors).toEqual([]);
});
