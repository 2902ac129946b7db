import { API, LOCAL_KEYS } from '@logoschool/contract';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';
import { newSchool } from './support/school.ts';
import {
  acceptedExercise,
  categoryFolder,
  declinedExercise,
  draftExercise,
  openRequest,
  tagOf,
} from './support/content.ts';

test.use({ locale: 'en-GB' });

/** The counter in a status tab. */
async function counter(page: Page, tab: string): Promise<number> {
  const text = await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).innerText();
  return Number(/(\d+)\s*$/.exec(text)?.[1] ?? Number.NaN);
}

/** The likes and dislikes a row or a page shows, and whether each button is pressed. */
async function votesOf(scope: Locator) {
  return {
    likes: Number(await scope.getByTestId(/^likes-/).innerText()),
    dislikes: Number(await scope.getByTestId(/^dislikes-/).innerText()),
    liked: (await scope.getByRole('button', { name: /^Like “/ }).getAttribute('aria-pressed')) === 'true',
    disliked:
      (await scope.getByRole('button', { name: /^Dislike “/ }).getAttribute('aria-pressed')) === 'true',
  };
}

/** A vote call (`POST /api/exercises/:id/like` or `…/dislike`). */
const voteCall = (vote: 'like' | 'dislike') => (url: URL) =>
  new RegExp(`^/api/exercises/\\d+/${vote}$`).test(url.pathname);
const likeCall = voteCall('like');
const dislikeCall = voteCall('dislike');

/** The browser's own complaint about a call the test made fail on purpose. */
const isRefusedCall = (problem: string) => /status of (409|500)/.test(problem);

/** An approved exercise nobody has voted on: in the library. */
const UNVOTED = 'Horse clicks: a tongue warm-up';
const BABIES = 'Baby animals and their mothers';
const ONE_DOG = 'One dog, many dogs';
const BREATHING = 'Breathing: blow the feather';

/**
 * The spec's own project with a moderator and an author (and whoever else is asked for), and what
 * exercises are filed under: a category and a tag.
 */
async function schoolWithShelf(request: APIRequestContext, more: 'teacher'[] = []) {
  const school = await newSchool(request, ['moderator', 'author', ...more]);
  const { ids } = await categoryFolder(school, 'Warm-ups', ['Articulation gymnastics']);
  const tag = await tagOf(school, 'articulation');
  const shelf = { categoryId: ids['Articulation gymnastics']!, tagIds: [tag.id] };
  return { school, shelf };
}

test('a like shows at once in the library and on the shared exercise; a refused one is undone; a teacher opens it from /shared-exercise', async ({
  page,
  request,
}) => {
  const { school, shelf } = await schoolWithShelf(request, ['teacher']);
  await acceptedExercise(school, { title: UNVOTED, ...shelf });
  const problems = watchConsole(page);
  await signIn(page, school.person('author'), '/public-exercises');
  const row = page.getByRole('row').filter({ hasText: UNVOTED });
  await expect(row).toHaveCount(1);
  const start = await votesOf(row);
  expect(start).toEqual({ likes: 0, dislikes: 0, liked: false, disliked: false });

  // The server's answer is held back: the button and the count change before it comes.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(likeCall, async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((response) => likeCall(new URL(response.url())));
  await row.getByRole('button', { name: `Like “${UNVOTED}”`, exact: true }).click();
  await expect(row.getByRole('button', { name: `Like “${UNVOTED}”`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row.getByTestId(/^likes-/)).toHaveText(String(start.likes + 1));
  release();
  expect((await answered).status()).toBe(200);
  await page.unroute(likeCall);
  await expect(row.getByTestId(/^likes-/)).toHaveText(String(start.likes + 1));

  // The exercise's own page shows the like; a dislike there shows at once too.
  await row.getByRole('link', { name: UNVOTED }).click();
  await expect(page).toHaveURL(/\/shared-exercise\/\d+$/);
  await expect(page.getByRole('heading', { name: UNVOTED })).toBeVisible();
  const header = page.getByRole('main');
  expect(await votesOf(header)).toEqual({ ...start, likes: start.likes + 1, liked: true, disliked: false });
  // A click while another vote is under way is let go (votes.tsx): the next one waits for this answer.
  const disliked = page.waitForResponse((response) => dislikeCall(new URL(response.url())));
  await page.getByRole('button', { name: `Dislike “${UNVOTED}”`, exact: true }).click();
  await expect(page.getByTestId(/^dislikes-/)).toHaveText(String(start.dislikes + 1));
  await expect(page.getByTestId(/^likes-/)).toHaveText(String(start.likes));
  await expect(page.getByRole('button', { name: `Dislike “${UNVOTED}”`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect((await disliked).status()).toBe(200);

  // A vote the server refuses goes back as it was, and the user is told.
  await page.route(dislikeCall, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The vote was refused.', code: 'conflict' }),
    }),
  );
  await page.getByRole('button', { name: `Dislike “${UNVOTED}”`, exact: true }).click();
  await expect(page.getByText('Your vote was not saved: The vote was refused.')).toBeVisible();
  await expect(page.getByTestId(/^dislikes-/)).toHaveText(String(start.dislikes + 1));
  await expect(page.getByRole('button', { name: `Dislike “${UNVOTED}”`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.unroute(dislikeCall);

  // Back in the library the row shows the dislike without a reload.
  await page.getByRole('link', { name: 'Back to the library' }).click();
  await expect(page).toHaveURL(/\/public-exercises$/);
  await expect(row.getByTestId(/^dislikes-/)).toHaveText(String(start.dislikes + 1));
  await expect(row.getByRole('button', { name: `Dislike “${UNVOTED}”`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // A second click takes the dislike back.
  await row.getByRole('button', { name: `Dislike “${UNVOTED}”`, exact: true }).click();
  await expect(row.getByTestId(/^dislikes-/)).toHaveText(String(start.dislikes));
  expect(problems.filter((problem) => !isRefusedCall(problem))).toEqual([]);

  // A teacher opens /shared-exercise without an exercise: the library to open one from, and back.
  // (A wrong id there is apps/web/src/app/router.test.tsx's.)
  await signIn(page, school.person('teacher'), '/shared-exercise');
  await expect(page).toHaveURL(/\/shared-exercise$/);
  await expect(page.getByRole('heading', { name: 'Exercise library' })).toBeVisible();
  const first = page.getByRole('row').nth(1).getByRole('link');
  await expect(first).toHaveText(UNVOTED);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
  await first.click();
  await expect(page).toHaveURL(/\/shared-exercise\/\d+$/);
  await expect(page.getByRole('heading', { name: UNVOTED })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the library' }).click();
  await expect(page).toHaveURL(/\/shared-exercise$/);
  await expect(page.getByRole('heading', { name: 'Exercise library' })).toBeVisible();
  expect(problems.filter((problem) => !isRefusedCall(problem))).toEqual([]);
});

test('a moderator narrows the list to one author; the choice is kept with the tab', async ({
  page,
  request,
}) => {
  const { school } = await schoolWithShelf(request);
  const authorName = school.person('author').name;
  const moderatorName = school.person('moderator').name;
  await openRequest(school, 'Where is the mouse?', {
    description: 'A mouse hides in, on, under and behind things: the child says where it is.',
  });
  await draftExercise(school, { title: BREATHING });
  await draftExercise(school, { title: ONE_DOG });
  const problems = watchConsole(page);
  await signIn(page, school.person('moderator'), '/moderator-list');
  await expect.poll(() => counter(page, 'Requests')).toBe(1);
  const requests = await counter(page, 'Requests');
  const inProgress = await counter(page, 'In progress');
  expect(inProgress).toBe(2);
  const author = page.getByRole('combobox', { name: 'Author' });

  // Open requests are by the moderator who filed them (spec §5): none of them is the author's.
  await author.fill(authorName.slice(0, 4));
  await page.getByRole('option', { name: authorName }).click();
  await expect(author).toHaveValue(authorName);
  await expect.poll(() => counter(page, 'Requests')).toBe(0);
  await expect(page.getByText('No open requests.')).toBeVisible();
  expect(await counter(page, 'In progress')).toBe(inProgress);
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.exercisesFilter))
    .toMatch(/"authorId":\d+/);

  // Kept for the next visit.
  await page.getByRole('tab', { name: /^In progress/ }).click();
  await page.reload();
  await expect(author).toHaveValue(authorName);
  await expect(page.getByRole('tab', { name: /^In progress/ })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows).toHaveCount(inProgress);
  // The fifth cell, after the checkbox, title, status and category: who it is by.
  for (const each of await rows.all()) await expect(each.getByRole('cell').nth(4)).toHaveText(authorName);

  // The moderator's own: the open requests, nothing in progress.
  await author.click();
  await page.getByRole('option', { name: moderatorName }).click();
  await expect.poll(() => counter(page, 'In progress')).toBe(0);
  expect(await counter(page, 'Requests')).toBe(requests);
  await expectAccessible(page);

  // Cleared: every author again.
  await page.getByRole('button', { name: 'Show every author' }).click();
  await expect(author).toHaveValue('');
  await expect.poll(() => counter(page, 'In progress')).toBe(inProgress);
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.exercisesFilter))
    .toContain('"authorId":null');
  expect(problems).toEqual([]);
});

test('an author narrows their list to the requests of one moderator', async ({ page, request }) => {
  const { school, shelf } = await schoolWithShelf(request);
  const authorName = school.person('author').name;
  const moderatorName = school.person('moderator').name;
  await openRequest(school, 'Where is the mouse?', {
    description: 'A mouse hides in, on, under and behind things: the child says where it is.',
  });
  await draftExercise(school, { title: ONE_DOG });
  await acceptedExercise(school, { title: UNVOTED, ...shelf });
  await signIn(page, school.person('author'));
  await expect(page).toHaveURL(/\/exercises$/);
  await expect.poll(() => counter(page, 'Requests')).toBe(1);
  const requests = await counter(page, 'Requests');
  const author = page.getByRole('combobox', { name: 'Author' });
  await author.click();
  // By name: “Author …” before “Moderator …”.
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText([authorName, moderatorName]);
  await page.getByRole('option', { name: moderatorName }).click();
  await expect.poll(() => counter(page, 'Drafts')).toBe(0);
  expect(await counter(page, 'Requests')).toBe(requests);
  await author.click();
  await page.getByRole('option', { name: authorName }).click();
  await expect.poll(() => counter(page, 'Requests')).toBe(0);
  expect(await counter(page, 'Drafts')).toBe(1);

  // An author may delete a draft of theirs from its row, not an approved one (the server says so too).
  await page.getByRole('tab', { name: /^Drafts/ }).click();
  await expect(page.getByRole('button', { name: /^Actions for “/ }).first()).toBeVisible();
  await page.getByRole('tab', { name: /^Approved/ }).click();
  await expect(page.getByRole('row').nth(1).getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Actions for “/ })).toHaveCount(0);
});

test('a moderator sets a flag on selected rows, deletes in bulk and one by one, and sees what came of it', async ({
  page,
  request,
}) => {
  const { school, shelf } = await schoolWithShelf(request);
  // Three approved, so that two selected are not all of the page.
  for (const title of [BABIES, UNVOTED, 'Kitten purr [R]'])
    await acceptedExercise(school, { title, ...shelf });
  for (const title of ['Shhh, the kitten sleeps [Sh]', 'Retell the gingerbread man']) {
    await declinedExercise(school, { title, ...shelf }, 'The pictures are too small to see on a phone.');
  }
  await draftExercise(school, { title: ONE_DOG });
  const breathing = await draftExercise(school, { title: BREATHING });
  const problems = watchConsole(page);
  await signIn(page, school.person('moderator'), '/moderator-list');
  const bar = page.getByRole('region', { name: 'Actions on the selected exercises' });

  // Two approved ones made read-only.
  await page.getByRole('tab', { name: /^Approved/ }).click();
  await expect(page.getByRole('row').nth(1).getByText('Approved', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select “${BABIES}”` }).check();
  await page.getByRole('checkbox', { name: `Select “${UNVOTED}”` }).check();
  await expect(bar).toContainText('Selected: 2');
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
  await bar.getByRole('button', { name: 'Set a flag' }).click();
  await page.getByRole('menuitem', { name: 'Make read-only' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('“Make read-only” for the selected exercises? Selected: 2.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Apply (2)' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Make read-only' })).toContainText('Done: 2 of 2.');
  await expect(bar).toBeHidden();
  for (const title of [BABIES, UNVOTED]) {
    await expect(page.getByRole('row').filter({ hasText: title }).getByText('Read-only')).toBeVisible();
  }
  await expectAccessible(page);

  // Every declined one, selected at once, deleted.
  await page.getByRole('tab', { name: /^Declined/ }).click();
  await expect(page.getByRole('row').nth(1).getByText('Declined', { exact: true })).toBeVisible();
  const declined = await counter(page, 'Declined');
  expect(declined).toBe(2);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(bar).toContainText(`Selected: ${declined}`);
  await bar.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('heading', { name: 'Delete the selected exercises' })).toBeVisible();
  await expect(dialog).toContainText(`Selected: ${declined}. This cannot be undone.`);
  await dialog.getByRole('button', { name: `Delete (${declined})` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Delete' })).toContainText(
    `Done: ${declined} of ${declined}.`,
  );
  await expect.poll(() => counter(page, 'Declined')).toBe(0);
  await expect(page.getByText('No declined exercises.')).toBeVisible();

  // Two drafts selected, one of them deleted meanwhile elsewhere: the server refuses the whole lot.
  await page.getByRole('tab', { name: /^In progress/ }).click();
  const row = (title: string) => page.getByRole('row').filter({ hasText: title });
  await expect(row(ONE_DOG)).toBeVisible();
  const inProgress = await counter(page, 'In progress');
  expect(inProgress).toBe(2);
  await page.getByRole('checkbox', { name: `Select “${ONE_DOG}”` }).check();
  await page.getByRole('checkbox', { name: `Select “${BREATHING}”` }).check();
  const moderator = await school.as('moderator');
  await moderator.call('delete', `${API.exercises}/${breathing.id}`);
  await bar.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete (2)' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Delete' });
  await expect(refusal).toContainText('Done: 0 of 2.');
  await expect(refusal).toContainText('Refused: 2 of 2. Why: At least one of them no longer exists');
  await expect(refusal).toContainText('nothing was changed');
  // The list is read again: the one gone is gone, the other still there and still selected.
  await expect.poll(() => counter(page, 'In progress')).toBe(inProgress - 1);
  await expect(row(BREATHING)).toHaveCount(0);
  await expect(bar).toContainText('Selected: 1');
  await expectAccessible(page);
  await refusal.getByRole('button', { name: 'Close the result' }).click();
  await expect(refusal).toBeHidden();

  // One deleted from its row's menu.
  await row(ONE_DOG)
    .getByRole('button', { name: `Actions for “${ONE_DOG}”` })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(dialog.getByRole('heading', { name: 'Delete the exercise' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`“${ONE_DOG}” is deleted.`)).toBeVisible();
  await expect(row(ONE_DOG)).toHaveCount(0);
  await expect.poll(() => counter(page, 'In progress')).toBe(inProgress - 2);
  await expect(bar).toBeHidden();
  expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
});
