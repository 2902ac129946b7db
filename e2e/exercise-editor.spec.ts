import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test.ts';
import { pptxDeck } from '../apps/server/src/test/pptx.ts';
import { expectAccessible } from './support/page-checks.ts';
import { signIn, type Someone } from './support/sign-in.ts';
import { newSchool } from './support/school.ts';
import { categoryFolder, exerciseOnModeration, interest, tagOf, themeOf } from './support/content.ts';

/**
 * The exercise editor (issue 12): what follows a verdict and taking one back, the moderator's flags,
 * and a refusal that goes once its cause is fixed. Addresses with an id that is none:
 * apps/web/src/app/router.test.tsx.
 */
test.use({ locale: 'en-GB' });

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/**
 * The spec's own project with a moderator and an author, and what the author files a draft under:
 * the category “Whistling sounds / [S]” and the tag “articulation”.
 */
async function schoolWithShelf(request: APIRequestContext) {
  const school = await newSchool(request, ['moderator', 'author']);
  const { ids } = await categoryFolder(school, 'Whistling sounds', ['[S]']);
  const tag = await tagOf(school, 'articulation');
  return { school, categoryId: ids['[S]']!, tagId: tag.id };
}

/** A new page signed in, in English. */
async function pageOf(browser: Browser, someone: Someone): Promise<Page> {
  const page = await browser.newPage({ locale: 'en-GB' });
  await signIn(page, someone);
  return page;
}

/** The author writes a complete draft but for its deck, filed under a category and a tag; its id. */
async function writeDraft(author: Page, title: string): Promise<number> {
  await author.goto('/create-exercise-author');
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
  return Number(/(\d+)$/.exec(author.url())?.[1]);
}

/** The author uploads a deck of two slides and waits until the page shows it. */
async function uploadDeck(author: Page) {
  const chooser = author.waitForEvent('filechooser');
  await author.getByRole('button', { name: /^(Upload a|Replace the) \.pptx$/ }).click();
  await (
    await chooser
  ).setFiles({ name: 'words.pptx', mimeType: PPTX, buffer: pptxDeck([['Sun'], ['Sand']]) });
  await expect(author.getByText('words.pptx: 2 slides')).toBeVisible();
}

/**
 * An exercise of the school's author, written, given a deck of two slides and sent to moderation
 * through the API (the screens of those steps are the first test's); its id.
 */
async function submitted(shelf: Awaited<ReturnType<typeof schoolWithShelf>>, title: string): Promise<number> {
  const exercise = await exerciseOnModeration(shelf.school, {
    title,
    categoryId: shelf.categoryId,
    tagIds: [shelf.tagId],
    slides: [['Sun'], ['Sand']],
  });
  return exercise.id;
}

test('the refusal to submit without a deck goes as soon as the deck is uploaded', async ({
  page,
  request,
}) => {
  const title = 'Sun and sand [S]';
  const { school } = await schoolWithShelf(request);
  await signIn(page, school.person('author'));
  await writeDraft(page, title);
  const card = page.getByRole('region', { name: 'Next step' });
  await card.getByRole('button', { name: 'Submit for moderation' }).click();
  const refusal = card.getByRole('alert');
  await expect(refusal).toHaveText('Upload the presentation before sending the exercise to moderation.');

  await uploadDeck(page);
  await expect(refusal).toHaveCount(0);
  await card.getByRole('button', { name: 'Submit for moderation' }).click();
  await expect(page.getByText(`“${title}” was sent for moderation.`)).toBeVisible();
});

test('after a decline both sides are told what follows, and a moderator takes verdicts back with a confirmation', async ({
  page,
  browser,
  request,
}) => {
  const title = 'Seven snails [S]';
  const shelf = await schoolWithShelf(request);
  const { school } = shelf;
  const id = await submitted(shelf, title);

  // The moderator declines: the dialog says what follows, and the card stays with the next steps.
  await signIn(page, school.person('moderator'), `/moderate-exercise/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const card = page.getByRole('region', { name: 'Next step' });
  await card.getByRole('button', { name: 'Decline' }).click();
  const why = page.getByRole('dialog', { name: 'Why?' });
  await expect(
    why.getByText(/^The author sees your comment, changes the exercise and sends it again/),
  ).toBeVisible();
  await why.getByRole('textbox', { name: 'Comment for the author' }).fill('Slide 2 needs a snail.');
  await why.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText(`“${title}” was declined.`)).toBeVisible();
  await expect(card.getByText(/comes back to “On moderation”\. Declined by mistake\?/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send back to moderation' })).toBeVisible();
  await expectAccessible(page);

  // The author sees the comment, what to do, and how to send it again.
  const author = await pageOf(browser, school.person('author'));
  await author.goto(`/edit-exercise/${id}`);
  await expect(author.getByText('Declined: the moderator’s comment')).toBeVisible();
  await expect(author.getByText('Slide 2 needs a snail.').first()).toBeVisible();
  await expect(
    author.getByText(/^Change what the comment asks for and save, then send it again/),
  ).toBeVisible();
  await expect(
    author.getByRole('region', { name: 'Next step' }).getByRole('button', { name: 'Submit for moderation' }),
  ).toBeVisible();
  await author.close();

  // Declined by mistake: back to moderation, confirmed first (a cancel changes nothing).
  await card.getByRole('button', { name: 'Send back to moderation' }).click();
  const reopen = page.getByRole('dialog', { name: `Send “${title}” back to moderation?` });
  await expect(reopen.getByText('The change is kept in the exercise’s history.')).toBeVisible();
  await reopen.getByRole('button', { name: 'Cancel' }).click();
  await expect(reopen).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
  await card.getByRole('button', { name: 'Send back to moderation' }).click();
  await reopen
    .getByRole('textbox', { name: 'Comment (optional, kept in the history)' })
    .fill('Declined by mistake.');
  await reopen.getByRole('button', { name: 'Send back to moderation' }).click();
  await expect(page.getByText(`“${title}” is on moderation again.`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Decline' })).toBeVisible();

  // Approved, then taken back too: it leaves the library until it is approved again.
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`“${title}” was approved.`)).toBeVisible();
  await expect(card.getByText(/^It is in the exercise library\. Approved by mistake\?/)).toBeVisible();
  await card.getByRole('button', { name: 'Send back to moderation' }).click();
  const unapprove = page.getByRole('dialog', { name: `Send “${title}” back to moderation?` });
  await expect(
    unapprove.getByText('It leaves the exercise library until it is approved again.'),
  ).toBeVisible();
  await unapprove.getByRole('button', { name: 'Send back to moderation' }).click();
  await expect(page.getByText(`“${title}” is on moderation again.`)).toBeVisible();

  // Every step is in the history, the reason with it.
  const history = page.getByRole('heading', { name: 'History' }).locator('..');
  await expect(history.getByText('Declined by mistake.')).toBeVisible();
  await expect(history.getByText('Slide 2 needs a snail.')).toBeVisible();
});

test('a moderator sets the flags with switches; an author neither sees them nor sends them', async ({
  page,
  browser,
  request,
}) => {
  const title = 'Sleepy seal [S]';
  const shelf = await schoolWithShelf(request);
  const { school } = shelf;
  const id = await submitted(shelf, title);
  await themeOf(school, interest('Space', [5, 12]));
  const author = await pageOf(browser, school.person('author'));
  await author.goto(`/edit-exercise/${id}`);
  await expect(author.getByRole('heading', { name: title })).toBeVisible();
  await expect(author.getByRole('switch')).toHaveCount(0);

  await signIn(page, school.person('moderator'), `/moderate-exercise/${id}`);
  await page.getByRole('region', { name: 'Next step' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`“${title}” was approved.`)).toBeVisible();

  // Themed versions say what stands in the way: it is not marked ready.
  const versions = page.getByRole('region', { name: 'Themed versions' });
  await versions.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: 'Space', exact: true }).click();
  await versions.getByRole('button', { name: 'Check' }).click();
  const notReady = versions.getByText('The exercise is not marked ready for generation.');
  await expect(notReady).toBeVisible();

  const ready = page.getByRole('switch', { name: 'Ready for themed versions' });
  const excluded = page.getByRole('switch', { name: 'Excluded from themed versions' });
  const readOnly = page.getByRole('switch', { name: 'Read-only' });
  await expect(
    page.getByText(/^Its pictures and sounds are marked: themed versions can be made/),
  ).toBeVisible();
  await expect(
    page.getByText('The author can no longer change or delete it; moderators still can.'),
  ).toBeVisible();
  await expect(ready).not.toBeChecked();
  await expect(excluded).not.toBeChecked();
  await expect(readOnly).not.toBeChecked();
  await expectAccessible(page);
  await ready.check();
  await readOnly.check();
  await expect(ready).toBeChecked();
  await expect(readOnly).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`“${title}” saved.`)).toBeVisible();
  // The check's answer was about the exercise before the change: it goes, and a new check agrees.
  await expect(notReady).toHaveCount(0);
  await versions.getByRole('button', { name: 'Check' }).click();
  await expect(versions.getByText(/^No picture or sound of the presentation is marked/)).toBeVisible();
  await expect(notReady).toHaveCount(0);

  await page.reload();
  await expect(ready).toBeChecked();
  await expect(readOnly).toBeChecked();
  await expect(excluded).not.toBeChecked();

  // The author is told why the exercise cannot be changed, and still sees no switch.
  await author.reload();
  await expect(
    author.getByText('A moderator has made this exercise read-only: it cannot be changed.'),
  ).toBeVisible();
  await expect(author.getByRole('switch')).toHaveCount(0);
  await author.close();
});
