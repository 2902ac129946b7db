import { expect, test, type Locator, type Page } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { publishedCard } from './support/diagnostics.ts';
import { newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB' });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const region = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });

/** Fills the variants (or a table's columns) of a question: labels and scores, adding rows as needed. */
async function fillItems(scope: Locator, kind: 'Variant' | 'Column' | 'Row', items: [string, number?][]) {
  for (const [index, [label, score]] of items.entries()) {
    const name = `${kind} ${index + 1}`;
    if ((await scope.getByRole('textbox', { name, exact: true }).count()) === 0) {
      await scope.getByRole('button', { name: `Add a ${kind.toLowerCase()}` }).click();
    }
    await scope.getByRole('textbox', { name, exact: true }).fill(label);
    if (score !== undefined)
      await scope.getByRole('textbox', { name: `Score of ${name}` }).fill(String(score));
  }
}

test('a moderator builds a card with every answer type and a computed block, publishes it and previews it', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator']);
  const errors = watchConsole(page);
  const title = 'Speech screening';
  await signIn(page, school.person('moderator'), '/diagnostic-cards');
  await expect(page.getByRole('heading', { name: 'Diagnostic cards', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New card' }).click();
  await expect(page).toHaveURL(/\/create-diagnostic-card$/);

  await region(page, 'About the card').getByRole('textbox', { name: 'Title' }).fill(title);
  const block = region(page, 'Block 1');
  await block.getByRole('textbox', { name: 'Block title' }).fill('Sounds and hearing');

  // 1.1 one variant, with scores.
  const q1 = region(block, 'Question 1.1');
  await q1.getByRole('textbox', { name: 'Question' }).fill('How does the child say R?');
  await expect(q1.getByRole('textbox', { name: 'Code' })).toHaveValue('q1');
  await choose(page, q1, 'Answer type', 'One variant');
  await fillItems(q1, 'Variant', [
    ['Clearly', 2],
    ['Replaced', 0],
  ]);

  // 1.2 several variants.
  await block.getByRole('button', { name: 'Add a question' }).click();
  const q2 = region(block, 'Question 1.2');
  await q2.getByRole('textbox', { name: 'Question' }).fill('Which errors are there?');
  await choose(page, q2, 'Answer type', 'Several variants');
  await fillItems(q2, 'Variant', [
    ['Omission', 1],
    ['Substitution', 1],
  ]);

  // 1.3 a question left without an answer type: the save is stopped at it (§5).
  await block.getByRole('button', { name: 'Add a question' }).click();
  const q3 = region(block, 'Question 1.3');
  await q3.getByRole('textbox', { name: 'Question' }).fill('What does the child call themselves?');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(q3.getByText('Choose an answer type.')).toBeVisible();
  await expect(page).toHaveURL(/\/create-diagnostic-card$/);
  await choose(page, q3, 'Answer type', 'Short text');

  // 1.4 long text, required.
  await block.getByRole('button', { name: 'Add a question' }).click();
  const q4 = region(block, 'Question 1.4');
  await q4.getByRole('textbox', { name: 'Question' }).fill('Retell the story of the picture');
  await choose(page, q4, 'Answer type', 'Long text');
  await q4.getByRole('switch', { name: 'Required question' }).check();

  // 1.5 a scale, its preview live.
  await block.getByRole('button', { name: 'Add a question' }).click();
  const q5 = region(block, 'Question 1.5');
  await q5.getByRole('textbox', { name: 'Question' }).fill('Attention during the task');
  await choose(page, q5, 'Answer type', 'Scale');
  await q5.getByRole('textbox', { name: 'Start label' }).fill('Absent');
  await q5.getByRole('textbox', { name: 'Centre label' }).fill('Unstable');
  await q5.getByRole('textbox', { name: 'End label' }).fill('Steady');
  await expect(q5.getByRole('img', { name: 'How the scale will look' })).toContainText('Unstable');

  // 1.6 a table of variants.
  await block.getByRole('button', { name: 'Add a question' }).click();
  const q6 = region(block, 'Question 1.6');
  await q6.getByRole('textbox', { name: 'Question' }).fill('Tell the syllables apart');
  await choose(page, q6, 'Answer type', 'Table of variants');
  await fillItems(q6, 'Row', [['ba – pa'], ['da – ta']]);
  await fillItems(q6, 'Column', [
    ['Yes', 1],
    ['No', 0],
  ]);

  // A computed block with bands, its formula built from the listed names.
  await page.getByRole('button', { name: 'Add a computed block' }).click();
  const computed = region(page, 'Computed block 1');
  await computed.getByRole('textbox', { name: 'Title' }).fill('Speech score');
  const formula = computed.getByRole('textbox', { name: 'Formula' });
  await formula.fill('q1 + q5 + sum(q6) - count(nope)');
  await expect(computed.getByText('No question or computed block has the code “nope”.')).toBeVisible();
  await formula.fill('q1 + ');
  await computed.getByRole('button', { name: /^Insert q5 / }).click();
  await expect(formula).toHaveValue('q1 + q5');
  await formula.fill('q1 + q5 + sum(q6) - count(q2)');
  await expect(formula).toHaveValue('q1 + q5 + sum(q6) - count(q2)');
  await computed.getByRole('button', { name: 'Add a band' }).click();
  await computed.getByRole('button', { name: 'Add a band' }).click();
  const band1 = computed.getByRole('group', { name: 'Band 1' });
  await band1.getByRole('textbox', { name: 'From' }).fill('0');
  await band1.getByRole('textbox', { name: 'To' }).fill('4');
  await band1.getByRole('textbox', { name: 'Meaning' }).fill('Severe delay');
  const band2 = computed.getByRole('group', { name: 'Band 2' });
  await band2.getByRole('textbox', { name: 'From' }).fill('5');
  await band2.getByRole('textbox', { name: 'To' }).fill('20');
  await band2.getByRole('textbox', { name: 'Meaning' }).fill('Typical development');
  await choose(page, band2, 'Names a', 'Qualification');

  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/edit-diagnostic-card\/\d+$/);
  await expect(page.getByText(`“${title}” is created as a draft.`)).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The card is published as version 1.')).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // The list shows it published.
  await page.getByRole('link', { name: '← Diagnostic cards' }).click();
  await expect(page).toHaveURL(/\/diagnostic-cards$/);
  await page.getByRole('textbox', { name: 'Search by title' }).fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  await expect(row).toContainText('1 blocks, 6 questions, 1 computed');

  // The preview: answers in memory, the computed value live.
  await row.getByRole('link', { name: `Preview “${title}”` }).click();
  await expect(page).toHaveURL(/\/preview-diagnostic-card\/\d+$/);
  const result = page.locator('[data-computed-block="score1"]');
  await expect(result).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Clearly' }).check();
  await page.getByRole('radio', { name: '7', exact: true }).check();
  await expect(result).toContainText('9');
  await expect(result).toContainText('Typical development');
  await page.getByRole('radio', { name: '0 — Absent' }).check();
  await expect(result).toContainText('Severe delay');
  expect(errors).toEqual([]);
});

test('a moderator reorders a published card and reads the change before publishing it again', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator']);
  const question = (code: string, text: string) => ({ code, text, type: 'short_text' as const });
  const card = await publishedCard(school, {
    title: 'Sounds screening',
    language: 'en',
    blocks: [{ title: 'Sounds', questions: [question('q1', 'Say R'), question('q2', 'Say L')] }],
  });
  await signIn(page, school.person('moderator'), `/edit-diagnostic-card/${card.id}`);
  const block = region(page, 'Block 1');
  await block.getByRole('button', { name: 'Move Question 1.2 up' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The card is saved.')).toBeVisible();

  const status = region(page, 'Status');
  await expect(status.getByText('Draft', { exact: true })).toBeVisible();
  await status.getByRole('button', { name: 'Versions and changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Versions and changes' });
  // From the published version to the working copy, as saved: what publishing would change.
  await expect(dialog.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveText([
    'MovedQuestion “Say L” in “Sounds” · place 1',
  ]);
  await expectAccessible(page);
});
