// The exercise library's flows as authors and moderators live them, request to approval; the lists
// and the editor have their own specs (exercise-lists, exercise-editor).
import { LOCAL_KEYS } from '@logoschool/contract';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { pickDate } from './support/dates.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';
import { newSchool } from './support/school.ts';
import {
  acceptedExercise,
  categoryFolder,
  draftExercise,
  exerciseOnModeration,
  openRequest,
  tagOf,
} from './support/content.ts';
import { pptxDeck } from '../apps/server/src/test/pptx.ts';

test.use({ locale: 'en-GB' });

/**
 * The spec's own project with a moderator and an author, and what exercises are filed under: the
 * category `category` in the folder `folder`, and the tag “articulation”.
 */
async function schoolWithShelf(request: APIRequestContext, folder = 'Whistling sounds', category = '[S]') {
  const school = await newSchool(request, ['moderator', 'author']);
  const { ids } = await categoryFolder(school, folder, [category]);
  const tag = await tagOf(school, 'articulation');
  return { school, categoryId: ids[category]!, tagIds: [tag.id] };
}

/** The counter in a status tab. */
async function counter(page: Page, tab: string): Promise<number> {
  const text = await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).innerText();
  return Number(/(\d+)\s*$/.exec(text)?.[1] ?? Number.NaN);
}

test('an author lands on their exercises: tabs with counters, a search kept across visits, likes', async ({
  page,
  request,
}) => {
  const { school, categoryId, tagIds } = await schoolWithShelf(request);
  await openRequest(school, 'Dinosaurs: hard and soft [L]', {
    description: 'Dinosaur names to tell hard [L] from soft [L].',
  });
  await draftExercise(school, { title: 'Breathing: blow the leaves' });
  await draftExercise(school, { title: 'One cat, many cats' });
  await acceptedExercise(school, { title: 'Hiss like a snake [S]', categoryId, tagIds });
  const problems = watchConsole(page);
  await signIn(page, school.person('author'));
  await expect(page).toHaveURL(/\/exercises$/);
  await expect(page.getByRole('heading', { name: 'My exercises' })).toBeVisible();
  // The filter starts on requests (spec §3), and every tab has its counter.
  await expect(page.getByRole('tab', { name: /^Requests/ })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => counter(page, 'Requests')).toBe(1);
  await expectAccessible(page);

  await page.getByRole('tab', { name: /^Drafts/ }).click();
  const drafts = await counter(page, 'Drafts');
  expect(drafts).toBe(2);
  await expect(page.getByRole('row')).toHaveCount(drafts + 1);

  // A title search narrows every counter, and is kept with the tab for the next visit.
  await page.getByRole('textbox', { name: 'Search by title' }).fill('no-such-exercise-title');
  await expect.poll(() => counter(page, 'Drafts')).toBe(0);
  await expect(page.getByText('You have no drafts.')).toBeVisible();
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.exercisesFilter))
    .toContain('no-such-exercise-title');
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Drafts/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Search by title' })).toHaveValue('no-such-exercise-title');
  await page.getByRole('textbox', { name: 'Search by title' }).fill('');
  await expect.poll(() => counter(page, 'Drafts')).toBe(drafts);

  // Like, then dislike: the toggles exclude each other and the counts follow (spec §4).
  await page.getByRole('tab', { name: /^Approved/ }).click();
  const row = page.getByRole('row').nth(1);
  // The previous tab's rows stay until the new ones arrive.
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  const like = row.getByRole('button', { name: /^Like “/ });
  // Nobody has voted on the school's exercise yet.
  await expect(row.getByTestId(/^likes-/)).toHaveText('0');
  await expect(row.getByTestId(/^dislikes-/)).toHaveText('0');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  // A click while another vote is under way is let go (votes.tsx): each vote's answer comes first.
  const answered = (vote: 'like' | 'dislike') =>
    page.waitForResponse((response) =>
      new RegExp(`^/api/exercises/\\d+/${vote}$`).test(new URL(response.url()).pathname),
    );
  const liked = answered('like');
  await like.click();
  await expect(row.getByTestId(/^likes-/)).toHaveText('1');
  expect((await liked).status()).toBe(200);
  const disliked = answered('dislike');
  await row.getByRole('button', { name: /^Dislike “/ }).click();
  await expect(row.getByTestId(/^dislikes-/)).toHaveText('1');
  await expect(row.getByTestId(/^likes-/)).toHaveText('0');
  expect((await disliked).status()).toBe(200);
  await row.getByRole('button', { name: /^Dislike “/ }).click();
  await expect(row.getByTestId(/^dislikes-/)).toHaveText('0');
  expect(problems).toEqual([]);
});

test('an author writes a draft, is told a taken title, and cannot submit it without a presentation', async ({
  page,
  request,
}) => {
  const title = 'Sound [S] in the forest';
  const { school } = await schoolWithShelf(request);
  await signIn(page, school.person('author'));
  await page.getByRole('link', { name: 'New exercise' }).click();
  await expect(page).toHaveURL(/\/create-exercise-author$/);
  await page.getByRole('button', { name: 'Create the draft' }).click();
  // The contract's rule for the title, in the browser as in a 422.
  await expect(page.getByText('Required.').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('combobox', { name: 'Category' }).fill('Whistling');
  await page.getByRole('option', { name: /Whistling sounds \/ \[S\]/ }).click();
  await page.getByRole('combobox', { name: 'Tags' }).fill('articul');
  await page.getByRole('option', { name: 'articulation' }).click();
  await page.keyboard.press('Escape');
  await page
    .getByRole('textbox', { name: 'Instruction for the speech therapist' })
    .fill('Say each word slowly.');
  await page.getByRole('button', { name: 'Create the draft' }).click();
  await expect(page.getByText(`“${title}” saved.`)).toBeVisible();
  await expect(page).toHaveURL(/\/edit-exercise\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(page);

  // Submitting needs the deck (spec §5: a presentation file is required).
  await page.getByRole('button', { name: 'Submit for moderation' }).click();
  await expect(
    page.getByText('Upload the presentation before sending the exercise to moderation.'),
  ).toBeVisible();

  // The same title again is refused by the server, under the field (spec §5).
  // Each page is awaited: a navigation keeps the old page on screen while the next one loads, and
  // the old page has a Title field of its own.
  await page.getByRole('link', { name: 'Back to my exercises' }).click();
  await expect(page.getByRole('tab', { name: /^Drafts/ })).toBeVisible();
  await page.getByRole('link', { name: 'New exercise' }).click();
  await expect(page.getByRole('heading', { name: 'New exercise' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(title.toUpperCase());
  await page.getByRole('button', { name: 'Create the draft' }).click();
  await expect(page.getByText('An exercise with this title already exists', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/create-exercise-author$/);

  // Leaving the refused form asks first (what was typed would be lost); the draft is in the drafts
  // tab, and opens from there.
  await page.getByRole('link', { name: 'Back to my exercises' }).click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave' })
    .click();
  await page.getByRole('tab', { name: /^Drafts/ }).click();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('textbox', { name: 'Instruction for the speech therapist' })).toHaveValue(
    'Say each word slowly.',
  );
});

test('a moderator declines with a comment, the author resubmits, the moderator approves', async ({
  page,
  browser,
  request,
}) => {
  const title = 'Clap out the syllables';
  const { school, categoryId, tagIds } = await schoolWithShelf(request);
  await exerciseOnModeration(school, { title, categoryId, tagIds });
  await signIn(page, school.person('moderator'));
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Moderation' })
    .click();
  await expect(page.getByRole('heading', { name: 'Moderation' })).toBeVisible();
  // Drafts are "in progress" to a moderator.
  await expect(page.getByRole('tab', { name: /^In progress/ })).toBeVisible();
  await page.getByRole('tab', { name: /^On moderation/ }).click();
  await expect.poll(() => counter(page, 'On moderation')).toBe(1);
  await expect(page.getByRole('row').nth(1)).toContainText('Moderation');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/moderate-exercise\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Why?' });
  await expect(dialog.getByRole('button', { name: 'Decline' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Comment for the author' }).fill('The pictures are too small.');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText(`“${title}” was declined.`)).toBeVisible();
  await expect(page.getByText('The pictures are too small.').first()).toBeVisible();
  await expectAccessible(page);

  const author = await browser.newPage({ locale: 'en-GB' });
  await signIn(author, school.person('author'));
  await author.getByRole('tab', { name: /^Declined/ }).click();
  await author.getByRole('link', { name: title }).click();
  await expect(author.getByText('Declined: the moderator’s comment')).toBeVisible();
  await expect(author.getByText('The pictures are too small.').first()).toBeVisible();
  await author.getByRole('button', { name: 'Submit for moderation' }).click();
  await expect(author.getByText(`“${title}” was sent for moderation.`)).toBeVisible();
  await author.close();

  await page.reload();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`“${title}” was approved.`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to moderation' }).click();
  await page.getByRole('tab', { name: /^Approved/ }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

test('the whole way of a request: taken, a deck uploaded, declined with slides seen, revised, approved', async ({
  page,
  browser,
  request,
}) => {
  const title = 'Rocket words with [R]';
  const nextWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const { school } = await schoolWithShelf(request, 'Sonorant sounds', '[R]');

  // The moderator files the request, once the form has checked it.
  await signIn(page, school.person('moderator'), '/moderator-list');
  await page.getByRole('link', { name: 'New request' }).click();
  await expect(page).toHaveURL(/\/create-exercise-moderator$/);
  await page.getByRole('button', { name: 'File the request' }).click();
  // Interests and ages: one each at least (the contract's messages, as the server says them).
  await expect(page.getByText('Choose at least 1 option.')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'What is needed' }).fill('Three slides of space words with [R].');
  await page.getByRole('combobox', { name: 'Interests' }).fill('Space');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: '7-9 years' }).check();
  await pickDate(page, page.getByRole('button', { name: 'Deadline' }), nextWeek);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'File the request' }).click();
  await expect(page.getByText(`The request “${title}” was filed.`)).toBeVisible();
  await expect(page).toHaveURL(/\/moderator-list$/);

  // The author finds it among the requests, takes it, files it under a category and a tag, and
  // uploads the deck.
  const author = await browser.newPage({ locale: 'en-GB' });
  await signIn(author, school.person('author'));
  await author.getByRole('tab', { name: /^Requests/ }).click();
  const asked = author.getByRole('row').filter({ hasText: title });
  await expect(asked).toContainText('Three slides of space words with [R].');
  await asked.getByRole('button', { name: 'Take it' }).click();
  // Taken, it opens as the author's draft, which says the request's deadline in the interface's
  // format.
  await expect(author).toHaveURL(/\/edit-exercise\/\d+$/);
  const due = author.getByText(/^For: Space; ages 7-9; due /);
  await expect(due).toHaveText(/due \d{2}\/\d{2}\/\d{4}\.$/);
  await expect(due).not.toHaveText(/\d{4}-\d{2}-\d{2}/);
  await author.getByRole('combobox', { name: 'Category' }).fill('Sonorant');
  await author.getByRole('option', { name: /Sonorant sounds \/ \[R\]/ }).click();
  await author.getByRole('combobox', { name: 'Tags' }).fill('articul');
  await author.getByRole('option', { name: 'articulation' }).click();
  await author.keyboard.press('Escape');
  await author.getByRole('button', { name: 'Save' }).click();
  await expect(author.getByText(`“${title}” saved.`)).toBeVisible();
  const chooser = author.waitForEvent('filechooser');
  await author.getByRole('button', { name: 'Upload a .pptx' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'rocket.pptx',
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    buffer: pptxDeck([['Rocket'], ['Crater'], ['Orbit']]),
  });
  await expect(author.getByText('rocket.pptx: 3 slides')).toBeVisible();
  await author.getByRole('button', { name: 'Submit for moderation' }).click();
  await expect(author.getByText(`“${title}” was sent for moderation.`)).toBeVisible();

  // The moderator sees the slides as images and declines with a comment.
  await page.getByRole('tab', { name: /^On moderation/ }).click();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('img', { name: 'Slide 3' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Decline' }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Comment for the author' })
    .fill('Add a picture to slide 2.');
  await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText(`“${title}” was declined.`)).toBeVisible();

  // The author revises and resubmits; the moderator approves.
  await author.reload();
  await expect(author.getByText('Add a picture to slide 2.').first()).toBeVisible();
  await author.getByRole('button', { name: 'Back to draft' }).click();
  await author.getByRole('textbox', { name: 'Description' }).fill('Now with a picture on slide 2.');
  await author.getByRole('button', { name: 'Save' }).click();
  await expect(author.getByText(`“${title}” saved.`)).toBeVisible();
  await author.getByRole('button', { name: 'Submit for moderation' }).click();
  await expect(author.getByText(`“${title}” was sent for moderation.`)).toBeVisible();
  await author.close();

  await page.reload();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`“${title}” was approved.`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to moderation' }).click();
  await page.getByRole('tab', { name: /^Approved/ }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // Approved, it is in the authors' library, with its slides.
  const reader = await browser.newPage({ locale: 'en-GB' });
  await signIn(reader, school.person('author'), '/public-exercises');
  await reader.getByRole('textbox', { name: 'Search by title or slide text' }).fill('Crater');
  await reader.getByRole('link', { name: title }).click();
  await expect(reader.getByRole('img', { name: 'Slide 2' })).toBeVisible();
  await reader.close();
});

test('auto-moderation sends back a deck with an empty slide, with the reason, while it is on', async ({
  page,
  browser,
  request,
}) => {
  const title = 'Words with an empty slide';
  const { school } = await schoolWithShelf(request);

  // The moderator switches auto-moderation on with every rule, passing submissions accepted.
  await signIn(page, school.person('moderator'), '/moderator-list');
  await page.getByRole('link', { name: 'Auto-moderation' }).click();
  await expect(page).toHaveURL(/\/auto-moderation$/);
  await expect(page.getByRole('heading', { name: 'Auto-moderation' })).toBeVisible();
  await page.getByLabel('Auto-moderation is on').check();
  for (const rule of ['Valid presentation', 'Unique title', 'Required fields', 'No empty slides']) {
    await page.getByRole('checkbox', { name: rule }).check();
  }
  await page.getByRole('radio', { name: 'Accept the exercise' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The settings are saved.')).toBeVisible();
  await expect(page.getByText(/Last changed by/)).toBeVisible();
  await expectAccessible(page);

  // An author writes a complete draft whose deck has an empty second slide, and submits it.
  const author = await browser.newPage({ locale: 'en-GB' });
  await signIn(author, school.person('author'));
  await author.getByRole('link', { name: 'New exercise' }).click();
  await expect(author).toHaveURL(/\/create-exercise-author$/);
  await author.getByRole('combobox', { name: 'Category' }).fill('Whistling');
  await author.getByRole('option', { name: /Whistling sounds \/ \[S\]/ }).click();
  await author.getByRole('combobox', { name: 'Tags' }).fill('articul');
  await author.getByRole('option', { name: 'articulation' }).click();
  await author.keyboard.press('Escape');
  // Typed once the form has settled: the first keystrokes of a fresh page can be lost.
  await expect(async () => {
    await author.getByRole('textbox', { name: 'Title' }).fill(title);
    await expect(author.getByRole('textbox', { name: 'Title' })).toHaveValue(title, { timeout: 1000 });
  }).toPass();
  await author.getByRole('button', { name: 'Create the draft' }).click();
  await expect(author).toHaveURL(/\/edit-exercise\/\d+$/);
  const chooser = author.waitForEvent('filechooser');
  await author.getByRole('button', { name: 'Upload a .pptx' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'words.pptx',
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    buffer: pptxDeck([['Words'], []]),
  });
  await expect(author.getByText('words.pptx: 2 slides')).toBeVisible();
  await author.getByRole('button', { name: 'Submit for moderation' }).click();

  // It comes back declined at once, the reason in the editor and the history.
  await expect(
    author.getByText(`Auto-moderation sent “${title}” back: see the reasons below.`),
  ).toBeVisible();
  await author.reload();
  await expect(author.getByText('empty slides: 2').first()).toBeVisible();
  await expect(author.getByText('Auto-moderation sent it back:').first()).toBeVisible();
  await author.close();

  // The moderator switches it off again, and it stays off.
  await page.reload();
  await page.getByLabel('Auto-moderation is on').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The settings are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Auto-moderation is on')).not.toBeChecked();
});
