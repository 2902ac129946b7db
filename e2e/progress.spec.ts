import type { TemplateInput } from '@logoschool/contract';
import { expect, test, type Page } from './support/test.ts';
import { dayFromNow } from './support/dates.ts';
import { acceptedExercise, tagOf } from './support/content.ts';
import { playedLesson, type BlockTrials } from './support/diagnostics.ts';
import { filledPlan, lessonsOf, publishedTemplate, soundsTree, studentOf } from './support/lessons.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { newSchool, type School } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

// The lessons' dates are made in UTC: the browser sees them the same way.
test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const SHOTS = process.env.PROGRESS_SHOTS ?? '/tmp/progress-shots';

/** The three targets of the template, each block its own folder with one category in it. */
const BLOCKS = [
  { target: 'Hearing [R] among other sounds', folder: 'Telling sounds apart', leaf: '[R] and [L]' },
  { target: 'Setting [R]', folder: 'Sonorant sounds', leaf: '[R]' },
  { target: 'Bringing [R] into syllables and words', folder: 'Syllables and words', leaf: '[R] in words' },
] as const;

/**
 * The school's [R] template and a plan of it for a student, its blocks taking one presentation
 * each from their folders; `exercises` accepted exercises there, one per block, usable three times
 * in a plan (the correction path's lessons use each again). Without them the lessons stay empty.
 */
async function soundR(school: School, child: string, exercises: boolean) {
  const tree = await soundsTree(
    school,
    'Sounds',
    Object.fromEntries(BLOCKS.map((block) => [block.folder, [block.leaf]])),
  );
  if (exercises) {
    const tag = await tagOf(school, 'pictures');
    for (const block of BLOCKS) {
      await acceptedExercise(school, {
        title: `${block.leaf}: pictures`,
        categoryId: tree.id(block.leaf),
        tagIds: [tag.id],
        fields: { usage_frequency: 3 },
      });
    }
  }
  const template = await publishedTemplate(school, {
    title: 'Sound setting for [R]',
    description: 'For children of 5–8 whose [R] is missing or replaced.',
    blocks: BLOCKS.map((block) => ({
      target: block.target,
      category_id: tree.category,
      min_presentations: 1,
      max_presentations: 1,
      folders: [{ category_id: tree.id(block.folder) }],
    })),
  } satisfies TemplateInput);
  const student = await studentOf(school, { client_name: 'Olena Koval', child_name: child });
  return { template, student };
}

/** The moment `days` ago at 09:00 UTC (ISO). */
const daysAgoAtNine = (days: number) => `${dayFromNow(-days)}T09:00:00.000Z`;

/**
 * Sofiia's trials per block, lesson by lesson: her earlier plan's first two lessons, then her
 * current plan's first. The hearing block's accuracy grows 25%, 50%, 75%.
 */
const TRIALS: BlockTrials[] = [
  [
    ['incorrect', 'cued', 'correct', 'cued'],
    ['cued', 'incorrect', 'cued', 'correct'],
    ['cued', 'incorrect', 'cued', 'correct'],
  ],
  [
    ['correct', 'cued', 'correct', 'incorrect'],
    ['correct', 'incorrect', 'cued', 'correct'],
    ['cued', 'correct', 'correct', 'incorrect'],
  ],
  [
    ['correct', 'correct', 'cued', 'correct'],
    ['correct', 'cued', 'correct', 'correct'],
    ['correct', 'correct', 'correct', 'cued'],
  ],
];

/** Switches the interface language with the header's switcher. */
async function switchLanguage(page: Page, language: 'uk' | 'en') {
  await page.getByRole('combobox', { name: /^(Interface language|Мова інтерфейсу)$/ }).selectOption(language);
}

/** Every chart of the section drawn (each is its own lazy chunk). */
async function chartsDrawn(page: Page, count: number) {
  await expect(page.locator('figure .recharts-surface')).toHaveCount(count);
  await expect(page.locator('figure .recharts-line-curve').first()).toBeVisible();
}

test("the correction path shows the student's accuracy and cued share per target, lesson by lesson", async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  // Sofiia's earlier plan of [R]: its first two lessons played with marks weeks ago (not finished:
  // a lesson finished through the API is finished today, and its date would be today's); then a
  // second plan of the same template, whose first lesson she played and finished today.
  const school = await newSchool(request, ['moderator', 'author', 'teacher']);
  const { template, student } = await soundR(school, 'Sofiia Koval', true);
  const teacher = await school.as('teacher');
  const earlier = await filledPlan(teacher, {
    client_id: student.id,
    template_id: template.id,
    deadline: dayFromNow(20),
  });
  const [first, second] = await lessonsOf(teacher, earlier.id);
  await playedLesson(teacher, first!.id, {
    startsAt: daysAgoAtNine(24),
    minutes: 45,
    trials: TRIALS[0]!,
    finished: false,
  });
  await playedLesson(teacher, second!.id, {
    startsAt: daysAgoAtNine(17),
    minutes: 45,
    trials: TRIALS[1]!,
    finished: false,
  });
  const current = await filledPlan(teacher, {
    client_id: student.id,
    template_id: template.id,
    deadline: dayFromNow(70),
  });
  const [today] = await lessonsOf(teacher, current.id);
  await playedLesson(teacher, today!.id, {
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    minutes: 45,
    trials: TRIALS[2]!,
    finished: true,
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, school.person('teacher'), '/correction-path');
  await page.getByRole('link', { name: 'Sofiia Koval' }).click();
  await expect(page).toHaveURL(/\/correction-path\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Correction path' })).toBeVisible();

  // The timeline has the lessons held beside the plans: the two marked but never finished, and
  // today's, each with its accuracy.
  await expect(page.getByRole('heading', { level: 3, name: 'Lesson 1', exact: true })).toHaveCount(2);
  await expect(page.getByRole('heading', { level: 3, name: 'Lesson 2', exact: true })).toBeVisible();
  await expect(page.getByText('Not finished', { exact: true })).toHaveCount(2);
  await expect(page.getByText(/^Accuracy \d+%: \d+ of \d+ correct$/)).toHaveCount(3);

  // The same three targets in both plans, one line each.
  const section = page.getByRole('region', { name: 'Progress' });
  await expect(section.getByRole('heading', { level: 2, name: 'Progress' })).toBeVisible();
  const targets = section.getByRole('article');
  await expect(targets).toHaveCount(3);
  const hearing = section.getByRole('article', { name: 'Hearing [R] among other sounds' });
  await expect(hearing).toBeVisible();
  await expect(section.getByRole('article', { name: 'Setting [R]' })).toBeVisible();
  // Hearing: 6 of 12 trials correct, 4 cued, in three lessons.
  await expect(
    hearing.getByText('All lessons: accuracy 50%, needed a cue 33% · trials: 12 · lessons: 3', {
      exact: true,
    }),
  ).toBeVisible();
  await chartsDrawn(page, 3);
  // Two plans share lesson numbers: the axis tells them apart by date.
  await expect(hearing.locator('figure').getByText(/^Lesson 1, \d\d\/\d\d\/\d{4}$/)).toHaveCount(2);
  await expect(hearing.locator('.recharts-legend-wrapper')).toContainText('Accuracy');
  await expect(hearing.locator('.recharts-legend-wrapper')).toContainText('Needed a cue');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/progress-en-1440.png`, fullPage: true, animations: 'disabled' });

  // The numbers behind the chart: better from lesson to lesson.
  await section.getByRole('switch', { name: 'Show as table' }).check({ force: true });
  const table = hearing.getByRole('table', { name: 'Trials per lesson: Hearing [R] among other sounds' });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows.nth(2)).toBeVisible();
  const accuracyOf = (row: number) => rows.nth(row).locator('td').nth(6);
  await expect(accuracyOf(0)).toHaveText('25%');
  await expect(accuracyOf(1)).toHaveText('50%');
  await expect(accuracyOf(2)).toHaveText('75%');
  await expect(rows.nth(0).locator('th')).toHaveText('Lesson 1');
  await expect(rows.nth(1).locator('th')).toHaveText('Lesson 2');
  await expect(rows.nth(0).locator('td').first()).toHaveText('Sound setting for [R]');
  await expect(table.locator('tfoot')).toContainText('All lessons');
  await expectAccessible(page);
  await section.getByRole('switch', { name: 'Show as table' }).uncheck({ force: true });
  await chartsDrawn(page, 3);

  await page.setViewportSize({ width: 800, height: 900 });
  await chartsDrawn(page, 3);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/progress-en-800.png`, fullPage: true, animations: 'disabled' });

  await switchLanguage(page, 'uk');
  const ukSection = page.getByRole('region', { name: 'Прогрес' });
  await expect(ukSection.getByRole('heading', { level: 2, name: 'Прогрес' })).toBeVisible();
  await expect(
    ukSection
      .getByText('Усі уроки: точність 50%, потрібна підказка 33% · спроб: 12 · уроків: 3', { exact: true })
      .first(),
  ).toBeVisible();
  await chartsDrawn(page, 3);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/progress-uk-800.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await chartsDrawn(page, 3);
  await page.screenshot({ path: `${SHOTS}/progress-uk-1440.png`, fullPage: true, animations: 'disabled' });
  await ukSection.getByRole('switch', { name: 'Показати таблицею' }).check({ force: true });
  await expect(ukSection.getByRole('table').first()).toBeVisible();
  await page.screenshot({
    path: `${SHOTS}/progress-uk-1440-table.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await switchLanguage(page, 'en');
  expect(problems).toEqual([]);
});
