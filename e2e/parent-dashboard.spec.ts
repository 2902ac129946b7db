import { API, type PlanScheduleInput } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { filledPlan, publishedTemplate, soundsTree, studentOf } from './support/lessons.ts';
import { newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

// The parent: a phone, in Ukrainian, in New York (the server and the teacher are elsewhere).
test.use({ viewport: { width: 390, height: 844 }, locale: 'uk-UA', timezoneId: 'America/New_York' });

test('a teacher shares the dashboard from the student’s page; the parent sees the next lesson at their local time', async ({
  page,
  browser,
  request,
}) => {
  const school = await newSchool(request, ['moderator', 'teacher']);
  const tree = await soundsTree(school, 'Sounds', { 'Whistling sounds': [] });
  const template = await publishedTemplate(school, {
    title: 'Sound [S]',
    description: 'Whistling sounds, step by step.',
    blocks: [
      {
        target: 'Articulation warm-up',
        category_id: tree.category,
        description_parents: 'We warm up the tongue and lips.',
        min_presentations: 1,
        max_presentations: 3,
        folders: [{ category_id: tree.id('Whistling sounds'), description_parents: 'Games with [S].' }],
      },
    ],
  });
  const student = await studentOf(school, {
    client_name: 'Олена Коваль',
    child_name: 'Марко Коваль',
    language: 'uk',
  });
  const teacher = await school.as('teacher');
  const plan = await filledPlan(teacher, {
    client_id: student.id,
    template_id: template.id,
    deadline: '2099-06-30',
  });
  // Mondays at 16:00 in Kyiv from 7 January 2030: 14:00 UTC, 09:00 in New York.
  await teacher.call('post', `${API.protocols}/${plan.id}/schedule`, {
    weekdays: [1],
    time: '16:00',
    start_date: '2030-01-07',
    time_zone: 'Europe/Kyiv',
  } satisfies PlanScheduleInput);

  // The teacher, at a desk in English, makes the link on the student's page.
  const desk = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/Kyiv',
    viewport: { width: 1440, height: 900 },
  });
  const teacherPage = await desk.newPage();
  await signIn(teacherPage, school.person('teacher'), `/edit-client/${student.id}`);
  const panel = teacherPage.getByRole('region', { name: 'Parents’ page' });
  await expect(panel.getByText('Not sent to the parents yet.')).toBeVisible({ timeout: 15_000 });
  await panel.getByRole('button', { name: 'Copy link' }).click();
  const field = panel.getByRole('textbox', { name: 'Link for the parents' });
  await expect(field).toHaveValue(/\/parent-dashboard-demo\/[\w-]{43}$/);
  const link = await field.inputValue();
  await expectAccessible(teacherPage);
  await desk.close();

  // The parent opens it on the phone, in the child's language.
  const problems = watchConsole(page);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Сторінка для батьків: Марко' })).toBeVisible();
  const next = page.getByRole('region', { name: 'Найближчі уроки' });
  await expect(next.getByText('Час показано у вашому часовому поясі: America/New_York.')).toBeVisible();
  const day = new Intl.DateTimeFormat('uk-UA', { dateStyle: 'full', timeZone: 'America/New_York' }).format(
    new Date('2030-01-07T14:00:00Z'),
  );
  await expect(next.getByRole('listitem').first()).toContainText(day);
  await expect(next.getByRole('listitem').first()).toContainText('09:00–09:45');
  await expect(
    page.getByRole('region', { name: 'Контакти' }).getByText(school.person('teacher').name),
  ).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});
