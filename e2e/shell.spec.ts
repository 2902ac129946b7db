import { API, LOCAL_KEYS, type WorkspaceInput, type WorkspaceListItem } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { signIn, submitLogin } from './support/sign-in.ts';
import { MOUSE_REQUEST, openRequest } from './support/content.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { E2E_VACANCY_URL } from './support/services.ts';
import { joinSchool } from './support/users.ts';
import { ROOT, newMember, newSchool, unique, type Person, type School } from './support/school.ts';

test.use({ locale: 'en-GB' });

/**
 * One school with a moderator, an author and a teacher serves the tests here that only look at the
 * shell; a test that needs a school of another shape makes its own. The school's second moderator
 * is also a speech therapist in a second school; someone's projects come by title, so the two share
 * a word and the first school's title comes first.
 */
let school: School;
let second: School;
let multi: Person;
test.beforeAll(async ({ request }) => {
  const word = unique('Shell');
  const roles = ['moderator', 'author', 'teacher'] as const;
  school = await newSchool(request, [...roles], `${word} first school`);
  second = await newSchool(request, [], `${word} second school`);
  multi = await newMember(request, school, ['moderator'], unique('Multi'));
  await joinSchool(request, second, multi, ['teacher']);
});

// Through the login form: signing in is this test's point. Where `/` leads every other role, and
// the role each one's header names, are apps/web/src/app/guards.test.tsx's and
// apps/web/src/app/shell/header-bar.test.tsx's; the way away from a path of another role too.
test('a member of two schools signs in through the form, lands on the first school’s screen, switches projects and with them roles, and logs out from the profile menu', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await submitLogin(page, multi.email, multi.password);
  await expect(page.getByRole('banner')).toBeVisible();
  // Moderator in the first school, the project chosen first.
  await expect(page.getByTestId('role-label')).toHaveText('Role: Moderator');
  await expect(page.getByRole('heading', { name: 'Categories', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/categories$/);
  await expectAccessible(page);
  expect(problems).toEqual([]);

  // The second school, and with it the role it gives.
  const switcher = page.getByRole('combobox', { name: 'Project' });
  await expect(switcher).toBeVisible();
  await page.evaluate((key) => localStorage.setItem(key, '{"status":5}'), LOCAL_KEYS.exercisesFilter);
  // Each project says the role it gives (apps/web/src/app/shell/header-bar.test.tsx reads them).
  await switcher.click();
  await expect(page.getByRole('option', { name: second.title })).toContainText('Speech therapist');
  await expectAccessible(page);
  await page.getByRole('option', { name: second.title }).click();
  await expect(page.getByTestId('role-label')).toHaveText('Role: Speech therapist');
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.workspace)).toBe(
    String(second.workspaceId),
  );
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.exercisesFilter)).toBeNull();
  await page.reload();
  await expect(page.getByTestId('role-label')).toHaveText('Role: Speech therapist');

  // Logout from the profile menu ends the session.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByText(multi.email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  // The page says so at once, and forgets the token once the server has revoked it: until then a
  // new page would still find it, and be told the session is over (seen on a busy machine).
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth)).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('the header: the dev badge outside production, Ctrl+Shift+G toggles god mode, the language is kept after a reload, and a narrow screen is refused', async ({
  page,
}) => {
  await signIn(page, school.person('teacher'));
  // The server under test runs outside production: the badge names the API's address (spec §1).
  await expect(page.getByTestId('dev-badge')).toContainText('/api');
  await page.keyboard.press('Control+Shift+G');
  await expect(page.getByText('GM', { exact: true })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.godMode)).toBe('1');
  await page.reload();
  await expect(page.getByText('GM', { exact: true })).toBeVisible();
  await page.keyboard.press('Control+Shift+G');
  await expect(page.getByText('GM', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('dev-badge')).toBeVisible();

  // Below the sm breakpoint staff screens say the mobile version is unavailable.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 400, height: 800 });
  await expect(page.getByRole('heading', { name: 'The mobile version is not available' })).toBeVisible();
  await page.setViewportSize(viewport);

  await page.getByRole('combobox', { name: 'Interface language' }).selectOption('pl');
  await expect(page.getByTestId('role-label')).toHaveText('Rola: Logopeda');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Uczniowie' })).toBeVisible();
  await expect(page.getByTestId('role-label')).toHaveText('Rola: Logopeda');
});

test('the profile saves a name and a phone, and refuses a bad phone; its notice opens below the header', async ({
  page,
}) => {
  await signIn(page, school.person('author'), '/profile');
  await page.getByLabel('Name').fill('Andrii A. Author');
  await page.getByLabel('Phone').fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the number in international format', { exact: false })).toBeVisible();
  await page.getByLabel('Phone').fill('+380 50 123 45 67');
  await page.getByRole('button', { name: 'Save' }).click();
  const toast = page.getByText('Profile saved.');
  await expect(toast).toBeVisible();
  // Not over the header's language switcher and avatar.
  const header = await page.getByRole('banner').boundingBox();
  const box = await page.locator('.mantine-Notification-root').filter({ has: toast }).boundingBox();
  expect(header && box && box.y >= header.y + header.height).toBe(true);
  await expect(page.getByLabel('Phone')).toHaveValue('+380501234567');
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Andrii A. Author');
  await expectAccessible(page);
});

test('maintenance set by root in the app settings shows a notice with a refresh', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/login', {
    data: ROOT,
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}`, 'x-env-id': '1' };
  const set = await request.post('/api/storage/app_settings/maintenance', { headers, data: true });
  expect(set.status()).toBe(200);
  try {
    await signIn(page, school.person('author'));
    await expect(page.getByTestId('app-status')).toContainText('Logoschool is under maintenance');
    await expect(page.getByTestId('app-status').getByRole('button', { name: 'Refresh' })).toBeVisible();
  } finally {
    await request.delete('/api/storage/app_settings/maintenance', { headers });
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My exercises' })).toBeVisible();
  await expect(page.getByTestId('app-status')).toHaveCount(0);
});

test('at medium widths the navigation shrinks to icons with tooltips, its toggle is kept, and tables scroll sideways', async ({
  page,
  request,
}) => {
  // The moderation list opens on its requests: one fills its table.
  const ownSchool = await newSchool(request, ['moderator']);
  await openRequest(ownSchool, 'Where is the mouse?', MOUSE_REQUEST);
  await page.setViewportSize({ width: 820, height: 900 });
  await signIn(page, ownSchool.person('moderator'));
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const moderation = navigation.getByRole('link', { name: 'Moderation' });
  expect((await navigation.boundingBox())?.width).toBeLessThan(80);
  await expect(moderation).not.toContainText('Moderation');
  await moderation.hover();
  await expect(page.getByRole('tooltip', { name: 'Moderation' })).toBeVisible();
  await moderation.click();
  await expect(page).toHaveURL(/\/moderator-list$/);

  // The table is wider than the room left: it scrolls, with its scrollbar in sight.
  const table = page.locator('.mantine-ScrollArea-root').filter({ has: page.getByRole('table') });
  const viewport = table.locator('.mantine-ScrollArea-viewport');
  await expect(page.getByRole('columnheader', { name: 'Title' })).toBeVisible();
  const [scrollWidth, clientWidth] = await viewport.evaluate((element) => [
    element.scrollWidth,
    element.clientWidth,
  ]);
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  await expect(table.locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]')).toBeVisible();
  const likes = page.getByRole('columnheader', { name: 'Likes' });
  await likes.scrollIntoViewIfNeeded();
  await expect(likes).toBeInViewport();
  await expectAccessible(page);

  // Widened by hand, it stays wide after a reload.
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(moderation).toContainText('Moderation');
  expect((await navigation.boundingBox())?.width).toBeGreaterThan(150);
  await page.reload();
  await expect(navigation.getByRole('link', { name: 'Moderation' })).toContainText('Moderation');
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.navigationCollapsed)).toBe('0');
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(navigation.getByRole('link', { name: 'Moderation' })).not.toContainText('Moderation');

  // With no choice kept, a wide screen shows the whole navigation.
  await page.evaluate((key) => localStorage.removeItem(key), LOCAL_KEYS.navigationCollapsed);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(navigation.getByRole('link', { name: 'Moderation' })).toContainText('Moderation');
});

test('the vacancy banner links where the server is configured for the environment, and is absent where it is not', async ({
  page,
  request,
}) => {
  // A moderator of a school of environment 1, and a teacher of another of environment 2: root
  // makes that project and invites her, and she accepts by signing in.
  const envOne = await newSchool(request, ['moderator']);
  const moderator = envOne.person('moderator');
  const envTwo = await envOne.root.call<WorkspaceListItem>('post', API.workspaces, {
    title: unique('Second school'),
    env_id: 2,
  } satisfies WorkspaceInput);
  await joinSchool(request, envTwo, moderator, ['teacher']);

  await signIn(page, moderator);
  // The first school: environment 1, configured.
  await expect(
    page.getByTestId('vacancy-banner').getByRole('link', { name: 'See the vacancies' }),
  ).toHaveAttribute('href', E2E_VACANCY_URL);
  // The second school: environment 2, shown by spec but without a configured link.
  await page.evaluate(([key, id]) => localStorage.setItem(key, id), [
    LOCAL_KEYS.workspace,
    String(envTwo.workspaceId),
  ] as const);
  await page.reload();
  await expect(page.getByTestId('role-label')).toHaveText('Role: Speech therapist');
  await expect(page.getByTestId('vacancy-banner')).toHaveCount(0);
});
