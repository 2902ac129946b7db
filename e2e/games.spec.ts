import { expect, test, type Locator, type Page } from './support/test.ts';
import { categoryFolder, libraryPicture, solidPng } from './support/content.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { newSchool } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const region = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });

/** Fills an item: its word, how it is played, and a picture uploaded as a person picks a file. */
async function fillItem(page: Page, item: Locator, word: string, mode: 'Say it' | 'Find it', red: number) {
  await item.getByRole('textbox', { name: 'Word or phrase' }).fill(word);
  await item.getByText(mode, { exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await item.getByRole('button', { name: 'Upload a picture' }).click();
  await (
    await chooser
  ).setFiles({ name: `${word}.png`, mimeType: 'image/png', buffer: solidPng(red, 120, 60) });
  await expect(item.getByRole('img', { name: word })).toBeVisible();
}

test('a moderator makes a game theme, builds a game of two levels and publishes it', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['moderator']);
  await categoryFolder(school, 'Sounds', ['[R]']);
  const [background, prop, character] = await Promise.all([
    libraryPicture(request, 'game_background', 30),
    libraryPicture(request, 'game_prop', 90),
    libraryPicture(request, 'character', 200),
  ]);
  const errors = watchConsole(page);

  // The games list, empty, leads to the game themes.
  await signIn(page, school.person('moderator'), '/games');
  await expect(page.getByRole('heading', { name: 'Games', level: 1 })).toBeVisible();
  await expect(page.getByText('No games yet. Build the first one.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Game themes' }).click();
  await expect(page).toHaveURL(/\/game-themes$/);
  await expect(page.getByRole('heading', { name: 'Game themes', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // A theme: its title, a background, a prop and a character from the library.
  await page.getByRole('button', { name: 'New game theme' }).click();
  const dialog = page.getByRole('dialog', { name: 'New game theme' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Space');
  await region(dialog, 'Background').getByRole('button', { name: background.name }).click();
  await region(dialog, 'Props').getByRole('button', { name: prop.name }).click();
  await region(dialog, 'Characters').getByRole('button', { name: character.name }).click();
  await expect(region(dialog, 'Characters').getByRole('button', { name: character.name })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // Its notice sits over the header's buttons: closed, as a person would.
  await page.getByRole('button', { name: 'Close the message' }).click();
  const themeRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Space' }) });
  await expect(themeRow.getByText(character.name)).toBeVisible();

  // A new game: about, then two levels (one say item; two find items).
  await page.getByRole('main').getByRole('link', { name: 'Games', exact: true }).click();
  await page.getByRole('link', { name: 'New game' }).click();
  await expect(page).toHaveURL(/\/create-game$/);
  const about = region(page, 'About the game');
  await about.getByRole('textbox', { name: 'Title' }).fill('Rocket trip');
  await about.getByRole('combobox', { name: 'Category it trains' }).click();
  await page.getByRole('option', { name: 'Sounds / [R]' }).click();
  await about.getByRole('combobox', { name: 'Game theme' }).click();
  await page.getByRole('option', { name: 'Space' }).click();

  const first = region(page, 'Level 1');
  await first.getByRole('textbox', { name: 'Level title' }).fill('The sound R');
  await fillItem(page, region(first, 'Level 1, item 1'), 'Rrr', 'Say it', 200);

  await page.getByRole('button', { name: 'Add a level' }).click();
  const second = region(page, 'Level 2');
  await second.getByRole('textbox', { name: 'Level title' }).fill('First words');
  await second.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Words' }).click();
  await fillItem(page, region(second, 'Level 2, item 1'), 'Rocket', 'Find it', 60);
  await second.getByRole('button', { name: 'Add an item' }).click();
  await fillItem(page, region(second, 'Level 2, item 2'), 'Rabbit', 'Find it', 140);
  await expect(
    region(second, 'Level 2, item 2').getByText('The child finds its picture among 2–4.'),
  ).toBeVisible();
  await expectAccessible(page);

  // Publishing saves it first, then makes version 1.
  const status = region(page, 'Status');
  await status.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/edit-game\/\d+$/);
  await expect(status.getByText('Published', { exact: true })).toBeVisible();
  await expect(status.getByText('Version 1 is what children play.', { exact: false })).toBeVisible();
  await expectAccessible(page);

  // The list shows it published, with its levels, items and ways to play.
  await page.getByRole('link', { name: 'Back to games' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Rocket trip' }) });
  await expect(row.getByText('Published')).toBeVisible();
  await expect(row.getByText('2 levels, 3 items')).toBeVisible();
  await expect(row.getByText('[R]', { exact: true })).toBeVisible();
  await expect(row.getByText('Space', { exact: true })).toBeVisible();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});
