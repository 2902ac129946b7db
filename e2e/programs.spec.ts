import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test.ts';
import {
  acceptedExercises,
  filledPlan,
  lessonsOf,
  publishedTemplate,
  soundsTree,
  studentOf,
} from './support/lessons.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

test('a moderator makes a recommended program; a teacher fills a lesson from it', async ({
  page,
  browser,
  request,
}) => {
  const name = 'Sound [R] step by step';
  // The school's two accepted exercises, each in a folder of the [R] template's blocks.
  const school = await newSchool(request, ['moderator', 'author', 'teacher']);
  const tree = await soundsTree(school, 'Sounds', {
    'Telling sounds apart': ['[R] or [L]'],
    'Sonorant sounds': ['[R]'],
  });
  await acceptedExercises(school, tree.id('[R]'), ['Drum roll [R]']);
  await acceptedExercises(school, tree.id('[R] or [L]'), ['Rose or lotus: [R] or [L]']);
  const template = await publishedTemplate(school, {
    title: 'Sound [R]',
    description: 'Hearing the sound first, then setting it.',
    blocks: [
      {
        target: 'Hearing [R] among other sounds',
        category_id: tree.category,
        min_presentations: 1,
        max_presentations: 2,
        folders: [{ category_id: tree.id('Telling sounds apart') }],
      },
      {
        target: 'Setting [R]',
        category_id: tree.category,
        min_presentations: 2,
        max_presentations: 4,
        folders: [{ category_id: tree.id('Sonorant sounds') }],
      },
    ],
  });

  const problems = watchConsole(page);
  // The moderator writes the program: two accepted exercises, the second moved up, a note.
  await signIn(page, school.person('moderator'), '/diagnostic-cards?tab=programs');
  await page.getByRole('button', { name: 'New program' }).click();
  const drawer = page.getByRole('dialog', { name: 'New recommended program' });
  await drawer.getByRole('textbox', { name: 'Name' }).fill(name);
  await drawer.getByRole('textbox', { name: 'Description' }).fill('Ten minutes a day.');
  const find = drawer.getByRole('textbox', { name: 'Find an accepted exercise by title' });
  await find.fill('Drum roll');
  await drawer.getByRole('button', { name: 'Add “Drum roll [R]”' }).click();
  await find.fill('Rose or lotus');
  await drawer.getByRole('button', { name: 'Add “Rose or lotus: [R] or [L]”' }).click();
  await drawer.getByRole('button', { name: 'Move “Rose or lotus: [R] or [L]” up' }).click();
  await drawer.getByRole('textbox', { name: 'Note for “Drum roll [R]”' }).fill('Stop on any discomfort.');
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name.replace(/[[\]]/g, '\\$&')) });
  await expect(row).toContainText('2');

  // A student of the teacher with a plan of the [R] template, so that its lessons are empty.
  const teacher = await school.as('teacher');
  const student = await studentOf(school, { client_name: 'Olha Hnatiuk', child_name: 'Ostap Hnatiuk' });
  const plan = await filledPlan(teacher, {
    client_id: student.id,
    template_id: template.id,
    deadline: '2099-12-31',
  });
  const [first] = await lessonsOf(teacher, plan.id);

  // The teacher fills the lesson from the program and sees where each exercise went.
  const teacherPage = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await signIn(teacherPage, school.person('teacher'), `/edit-lesson/${first!.id}`);
  await teacherPage.getByRole('button', { name: 'From a program' }).click();
  const dialog = teacherPage.getByRole('dialog', { name: 'Fill the lesson from a recommended program' });
  await dialog.getByRole('combobox', { name: 'Program or complex' }).fill(name);
  await teacherPage.getByRole('option', { name }).click();
  await dialog.getByRole('button', { name: 'Fill', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Placed (2)' })).toBeVisible();
  await expect(dialog).toContainText('Rose or lotus: [R] or [L] into “Hearing [R] among other sounds”');
  await expect(dialog).toContainText('Drum roll [R] into “Setting [R]”');
  // The dialog alone: the lesson editor behind it is the lessons' screen, checked by their spec.
  const axe = await new AxeBuilder({ page: teacherPage })
    .include('[role="dialog"]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const hearing = teacherPage.locator('[data-lesson-block-index="0"]');
  await expect(hearing).toContainText('Rose or lotus: [R] or [L]');

  // Again: both are in the lesson already.
  await teacherPage.getByRole('button', { name: 'From a program' }).click();
  await dialog.getByRole('combobox', { name: 'Program or complex' }).fill(name);
  await teacherPage.getByRole('option', { name }).click();
  await dialog.getByRole('button', { name: 'Fill', exact: true }).click();
  await expect(dialog.getByText('Nothing was placed: the lesson is unchanged.')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Did not fit (2)' })).toBeVisible();
  expect(problems).toEqual([]);
});
