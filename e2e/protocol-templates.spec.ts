import { API, type ProtocolTemplate, type TemplateInput } from '@logoschool/contract';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { publish, publishedTemplate, soundsTree } from './support/lessons.ts';
import { newSchool, type Person } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

/** A page of its own for a second person, in the English interface. */
async function personPage(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page, person);
  return page;
}

/** A school of a moderator and a teacher, whose category tree has the folders the blocks offer. */
async function soundsSchool(request: APIRequestContext) {
  const school = await newSchool(request, ['moderator', 'teacher']);
  await soundsTree(school, 'Sounds', {
    'Sonorant sounds': [],
    'Whistling sounds': [],
    'Hissing sounds': [],
    'Telling sounds apart': [],
  });
  return school;
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills block `number` of the template form, with its folders (under the school's category "Sounds"). */
async function fillBlock(
  page: Page,
  number: number,
  block: { target: string; min: number; max: number; folders: string[] },
) {
  const region = page.getByRole('region', { name: `Block ${number}`, exact: true });
  await region.getByRole('textbox', { name: 'Target' }).fill(block.target);
  await choose(page, region, 'Category', 'Sounds');
  await region
    .getByRole('textbox', { name: 'Description for parents' })
    .first()
    .fill(`${block.target}, at home`);
  await region
    .getByRole('textbox', { name: 'Description for the educator' })
    .fill(`${block.target}: watch the tongue`);
  await region.getByRole('textbox', { name: 'Minimum presentations per lesson' }).fill(String(block.min));
  await region.getByRole('textbox', { name: 'Maximum presentations per lesson' }).fill(String(block.max));
  for (const folder of block.folders) {
    await choose(page, region, 'Add a folder', folder);
    const card = region.getByRole('group', { name: `Folder ${folder}` });
    await card
      .getByRole('textbox', { name: 'Description for parents' })
      .fill(`Games with ${folder.toLowerCase()}`);
    await card.getByRole('textbox', { name: 'Indications for the educator' }).fill('Start slowly');
  }
}

async function fillAbout(page: Page, title: string) {
  const about = page.getByRole('region', { name: 'About the template' });
  await about.getByRole('textbox', { name: 'Title' }).fill(title);
  await about
    .getByRole('textbox', { name: 'Description for the educator' })
    .fill('Ten lessons, sound by sound.');
}

const statusBar = (page: Page) => page.getByRole('region', { name: 'Status' });

test('a moderator builds a template of three blocks and publishes it; a teacher reads it', async ({
  page,
  browser,
  request,
}) => {
  const title = 'Sound [R]';
  const school = await soundsSchool(request);
  const problems = watchConsole(page);
  await signIn(page, school.person('moderator'));
  await page.getByRole('navigation').getByRole('link', { name: 'Protocol templates' }).click();
  await expect(page).toHaveURL(/\/protocols-templates$/);
  await expect(page.getByRole('heading', { name: 'Protocol templates', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'New template' }).click();
  await expect(page).toHaveURL(/\/create-template$/);
  await expect(page.getByRole('heading', { name: 'New protocol template' })).toBeVisible();
  await fillAbout(page, title);
  await fillBlock(page, 1, { target: 'Articulation warm-up', min: 1, max: 2, folders: ['Sonorant sounds'] });
  await page.getByRole('button', { name: 'Add a block' }).click();
  await fillBlock(page, 2, { target: 'Sound in syllables', min: 2, max: 4, folders: ['Whistling sounds'] });
  await page.getByRole('button', { name: 'Add a block' }).click();
  await fillBlock(page, 3, {
    target: 'Telling sounds apart',
    min: 3,
    max: 3,
    folders: ['Hissing sounds', 'Telling sounds apart'],
  });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Template “${title}” created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/edit-template\/\d+$/);
  const id = page.url().split('/').pop();
  await expect(statusBar(page).getByText('Draft', { exact: true })).toBeVisible();
  await statusBar(page).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Template published as version 1.')).toBeVisible();
  await expect(statusBar(page).getByText('Published', { exact: true })).toBeVisible();
  await expect(statusBar(page)).toContainText('Version 1');
  // The saved blocks came back in their order, with their folders.
  await expect(page.getByRole('region', { name: 'Block 3', exact: true }).getByRole('group')).toHaveCount(2);

  await page.getByRole('link', { name: 'Back to protocol templates' }).click();
  await page.getByPlaceholder('Search by title').fill(title);
  const row = page.getByRole('row', { name: new RegExp(title.replace(/[[\]]/g, '\\$&')) });
  await expect(row).toContainText('Published');
  await expect(row).toContainText('3');
  expect(problems).toEqual([]);

  // The teacher finds it from her students' page, and reads it.
  const teacher = await personPage(browser, school.person('teacher'));
  await teacher.getByRole('link', { name: 'Protocol templates' }).click();
  await expect(teacher).toHaveURL(/\/protocols-templates-teacher$/);
  await teacher.getByPlaceholder('Search by title').fill(title);
  await teacher.getByRole('link', { name: title }).click();
  await expect(teacher).toHaveURL(new RegExp(`/view-template/${id}$`));
  await expect(teacher.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(teacher.getByRole('heading', { level: 3 })).toHaveText([
    'Block 1: Articulation warm-up',
    'Block 2: Sound in syllables',
    'Block 3: Telling sounds apart',
  ]);
  const second = teacher.getByRole('article', { name: 'Block 2: Sound in syllables' });
  await expect(second).toContainText('Presentations per lesson: 2–4');
  await expect(second).toContainText('Whistling sounds');
  await expect(second).toContainText('Games with whistling sounds');
  await expect(teacher.getByRole('link', { name: 'Make a plan from it' })).toHaveAttribute(
    'href',
    `/create-protocol?template=${id}`,
  );
  await expectAccessible(teacher);
  await teacher.context().close();
});

test('a teacher writes her own template and sends it for review; the moderator returns it with a comment', async ({
  page,
  browser,
  request,
}) => {
  const title = 'My whistling sounds';
  const school = await soundsSchool(request);
  await signIn(page, school.person('teacher'));
  // The moderator's list is not hers: she is sent to her own start screen.
  await page.goto('/protocols-templates');
  await expect(page).toHaveURL(/\/clients$/);

  await page.goto('/protocols-templates-teacher');
  await page.getByRole('link', { name: 'Write my own template' }).click();
  await expect(page).toHaveURL(/\/edit-template$/);
  await fillAbout(page, title);
  await fillBlock(page, 1, { target: 'Sound [S] in words', min: 1, max: 3, folders: ['Whistling sounds'] });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/edit-template\/\d+$/);
  await statusBar(page).getByRole('button', { name: 'Send for review' }).click();
  await expect(statusBar(page).getByText('On moderation', { exact: true })).toBeVisible();

  const moderator = await personPage(browser, school.person('moderator'));
  await moderator.goto('/protocols-templates');
  await moderator
    .getByRole('radiogroup', { name: 'Status' })
    .getByText(/^On moderation/)
    .click();
  await expect(moderator.getByRole('radio', { name: /^On moderation/ })).toBeChecked();
  await moderator.getByPlaceholder('Search by title').fill(title);
  await moderator.getByRole('link', { name: title }).click();
  await statusBar(moderator).getByRole('button', { name: 'Return to the writer' }).click();
  const dialog = moderator.getByRole('dialog', { name: 'Return the template to its writer' });
  await dialog
    .getByRole('textbox', { name: 'Comment for the writer' })
    .fill('Add a block for phrases, please.');
  await dialog.getByRole('button', { name: 'Return to the writer' }).click();
  await expect(statusBar(moderator).getByText('Draft', { exact: true })).toBeVisible();
  await moderator.context().close();

  await page.reload();
  await expect(statusBar(page).getByText('Draft', { exact: true })).toBeVisible();
  await expect(statusBar(page)).toContainText('Returned by the moderator');
  await expect(statusBar(page)).toContainText('Add a block for phrases, please.');
  await expect(statusBar(page).getByRole('button', { name: 'Send for review' })).toBeVisible();
});

test('a moderator reads what changed between two versions of a template', async ({ page, request }) => {
  const school = await newSchool(request, ['moderator']);
  const tree = await soundsTree(school, 'Sounds', { 'Whistling sounds': [], 'Hissing sounds': [] });
  const block = (target: string, folder: string, max = 3) => ({
    target,
    category_id: tree.category,
    min_presentations: 1,
    max_presentations: max,
    folders: [{ category_id: tree.id(folder) }],
  });
  const input: TemplateInput = {
    title: 'Whistling sounds',
    description: 'Ten weekly lessons.',
    blocks: [
      block('Articulation warm-up', 'Whistling sounds'),
      block('Sound in syllables', 'Hissing sounds'),
    ],
  };
  const template = await publishedTemplate(school, input);
  const [warmUp, syllables] = template.blocks;
  // Version 2: the syllables come first, the warm-up takes at most 2, and a block for words is new.
  const moderator = await school.as('moderator');
  await moderator.call<ProtocolTemplate>('put', `${API.templates}/${template.id}`, {
    ...input,
    blocks: [
      { ...block('Sound in syllables', 'Hissing sounds'), key: syllables!.key },
      { ...block('Articulation warm-up', 'Whistling sounds', 2), key: warmUp!.key },
      block('Sound in words', 'Whistling sounds'),
    ],
  } satisfies TemplateInput);
  await publish(moderator, template.id);

  await signIn(page, school.person('moderator'), `/edit-template/${template.id}`);
  await expect(statusBar(page)).toContainText('Version 2');
  await statusBar(page).getByRole('button', { name: 'Versions and changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Versions and changes' });
  await expect(dialog.getByRole('table', { name: 'Published versions' }).getByRole('row')).toHaveCount(3);
  // From the latest version to the working copy: nothing yet.
  await expect(dialog.getByText('No differences.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'From' }).click();
  await page.getByRole('option', { name: 'Version 1', exact: true }).click();
  const changes = dialog.getByRole('list', { name: 'Changes' }).getByRole('listitem');
  await expect(changes).toHaveText([
    'MovedBlock “Sound in syllables” · place 1',
    'ChangedBlock “Articulation warm-up” · changed: Presentations per lesson',
    'AddedBlock “Sound in words” · place 3',
  ]);
  await expectAccessible(page);
});
