import { expect, test, type Locator, type Page } from './support/test.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { signIn } from './support/sign-in.ts';
import { newSchool, type School } from './support/school.ts';

test.use({ locale: 'en-GB' });
// A move the server refuses, and the teacher's tree in detail, are component tests:
// apps/web/src/features/categories/categories-page.test.tsx.

const SOUNDS = 'Sounds';
const WHISTLING = 'Whistling';
const HISSING = 'Hissing';
const SH_WORDS = 'Sh in words';

/** The spec's own project, whose tree starts empty: its moderator builds it, its teacher reads it. */
let school: School;
test.beforeAll(async ({ request }) => {
  school = await newSchool(request, ['moderator', 'teacher']);
});

/** The row of a category on the moderator's screen, found by its menu button. */
const row = (page: Page, name: string) =>
  page
    .locator('[data-category-row]')
    .filter({ has: page.getByRole('button', { name: `Actions for ${name}`, exact: true }) });

/** The names of the categories directly inside `name`, in their order. */
const childrenOf = (page: Page, name: string) =>
  page
    .getByRole('list', { name: `Subcategories of ${name}`, exact: true })
    .locator(':scope > li > [data-category-row] [data-category-name]');

/** The category collection of a project: list, create and the bulk move. */
const isCollection = (url: URL) => /\/api\/workspaces\/\d+\/categories$/.test(url.pathname);

const isBulkMove = (method: string, url: string) => method === 'PUT' && isCollection(new URL(url));

/** The bulk call a move sends. */
const bulkMove = (page: Page) =>
  page.waitForResponse((response) => isBulkMove(response.request().method(), response.url()));

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function addCategory(page: Page, name: string, parent?: string) {
  if (parent) await rowAction(page, parent, 'Add subcategory');
  else await page.getByRole('button', { name: 'Add category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  if (parent) await expect(dialog.getByLabel('Parent category')).toHaveValue(new RegExp(`${parent}$`));
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toBeVisible();
}

/** Drags a row onto a point of another row (y from the row's top, in pixels or 'middle'). */
async function drag(page: Page, from: Locator, to: Locator, y: number | 'middle') {
  const box = await to.boundingBox();
  if (!box) throw new Error('the target row is not on screen');
  const moved = bulkMove(page);
  await from.dragTo(to, { targetPosition: { x: box.width / 2, y: y === 'middle' ? box.height / 2 : y } });
  expect((await moved).status()).toBe(200);
}

test('a moderator builds, rearranges and keeps a category tree, which a teacher reads', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, school.person('moderator'));
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole('heading', { name: 'Categories', exact: true })).toBeVisible();

  // The server's length rule comes back into the form, and nothing typed is lost.
  await page.getByRole('button', { name: 'Add category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await name.fill(SOUNDS);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Sound groups, from the earliest');
  await dialog.getByRole('checkbox', { name: 'Folder' }).check();
  // The form checks the same limits before sending, so the too-short name goes out beneath it.
  await page.route(isCollection, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, name: 'S' }) });
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('At least 2 characters.')).toBeVisible();
  await expect(name).toHaveValue(SOUNDS);
  await expect(dialog.getByRole('checkbox', { name: 'Folder' })).toBeChecked();
  await page.unrouteAll();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Category “${SOUNDS}” added.`)).toBeVisible();
  await expect(row(page, SOUNDS)).toContainText('Sound groups, from the earliest');

  // Three levels, one of them filed in the wrong place.
  await addCategory(page, WHISTLING, SOUNDS);
  await addCategory(page, SH_WORDS, WHISTLING);
  await addCategory(page, HISSING, SOUNDS);
  await expect(childrenOf(page, SOUNDS)).toHaveText([WHISTLING, HISSING]);
  await expect(childrenOf(page, WHISTLING)).toHaveText([SH_WORDS]);

  // Dropped on the middle of a row: inside it, last.
  await drag(page, row(page, SH_WORDS), row(page, HISSING), 'middle');
  await expect(childrenOf(page, HISSING)).toHaveText([SH_WORDS]);
  await expect(page.getByRole('list', { name: `Subcategories of ${WHISTLING}` })).toHaveCount(0);
  // Dropped on the upper quarter: before it.
  await drag(page, row(page, HISSING), row(page, WHISTLING), 4);
  await expect(childrenOf(page, SOUNDS)).toHaveText([HISSING, WHISTLING]);

  // The same moves by keyboard, from the row's menu.
  await rowAction(page, WHISTLING, 'Move up');
  await expect(childrenOf(page, SOUNDS)).toHaveText([WHISTLING, HISSING]);
  await expect(page.getByRole('status').filter({ hasText: `Category “${WHISTLING}” moved.` })).toBeAttached();

  // A category cannot be dropped inside itself: the drop is refused before anything is sent.
  let sent = 0;
  page.on('request', (request) => {
    if (isBulkMove(request.method(), request.url())) sent += 1;
  });
  const sounds = row(page, SOUNDS);
  await sounds.dragTo(row(page, SH_WORDS));
  await expect(childrenOf(page, HISSING)).toHaveText([SH_WORDS]);
  expect(sent).toBe(0);

  await page.reload();
  await expect(childrenOf(page, SOUNDS)).toHaveText([WHISTLING, HISSING]);
  await expect(childrenOf(page, HISSING)).toHaveText([SH_WORDS]);
  await expect(row(page, SOUNDS)).toContainText('Sound groups, from the earliest');

  // A category with subcategories is not deleted; the server says why, and the tree stays.
  await rowAction(page, SOUNDS, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete category' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toContainText('cannot be deleted while it has subcategories');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(childrenOf(page, SOUNDS)).toHaveText([WHISTLING, HISSING]);

  // An empty one is.
  await rowAction(page, WHISTLING, 'Delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Category “${WHISTLING}” deleted.`)).toBeVisible();
  await expect(childrenOf(page, SOUNDS)).toHaveText([HISSING]);

  await expectAccessible(page);
  // The refused save and delete are answered 422 and 409, which the browser logs; nothing else.
  expect(problems.filter((problem) => !problem.includes('Failed to load resource'))).toEqual([]);

  // A teacher reads the tree without changing it (folding, and no way to change it:
  // apps/web/src/features/categories/categories-page.test.tsx).
  await signIn(page, school.person('teacher'));
  await page.getByRole('navigation').getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/view-categories$/);
  await expect(page.getByRole('heading', { name: 'Categories', exact: true })).toBeVisible();
  await expect(childrenOf(page, HISSING)).toHaveText([SH_WORDS]);
  await expect(page.getByText('Sound groups, from the earliest')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await expectAccessible(page);
});
