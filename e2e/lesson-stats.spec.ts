import fs from 'node:fs';
import { API, type MarkResult, type TemplateInput } from '@logoschool/contract';
import { expect, test, type Page } from './support/test.ts';
import { dayFromNow } from './support/dates.ts';
import { acceptedExercise, tagOf } from './support/content.ts';
import { playedLesson } from './support/diagnostics.ts';
import {
  fillLesson,
  filledPlan,
  lessonsOf,
  publishedTemplate,
  soundsTree,
  studentOf,
} from './support/lessons.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { newSchool, type School } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

/** The CSV's headers in the interface's language (decision 034's file for a spreadsheet). */
const HEADER =
  'From,To,Teacher,Lessons held,Finished,Minutes,Students,Correct,Incorrect,Cued,' +
  'Free lessons booked,Free lessons held,Free lessons made students';
const HEADER_UK =
  'Від,До,Педагог,Проведено уроків,Завершено,Хвилин,Учнів,Правильно,Неправильно,З підказкою,' +
  'Записано на безкоштовні уроки,Проведено безкоштовних уроків,Стали учнями після безкоштовного уроку';
/** A student whose lesson the teacher only opens in the player, to look at it: not a lesson held. */
const LOOKED = 'Ivan Moroz';
/** Where the screenshots go, to be looked at by eye. */
const SHOTS = process.env.LESSON_STATS_SHOTS ?? '/tmp/lesson-stats-shots';

/**
 * The school's one-block template of [R] and, for each child named, a student of the school's
 * teacher with a plan of it: the plans' first lessons, by child.
 */
async function firstLessons(school: School, children: string[]) {
  const tree = await soundsTree(school, 'Sounds', { 'Sonorant sounds': ['[R]'] });
  const template = await publishedTemplate(school, {
    title: 'Sound setting for [R]',
    description: 'For children of 5–8 whose [R] is missing or replaced.',
    blocks: [
      {
        target: 'Setting [R]',
        category_id: tree.category,
        min_presentations: 1,
        max_presentations: 1,
        folders: [{ category_id: tree.id('Sonorant sounds') }],
      },
    ],
  } satisfies TemplateInput);
  const teacher = await school.as('teacher');
  const lessons: Record<string, number> = {};
  for (const child of children) {
    const student = await studentOf(school, { client_name: `Parent of ${child}`, child_name: child });
    const plan = await filledPlan(teacher, {
      client_id: student.id,
      template_id: template.id,
      deadline: dayFromNow(60),
    });
    lessons[child] = (await lessonsOf(teacher, plan.id))[0]!.id;
  }
  return { tree, teacher, lessons };
}

/** The trials of each student's lesson: 4 correct, 2 incorrect and 2 cued in all. */
const TRIALS: Record<string, MarkResult[]> = {
  'Sofiia Koval': ['correct', 'correct', 'incorrect', 'cued'],
  'Mikhail Petrov': ['correct', 'cued', 'incorrect', 'correct'],
};

/** The lines of a downloaded CSV file, without its byte-order mark. */
async function csvLines(page: Page, button: string): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^lesson-statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

/** The cells of a teacher's row of the table, as texts. */
async function cellsOf(page: Page, teacher: string) {
  return page
    .getByRole('row', { name: new RegExp(teacher) })
    .getByRole('cell')
    .allInnerTexts();
}

async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(height, 600) + 40 });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, animations: 'disabled' });
}

test('a manager sees the lessons held per teacher, changes the days and downloads the CSV', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  // The teacher finished a lesson of each of her two students two hours ago, 45 minutes each, with
  // marks, on an exercise of the plan's one folder.
  const school = await newSchool(request, ['manager', 'moderator', 'author', 'teacher']);
  const { tree, teacher, lessons } = await firstLessons(school, [...Object.keys(TRIALS), LOOKED]);
  const tag = await tagOf(school, 'pictures');
  await acceptedExercise(school, { title: '[R]: pictures', categoryId: tree.id('[R]'), tagIds: [tag.id] });
  for (const [child, trials] of Object.entries(TRIALS)) {
    await playedLesson(teacher, lessons[child]!, {
      startsAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      minutes: 45,
      trials: [trials],
      finished: true,
    });
  }
  const teacherName = school.person('teacher').name;
  // The teacher opens a third student's lesson in the player only to look at it: not held.
  await fillLesson(teacher, lessons[LOOKED]!);
  const tracked = page.waitForResponse(
    (response) => response.url().includes(API.trackLessonStatistic) && response.request().method() === 'POST',
  );
  await signIn(page, school.person('teacher'), `/conduct-lesson/${lessons[LOOKED]}`);
  await expect(page.getByRole('heading', { name: new RegExp(LOOKED), level: 1 })).toBeVisible();
  expect((await tracked).status()).toBe(200);

  await signIn(page, school.person('manager'));
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Lesson statistics' })
    .click();
  await expect(page).toHaveURL(/\/lessons-stats$/);
  await expect(page.getByRole('heading', { name: 'Lesson statistics' })).toBeVisible();

  // Both lessons are in the last 30 days: two held and finished, 90 minutes, two students, and
  // their trials (the lesson only opened counts nothing); the school's only teacher is the table's
  // only row.
  const row = page.getByRole('row', { name: new RegExp(teacherName) });
  await expect(row).toBeVisible();
  // Her free lessons (issue 28): none booked, held or made students.
  expect(await cellsOf(page, teacherName)).toEqual([
    teacherName,
    '2',
    '2',
    '90',
    '2',
    '4',
    '2',
    '2',
    '0',
    '0',
    '0',
  ]);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Lessons held per day' })).toBeVisible();
  await expect(page.locator('.recharts-surface')).toHaveCount(1);
  await expectAccessible(page);

  // The chart follows one teacher.
  await page.getByRole('combobox', { name: 'Whose lessons' }).click();
  await page.getByRole('option', { name: teacherName }).click();
  await expect(page.getByRole('combobox', { name: 'Whose lessons' })).toHaveValue(teacherName);
  await expect(page.locator('.recharts-surface')).toHaveCount(1);

  // The CSV: headers in English, the range's days, and the teacher's row as the table shows it.
  const lines = await csvLines(page, 'Download CSV');
  expect(lines[0]).toBe(HEADER);
  expect(lines).toHaveLength(2);
  const cells = await cellsOf(page, teacherName);
  const line = lines.find((entry) => entry.includes(`,${teacherName},`));
  expect(line?.split(',').slice(0, 2)).toEqual([
    expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
  ]);
  expect(line?.split(',').slice(2)).toEqual(cells);

  for (const width of [1440, 800]) await shoot(page, 'lessons-stats-en', width);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Other days, chosen in the calendar: two months back, nothing was held.
  await page.getByRole('button', { name: 'Days', exact: true }).click();
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar).toBeVisible();
  for (const _ of [1, 2]) await calendar.locator('button[data-direction="previous"]').click();
  const day = (n: number) =>
    calendar.locator('table button:not([data-outside])').filter({ hasText: new RegExp(`^${n}$`) });
  await day(10).click();
  await day(12).click();
  await expect(calendar).toBeHidden();
  await expect(page.getByText('No lessons were held in these days')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  const kept = await page.evaluate(() => window.localStorage.getItem('reportRange'));
  expect(JSON.parse(kept ?? '{}')).toMatchObject({
    from: expect.stringMatching(/-10$/),
    to: expect.stringMatching(/-12$/),
  });
  await expectAccessible(page);

  // The range is kept for the next visit.
  await page.reload();
  await expect(page.getByText('No lessons were held in these days')).toBeVisible();

  // In Ukrainian, with the last 30 days again.
  await page.evaluate(() => window.localStorage.removeItem('reportRange'));
  await page.reload();
  await expect(row).toBeVisible();
  await page.getByRole('combobox', { name: 'Interface language' }).selectOption('uk');
  await expect(page.getByRole('heading', { name: 'Статистика уроків' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Завантажити CSV' })).toBeVisible();
  for (const width of [1440, 800]) await shoot(page, 'lessons-stats-uk', width);
  await expectAccessible(page);
  // The CSV in Ukrainian: its headers, and the days as Ukrainian writes them.
  const ukrainian = await csvLines(page, 'Завантажити CSV');
  expect(ukrainian[0]).toBe(HEADER_UK);
  expect(ukrainian[1]).toMatch(
    new RegExp(`^\\d{2}\\.\\d{2}\\.\\d{4},\\d{2}\\.\\d{2}\\.\\d{4},${teacherName},2,2,90,2,4,2,2,0,0,0$`),
  );
  await page.getByRole('combobox', { name: 'Мова інтерфейсу' }).selectOption('en');
  expect(problems).toEqual([]);
});
