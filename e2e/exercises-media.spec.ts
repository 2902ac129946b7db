import { expect, test, type Locator, type Page } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';
import { newSchool, unique, type School } from './support/school.ts';
import {
  acceptedExercise,
  categoryFolder,
  deckMedia,
  interest,
  libraryPicture,
  markMedia,
  tagOf,
  themeOf,
} from './support/content.ts';

test.use({ locale: 'en-GB' });

/**
 * An accepted exercise of the school's author, its background and character marked and ready for
 * generation, with no themed version yet.
 */
const EXERCISE = 'Hiss like a snake [S]';
/** An accepted exercise of the school's author whose deck also plays a sound. */
const WITH_SOUND = 'Rocket countdown [R]';
/** A theme of the school's with a background and a character. */
const THEME = 'Space';
const REPLACE_WITH = 'In themed versions, replace with';

/**
 * The school's accepted exercise `title`, three slides with a background and a character (and a
 * sound with `sound`), each marked for themed versions, and the exercise marked ready for them.
 */
async function markedExercise(school: School, title: string, sound = false) {
  const { ids } = await categoryFolder(school, unique('Sounds'), ['[S]']);
  const tag = await tagOf(school, unique('articulation'));
  const exercise = await acceptedExercise(school, {
    title,
    categoryId: ids['[S]']!,
    tagIds: [tag.id],
    media: deckMedia(3, sound),
  });
  await markMedia(school, exercise.id, {
    'image1.png': 'background',
    'image2.png': 'character',
    ...(sound ? { 'media1.wav': 'sound' as const } : {}),
  });
  return exercise;
}

/** Opens an accepted exercise from the moderator's list. */
async function openAsModerator(page: Page, title: string) {
  await page.goto('/moderator-list');
  await page.getByRole('tab', { name: /^Approved/ }).click();
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/moderate-exercise\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

/** The first picture of the deck that is marked, and its mark. */
async function markedPicture(panel: Locator): Promise<{ picture: Locator; mark: string }> {
  const pictures = panel.getByRole('group');
  await expect(pictures.first()).toBeVisible();
  for (const picture of await pictures.all()) {
    const mark = await picture.getByRole('combobox', { name: REPLACE_WITH }).inputValue();
    if (mark !== 'Keep as it is' && (await picture.getByRole('img').count()) > 0) return { picture, mark };
  }
  throw new Error('The deck has no marked picture');
}

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a moderator marks the pictures, checks a theme, generates a themed version and manages it', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator', 'author']);
  await markedExercise(school, EXERCISE);
  // The library belongs to no project: the theme's pictures are the spec's own.
  const assets = [
    await libraryPicture(request, 'background', 20),
    await libraryPicture(request, 'character', 200),
  ];
  await themeOf(
    school,
    interest(THEME, [5, 12]),
    assets.map((asset) => asset.id),
  );
  const problems = watchConsole(page);
  await signIn(page, school.person('moderator'));
  await openAsModerator(page, EXERCISE);

  // The pictures: each with its slides and its mark, changed and saved at once.
  const media = page.getByRole('region', { name: 'Pictures and sounds' });
  await expect(media.getByRole('heading', { name: /^Pictures \(\d+\)$/ })).toBeVisible();
  const { picture, mark } = await markedPicture(media);
  await expect(picture.getByText(/^On slides: \d/)).toBeVisible();
  const name = (await picture.getAttribute('aria-label')) ?? '';
  const select = picture.getByRole('combobox', { name: REPLACE_WITH });
  await choose(page, select, 'Keep as it is');
  await expect(page.getByText(`“${name}” stays as it is in themed versions.`)).toBeVisible();
  await page.reload();
  await expect(select).toHaveValue('Keep as it is');
  await choose(page, select, mark);
  await expect(page.getByText(new RegExp(`^“${escape(name)}”: themed versions will put`))).toBeVisible();
  await expect(select).toHaveValue(mark);

  // A themed version: check the theme first (the plan), then generate it.
  const versions = page.getByRole('region', { name: 'Themed versions' });
  await expect(versions.getByText('Only accepted exercises get themed versions.')).toHaveCount(0);
  await choose(page, versions.getByRole('combobox', { name: 'Theme' }), THEME);
  await versions.getByRole('button', { name: 'Check' }).click();
  const plan = versions.getByRole('region', { name: `What the version for “${THEME}” replaces` });
  await expect(plan.getByRole('cell', { name })).toBeVisible();
  await expectAccessible(page);
  await plan.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText(`The version for “${THEME}” is ready.`)).toBeVisible();
  await expect(plan).toHaveCount(0);
  const row = versions.getByRole('row').filter({ hasText: THEME });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(/\.pptx$/)).toBeVisible();

  // Read-only, both ways.
  const readOnly = row.getByRole('switch', { name: `Read-only: “${THEME}”` });
  await readOnly.click({ force: true });
  await expect(
    page.getByText(`The version for “${THEME}” is read-only now: it is kept as it is.`),
  ).toBeVisible();
  await expect(readOnly).toBeChecked();

  // Download: the .pptx under its own name.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download the version for “${THEME}”` }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pptx$/);

  // Both panels pass axe; screenshots in English and in Ukrainian to check the layout by eye.
  await expectAccessible(page);
  // A viewport as tall as the page: a full-page shot would repeat the fixed header mid-page.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1280, height: height + 40 });
  await page.screenshot({ path: '/tmp/moderate-exercise-en.png', animations: 'disabled' });
  await page.getByRole('combobox', { name: 'Interface language' }).selectOption('uk');
  await expect(page.getByRole('region', { name: 'Тематичні версії' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Зображення і звуки' })).toBeVisible();
  await page.screenshot({ path: '/tmp/moderate-exercise-uk.png', animations: 'disabled' });
  await page.getByRole('combobox', { name: 'Мова інтерфейсу' }).selectOption('en');
  await expect(versions).toBeVisible();

  await readOnly.click({ force: true });
  await expect(page.getByText(`The version for “${THEME}” can be made again now.`)).toBeVisible();
  await expect(readOnly).not.toBeChecked();

  // Delete, after the confirm dialog.
  await row.getByRole('button', { name: `Delete the version for “${THEME}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the themed version' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The version for “${THEME}” is deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('an author reads the marks of accepted exercises, has no themed versions, and continues later', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator', 'author']);
  await markedExercise(school, EXERCISE);
  await markedExercise(school, WITH_SOUND, true);
  await signIn(page, school.person('author'));
  await page.getByRole('tab', { name: /^Approved/ }).click();
  await page.getByRole('link', { name: EXERCISE }).click();
  await expect(page).toHaveURL(/\/edit-exercise\/\d+$/);

  const media = page.getByRole('region', { name: 'Pictures and sounds' });
  const background = media.getByRole('group', { name: 'image1.png' });
  await expect(background.getByRole('img', { name: 'Picture “image1.png”' })).toBeVisible();
  await expect(background.getByText(`${REPLACE_WITH}: Background`)).toBeVisible();
  await expect(media.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Themed versions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Render slides again' })).toHaveCount(0);

  // A deck with a sound: its player, and the mark the moderator gave it.
  await page.getByRole('link', { name: 'Back to my exercises' }).click();
  await page.getByRole('tab', { name: /^Approved/ }).click();
  await page.getByRole('link', { name: WITH_SOUND }).click();
  await expect(page.getByRole('heading', { name: WITH_SOUND })).toBeVisible();
  const id = /\/edit-exercise\/(\d+)$/.exec(page.url())?.[1];
  await expect(media.getByRole('heading', { name: 'Sounds (1)' })).toBeVisible();
  const chime = media.getByRole('group', { name: 'media1.wav' });
  await expect(chime.locator('audio[aria-label="Play “media1.wav”"]')).toBeVisible();
  await expect(chime.getByText(`${REPLACE_WITH}: Sound`)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/edit-exercise-author-en.png', fullPage: true, animations: 'disabled' });

  // Back on the index, the exercise opened last waits to be continued.
  await page.goto('/exercises');
  const card = page.getByRole('region', { name: 'Continue where you left off' });
  await expect(card.getByText(WITH_SOUND)).toBeVisible();
  await expectAccessible(page);
  await card.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-exercise/${id}$`));
});

/** A text as a literal inside a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
