import { API, type ProtocolTemplate, type TemplateInput } from '@logoschool/contract';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { expectAccessible } from './support/page-checks.ts';
import {
  filledPlan,
  lessonsOf,
  publish,
  publishedTemplate,
  settingR,
  soundsTree,
  studentOf,
  studentWithPlan,
} from './support/lessons.ts';
import { pickDate } from './support/dates.ts';
import { newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

/**
 * A school of its own, with a template of two blocks under 'Sounds' that its moderator writes and
 * publishes (version 1), and a student of its teacher.
 */
async function schoolWithTemplate(request: APIRequestContext, title: string, childName: string) {
  const school = await newSchool(request, ['moderator', 'teacher']);
  const tree = await soundsTree(school, 'Sounds', { 'Whistling sounds': [], 'Hissing sounds': [] });
  const folders = {
    sounds: tree.category,
    whistling: tree.id('Whistling sounds'),
    hissing: tree.id('Hissing sounds'),
  };
  const input: TemplateInput = {
    title,
    description: 'Setting the whistling sounds, ten weekly lessons.',
    blocks: [
      {
        target: 'Articulation warm-up',
        category_id: folders.sounds,
        description_educator: 'Mirror first, then the sound alone.',
        description_parents: 'We warm up the tongue and lips.',
        min_presentations: 1,
        max_presentations: 3,
        folders: [
          { category_id: folders.whistling, indications_educator: 'Start with [S].' },
          { category_id: folders.hissing, description_parents: 'Hissing sounds at home.' },
        ],
      },
      {
        target: 'Sound in syllables',
        category_id: folders.sounds,
        min_presentations: 2,
        max_presentations: 4,
        folders: [{ category_id: folders.whistling }],
      },
    ],
  };
  const template = await publishedTemplate(school, input);
  const student = await studentOf(school, { client_name: 'Olena Koval', child_name: childName });
  return { school, folders, template, input, student };
}

const block = (page: Page, target: string) => page.getByRole('region', { name: target, exact: true });

test('a teacher makes a plan from the student’s page, is refused a block without a folder, and fills it', async ({
  page,
  request,
}) => {
  const title = 'Whistling sounds';
  const childName = 'Taras Hnatiuk';
  const { school } = await schoolWithTemplate(request, title, childName);

  await signIn(page, school.person('teacher'));
  await page.getByPlaceholder('Search by child or parent name').fill(childName);
  await page.getByRole('link', { name: childName }).click();
  await page.getByRole('region', { name: 'Plans' }).getByRole('link', { name: 'New plan' }).click();

  await expect(page.getByRole('heading', { name: 'New plan' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Student' })).toHaveValue(childName);
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: title }).click();
  const summary = page.getByRole('region', { name: 'The chosen template' });
  await expect(summary).toContainText('Setting the whistling sounds, ten weekly lessons.');
  await expect(summary).toContainText('Blocks: 2');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create plan' }).click();

  await expect(page).toHaveURL(/\/edit-protocol\/\d+$/);
  await expect(page.getByRole('heading', { name: `Plan for ${childName}` })).toBeVisible();
  await expect(page.getByText('Needs filling').first()).toBeVisible();
  await expect(page.getByText('10 lessons', { exact: true })).toBeVisible();

  // Spec §5: not saved while a block has no folder; each block says so itself.
  await page.getByRole('radio', { name: /Whistling sounds.*Start with \[S\]/ }).click();
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
    '1 block needs attention (2)',
  );
  await expect(block(page, 'Sound in syllables')).toContainText(
    'Choose a folder for the block “Sound in syllables”.',
  );
  await expect(block(page, 'Articulation warm-up')).not.toContainText('Choose a folder');
  await expectAccessible(page);

  await block(page, 'Sound in syllables')
    .getByRole('radio', { name: /Whistling sounds/ })
    .click();
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText('Plan saved: every block has its folder.')).toBeVisible();
  await expect(page.getByText('Filled', { exact: true }).first()).toBeVisible();

  // The plans list, filtered as spec §4 says.
  await page.getByRole('link', { name: 'Back to plans' }).click();
  await expect(page).toHaveURL(/\/clients\?tab=plans$/);
  const row = page.getByRole('row').filter({ hasText: childName });
  // The filter's radios are drawn as a segmented control: its visible labels are what one clicks.
  const filters = page.getByLabel('Show plans');
  await filters.getByText('Filled', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Filled' })).toBeChecked();
  await expect(page).toHaveURL(/filter=filled/);
  await expect(row).toContainText(title);
  await expect(row).toContainText('Filled');
  await filters.getByText('To fill', { exact: true }).click();
  await expect(page).toHaveURL(/filter=toFill/);
  await expect(row).toHaveCount(0);
  await expectAccessible(page);
});

test('a plan shows the template’s new version block by block, and takes it when the teacher applies it', async ({
  page,
  request,
}) => {
  const title = 'Hissing sounds';
  const childName = 'Sofiia Melnyk';
  const { school, folders, template, input, student } = await schoolWithTemplate(request, title, childName);
  const teacher = await school.as('teacher');
  const moderator = await school.as('moderator');
  await filledPlan(teacher, { client_id: student.id, template_id: template.id, deadline: '2099-06-30' });
  // Version 2: the first block allows 1 to 2 presentations, and a third block comes.
  await moderator.call<ProtocolTemplate>('put', `${API.templates}/${template.id}`, {
    ...input,
    blocks: [
      { ...input.blocks[0]!, key: template.blocks[0]!.key, max_presentations: 2 },
      { ...input.blocks[1]!, key: template.blocks[1]!.key },
      {
        target: 'Sound in words',
        category_id: folders.sounds,
        min_presentations: 1,
        max_presentations: 2,
        folders: [{ category_id: folders.hissing }],
      },
    ],
  } satisfies TemplateInput);
  await publish(moderator, template.id);

  await signIn(page, school.person('teacher'), '/clients?tab=plans');
  const row = page.getByRole('row').filter({ hasText: childName });
  await expect(row).toContainText('Template updated: v2');
  await row.getByRole('link', { name: title }).click();

  const banner = page.getByRole('region', { name: 'The template was updated (v1 → v2)' });
  await expect(banner).toBeVisible();
  const changes = banner.getByRole('listitem');
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(0)).toContainText('Articulation warm-up');
  await expect(changes.nth(0)).toContainText('1–3 presentations per lesson → 1–2 presentations per lesson');
  await expect(changes.nth(1)).toContainText('New block');
  await expect(changes.nth(1)).toContainText('Sound in words');
  await expectAccessible(page);

  await banner.getByRole('button', { name: 'Apply v2' }).click();
  await expect(
    page.getByText('Template v2 applied: choose folders for the blocks that wait for one.'),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByText('Needs filling').first()).toBeVisible();
  // The kept block keeps its folder, its bounds narrowed; the new one waits for a folder.
  await expect(block(page, 'Articulation warm-up').getByRole('radio', { checked: true })).toContainText(
    'Whistling sounds',
  );
  await expect(
    block(page, 'Articulation warm-up').getByRole('textbox', { name: 'Maximum presentations per lesson' }),
  ).toHaveValue('2');
  await expect(block(page, 'Sound in words').getByRole('radio', { checked: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(block(page, 'Sound in words')).toContainText(
    'Choose a folder for the block “Sound in words”.',
  );
  await block(page, 'Sound in words')
    .getByRole('radio', { name: /Hissing sounds/ })
    .click();
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText('Plan saved: every block has its folder.')).toBeVisible();
});

test.describe('in Kyiv', () => {
  test.use({ timezoneId: 'Europe/Kyiv' });

  test('a teacher schedules the ten lessons weekly in one step, moves one alone, and fills them all; the page fits 800 px', async ({
    page,
    request,
  }) => {
    // Four decks made by LibreOffice on the server before the page opens: a slow start.
    test.slow();
    // Four exercises usable three times: twelve uses for ten lessons of one to two presentations.
    const { school, template } = await settingR(
      request,
      ['Drum roll [R]', 'Tiger growl [R]', 'Rocket launch [R]', 'Car engine [R]'],
      { min: 1, max: 2 },
    );
    const { teacher, plan } = await studentWithPlan(school, template.id, {
      client_name: 'Iryna Bondar',
      child_name: 'Ostap Bondar',
    });

    await page.setViewportSize({ width: 800, height: 900 });
    await signIn(page, school.person('teacher'), `/edit-protocol/${plan.id}`);
    const lessons = page.getByRole('table', { name: 'Lessons of the plan' });
    // The first answer may be slow on a busy machine: the list comes once the lessons are read.
    await expect(lessons.getByRole('row')).toHaveCount(11, { timeout: 20_000 });
    await expect(lessons.getByText('Not set yet')).toHaveCount(10);
    // Enough in the folder for every lesson: nothing warns before filling.
    await expect(page.getByTestId('plan-supply')).toHaveCount(0);

    // Weekly on Mondays and Wednesdays at 16:00, from a Monday, in one step.
    await page.getByRole('button', { name: 'Schedule lessons' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule the plan’s lessons' });
    await dialog.getByRole('checkbox', { name: 'Monday' }).check();
    await dialog.getByRole('checkbox', { name: 'Wednesday' }).check();
    await dialog.getByRole('textbox', { name: 'Time' }).fill('16:00');
    await expect(dialog.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^Europe\/Ki[ye]v$/);
    await pickDate(page, dialog.getByRole('button', { name: 'From' }), '2027-01-04');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByText('10 lessons have their dates.')).toBeVisible();
    const dated = await lessonsOf(teacher, plan.id);
    expect(dated.map((lesson) => lesson.starts_at)).toEqual([
      '2027-01-04T14:00:00.000Z',
      '2027-01-06T14:00:00.000Z',
      '2027-01-11T14:00:00.000Z',
      '2027-01-13T14:00:00.000Z',
      '2027-01-18T14:00:00.000Z',
      '2027-01-20T14:00:00.000Z',
      '2027-01-25T14:00:00.000Z',
      '2027-01-27T14:00:00.000Z',
      '2027-02-01T14:00:00.000Z',
      '2027-02-03T14:00:00.000Z',
    ]);
    await expect(lessons.getByText('16:00–16:45')).toHaveCount(10);

    // One lesson moved: the others keep their dates.
    await page.getByRole('button', { name: 'Move lesson 3' }).click();
    const move = page.getByRole('dialog', { name: 'Move lesson 3' });
    await move.getByRole('textbox', { name: 'Time' }).fill('09:30');
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText('Lesson 3 moved.')).toBeVisible();
    const moved = await lessonsOf(teacher, plan.id);
    expect(moved.map((lesson) => lesson.starts_at)).toEqual(
      dated.map((lesson) => (lesson.number === 3 ? '2027-01-11T07:30:00.000Z' : lesson.starts_at)),
    );

    // Every lesson filled in one step, each with at least its minimum.
    await page.getByRole('button', { name: 'Fill all lessons' }).click();
    await expect(page.getByText('10 lessons filled: every block has at least its minimum.')).toBeVisible();
    for (const lesson of await lessonsOf(teacher, plan.id)) {
      const full = await teacher.call<{ blocks: { presentations: unknown[] }[] }>(
        'get',
        `/lesson/${lesson.id}`,
      );
      expect(full.blocks[0]!.presentations.length).toBeGreaterThanOrEqual(1);
    }

    // At 800 px the lessons show without a sideways scroll.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    const table = await lessons.boundingBox();
    expect(table!.x + table!.width).toBeLessThanOrEqual(800);
    await expectAccessible(page);
  });
});
