import { expect, test, type Page } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';
import { ROOT, newSchool, unique, type School } from './support/school.ts';
import { libraryAsset, solidPng } from './support/content.ts';

test.use({ locale: 'en-GB' });
// Root's asset goes into the moderator's theme, which the teacher then reads. Root's refused
// delete of an asset a theme has: apps/web/src/features/assets/manage-assets-page.test.tsx and the
// API's assets.test.ts; a refused "ready": features/themes/components/themes-panel.test.tsx.
test.describe.configure({ mode: 'serial' });

/** The asset library belongs to no project: the spec's own assets have names no other spec uses. */
const STAR = unique('Star');
const SKY = unique('Blue sky');
const THEME = 'Rockets';
const TAG = 'rhymes';
const TAG_RENAMED = 'rhyming';
const TAG_DUPLICATE = 'poems';

/** The spec's own project, its moderator and teacher, and a background of the library to attach. */
let school: School;
test.beforeAll(async ({ request }) => {
  school = await newSchool(request, ['moderator', 'teacher']);
  await libraryAsset(request, {
    name: SKY,
    type: 'background',
    file: { name: 'sky.png', mimeType: 'image/png', buffer: solidPng(135, 206, 235) },
  });
});

/** A 1×1 PNG: real image bytes, which the server recognises. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Any theme call of the API (the project is in the query). */
const isThemes = (url: URL) => url.pathname === '/api/themes';

/** Only the failed responses the tests provoke on purpose; the browser logs each as a resource error. */
const unexpected = (problems: string[]) =>
  problems.filter((problem) => !problem.includes('Failed to load resource'));

async function tagAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for tag ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

const tagRows = (page: Page) => page.locator('[data-tag-row]');

test('root adds an asset to the library, and a file that is not an image is refused', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, ROOT);
  await page.getByRole('navigation').getByRole('link', { name: 'Assets' }).click();
  await expect(page).toHaveURL(/\/manage-assets$/);
  await expect(page.getByRole('heading', { name: 'Asset library' })).toBeVisible();
  // The library's pictures are fetched with the token and shown.
  await expect(page.getByRole('img', { name: SKY, exact: true })).toBeVisible();

  // Text named .png: the browser calls it an image, the server reads its bytes and refuses it.
  await page.getByRole('button', { name: 'Add asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'New asset' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(STAR);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Prop', exact: true }).click();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'star.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Unsupported content type: star.png.', { exact: false })).toBeVisible();
  await expect(dialog.getByText('Only PNG, JPEG, WebP or GIF images', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(STAR);

  // A sound file for an image asset is stopped before it is sent.
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bell.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3') });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('“bell.mp3” is not an image (PNG, JPEG, WebP or GIF).')).toBeVisible();

  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'star.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Asset “${STAR}” added.`)).toBeVisible();

  await page.getByRole('textbox', { name: 'Search assets' }).fill(STAR);
  await expect(page.getByRole('img', { name: STAR, exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: SKY, exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // A second file comes and goes; the last one stays, as the server says.
  await page.getByRole('button', { name: `Actions for asset ${STAR}` }).click();
  await page.getByRole('menuitem', { name: 'Files…' }).click();
  const files = page.getByRole('dialog', { name: `Files of “${STAR}”` });
  await files
    .locator('input[type="file"]')
    .setInputFiles({ name: 'star-2.png', mimeType: 'image/png', buffer: PNG });
  await files.getByRole('button', { name: 'Upload' }).click();
  await expect(files.getByRole('button', { name: /^Remove file / })).toHaveCount(2);
  await files.getByRole('button', { name: 'Remove file star.png' }).click();
  await expect(files.getByRole('button', { name: /^Remove file / })).toHaveCount(1);
  await files.getByRole('button', { name: 'Remove file star-2.png' }).click();
  await expect(files.getByRole('alert')).toContainText('An asset keeps at least one file');
  await expectAccessible(page);
  await files.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(files).toBeHidden();
  expect(unexpected(problems)).toEqual([]);
});

test('a moderator keeps the tags: add, refuse a duplicate, rename, merge, delete', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, school.person('moderator'));
  await page.getByRole('navigation').getByRole('link', { name: 'Themes and tags' }).click();
  await page.getByRole('tab', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/themes\?tab=tags$/);
  await expect(page.getByText('The project has no tags yet. Add the first one above.')).toBeVisible();

  const newName = page.getByRole('textbox', { name: 'New tag name' });
  for (const name of [TAG, TAG_DUPLICATE]) {
    await newName.fill(name);
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText(`Tag “${name}” added.`)).toBeVisible();
    await expect(newName).toHaveValue('');
  }
  await expect(tagRows(page)).toHaveText([TAG_DUPLICATE, TAG]);

  // The search narrows the list, and says when nothing matches.
  const search = page.getByRole('textbox', { name: 'Search tags' });
  await search.fill(TAG_DUPLICATE);
  await expect(tagRows(page)).toHaveText([TAG_DUPLICATE]);
  await search.fill('nothing-like-it');
  await expect(page.getByText('No tag matches.')).toBeVisible();
  await search.fill('');
  await expect(tagRows(page)).toHaveText([TAG_DUPLICATE, TAG]);

  // The same name in other letters is refused by the server, naming the tag; the text stays.
  await newName.fill(TAG.toUpperCase());
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText(`The tag “${TAG}” already exists.`)).toBeVisible();
  await expect(newName).toHaveValue(TAG.toUpperCase());
  await expect(newName).toHaveAttribute('aria-invalid', 'true');

  await tagAction(page, TAG, 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename tag' });
  await rename.getByRole('textbox', { name: 'Tag' }).fill(TAG_DUPLICATE);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.getByText(`The tag “${TAG_DUPLICATE}” already exists.`)).toBeVisible();
  await rename.getByRole('textbox', { name: 'Tag' }).fill(TAG_RENAMED);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByText(`Tag “${TAG}” renamed to “${TAG_RENAMED}”.`)).toBeVisible();
  await expect(tagRows(page)).toHaveText([TAG_DUPLICATE, TAG_RENAMED]);

  await tagAction(page, TAG_DUPLICATE, 'Merge into another tag…');
  const merge = page.getByRole('dialog', { name: 'Merge tag' });
  await expect(merge).toContainText(`Merging removes the tag “${TAG_DUPLICATE}”.`);
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(merge.getByText('Required.')).toBeVisible();
  await merge.getByRole('combobox', { name: 'Merge into' }).fill(TAG_RENAMED);
  await page.getByRole('option', { name: TAG_RENAMED }).click();
  await expect(merge.getByRole('status')).toHaveText(
    `“${TAG_DUPLICATE}” will disappear; its uses move to “${TAG_RENAMED}”.`,
  );
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(merge).toBeHidden();
  await expect(page.getByText(`Tag “${TAG_DUPLICATE}” merged into “${TAG_RENAMED}”.`)).toBeVisible();
  await expect(tagRows(page)).toHaveText([TAG_RENAMED]);

  await expectAccessible(page);

  await tagAction(page, TAG_RENAMED, 'Delete');
  const remove = page.getByRole('dialog', { name: 'Delete tag' });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText(`Tag “${TAG_RENAMED}” deleted.`)).toBeVisible();
  await expect(page.getByText('The project has no tags yet. Add the first one above.')).toBeVisible();
  // The refused names are answered 409, which the browser logs; nothing else.
  expect(unexpected(problems)).toEqual([]);
});

test('a moderator creates a theme, within the rules, and attaches library assets; the teacher reads it', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signIn(page, school.person('moderator'), '/themes');
  await expect(page.getByRole('heading', { name: 'Themes and tags' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Theme figures' })).toContainText('Themes');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add theme' }).click();
  const dialog = page.getByRole('dialog', { name: 'New theme' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(THEME);
  const boys = dialog.getByRole('checkbox', { name: 'Boys' });
  const girls = dialog.getByRole('checkbox', { name: 'Girls' });
  const from = dialog.getByRole('textbox', { name: 'Age from' });
  const to = dialog.getByRole('textbox', { name: 'Age to' });

  // Checked in the form first: no gender, and 'from' above 'to'.
  await boys.uncheck();
  await girls.uncheck();
  await from.fill('9');
  await to.fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Choose at least 1 option.')).toBeVisible();
  await expect(dialog.getByText('The age “from” cannot be greater than the age “to”.')).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');

  // And by the server: the form's check is passed, the request is changed on its way.
  await boys.check();
  await from.fill('4');
  await to.fill('9');
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await page.route(isThemes, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, genders: [], age_from: 12 }) });
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The age “from” cannot be greater than the age “to”.')).toBeVisible();
  await expect(dialog.getByText('Choose at least 1 option.')).toBeVisible();
  // Nothing typed is lost.
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(THEME);
  await expect(from).toHaveValue('4');
  await expect(boys).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await page.unrouteAll();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Theme “${THEME}” added.`)).toBeVisible();

  const row = page.locator(`[data-theme-row="${THEME}"]`);
  await expect(page.locator('[data-theme-row]')).toHaveCount(1);
  await expect(row).toContainText('4–9 years');
  await expect(row).toContainText('Custom');

  // Ready switches at once, and stays so after a reload.
  const ready = row.getByRole('switch', { name: `Ready: ${THEME}` });
  await expect(ready).not.toBeChecked();
  // The switch's input sits under its track, as Mantine draws it: flipped from the keyboard.
  await ready.focus();
  await page.keyboard.press('Space');
  await expect(ready).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: `Theme “${THEME}” is ready.` })).toBeAttached();

  await row.getByRole('link', { name: `Assets (0): ${THEME}` }).click();
  await expect(page).toHaveURL(/\/theme-assets\/\d+$/);
  await expect(page.getByRole('heading', { name: `Assets of “${THEME}”` })).toBeVisible();
  await expect(page.getByText('No assets attached yet.', { exact: false })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  await page.getByRole('checkbox', { name: `Attach ${SKY}` }).check();
  await page.getByRole('textbox', { name: 'Search assets' }).fill(STAR);
  await page.getByRole('checkbox', { name: `Attach ${STAR}` }).check();
  await page.getByRole('checkbox', { name: `Attach ${STAR}` }).uncheck();
  await page.getByRole('checkbox', { name: `Attach ${STAR}` }).check();
  const attached = page.getByRole('region', { name: /^Attached to the theme/ });
  await expect(attached).toHaveAccessibleName('Attached to the theme (2)');
  await expect(attached.getByRole('button', { name: `Detach ${SKY}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await expectAccessible(page);

  const sent = page.waitForRequest(
    (request) =>
      request.method() === 'PUT' && /^\/api\/themes\/\d+\/assets$/.test(new URL(request.url()).pathname),
  );
  await save.click();
  const body = (await sent).postDataJSON() as { asset_ids: number[] };
  expect(body.asset_ids).toHaveLength(2);
  await expect(page.getByText(`Assets of “${THEME}” saved.`)).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(attached.getByText(SKY)).toBeVisible();
  await expect(attached.getByText(STAR)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Attach ${STAR}` })).toBeChecked();

  await page.getByRole('link', { name: 'Back to themes' }).click();
  await expect(row.getByRole('switch', { name: `Ready: ${THEME}` })).toBeChecked();
  await expect(row.getByRole('link', { name: `Assets (2): ${THEME}` })).toBeVisible();

  // The search keeps the theme by part of its name and hides it for another.
  const search = page.getByRole('textbox', { name: 'Search themes' });
  await search.fill(THEME.slice(0, 4).toLowerCase());
  await expect(row).toBeVisible();
  await search.fill('nothing-like-it');
  await expect(row).toBeHidden();
  await search.fill('');
  await expect(row).toBeVisible();
  expect(unexpected(problems)).toEqual([]);

  // The teacher reads the theme and its assets (the read-only screens' details:
  // apps/web/src/features/themes/preview-themes-page.test.tsx).
  await signIn(page, school.person('teacher'));
  await page.getByRole('navigation').getByRole('link', { name: 'Interests' }).click();
  await expect(page).toHaveURL(/\/preview-themes$/);
  await expect(page.getByRole('heading', { name: 'Interests', exact: true })).toBeVisible();
  await expect(row).toContainText('Ready');
  await expect(row.getByRole('switch')).toHaveCount(0);
  await expectAccessible(page);
  await row.getByRole('link', { name: `Assets (2): ${THEME}` }).click();
  await expect(page).toHaveURL(/\/theme-assets-preview\/\d+$/);
  await expect(
    page.getByRole('region', { name: 'Backgrounds' }).getByRole('img', { name: SKY }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Props' }).getByRole('img', { name: STAR })).toBeVisible();
  await expectAccessible(page);
  expect(unexpected(problems)).toEqual([]);
});
