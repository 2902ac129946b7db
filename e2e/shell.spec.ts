import { API, LOCAL_KEYS, type WorkspaceInput, type WorkspaceListItem } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { signIn, submitLogin } from './support/sign-in.ts';
import { MOUSE_REQUEST, openRequest } from './support/content.ts';
import { expectAccessible, watchConsole } from './support/page-checks.ts';
import { E2E_VACANCY_URL } from './support/services.ts';
import { joinSchool } from './support/users.ts';
import {
  ROOT,
  newMember,
  newSchool,
  unique,
  type MemberRole,
  type Person,
  type School,
} from './support/school.ts';

test.use({ locale: 'en-GB' });

/**
 * One school with a member of every role serves the tests here that only look at each role's
 * screens; a test that needs a school of another shape makes its own. The school's second
 * moderator is also a speech therapist in a second school; someone's projects come by title, so
 * the two share a word and the first school's title comes first.
 */
let school: School;
let second: School;
let multi: Person;
test.beforeAll(async ({ request }) => {
  const word = unique('Shell');
  const roles = ['manager', 'moderator', 'author', 'teacher', 'admin', 'diagnostician'] as const;
  school = await newSchool(request, [...roles], `${word} first school`);
  second = await newSchool(request, [], `${word} second school`);
  multi = await newMember(request, school, ['moderator'], unique('Multi'));
  await joinSchool(request, second, multi, ['teacher']);
});

/** Who signs in: root, the school's member of a role, or the member of two schools. */
type Who = 'root' | MemberRole | 'multi';
const person = (who: Who) => (who === 'root' ? ROOT : who === 'multi' ? multi : school.person(who));
const CALLED: Record<Who, string> = {
  root: 'root',
  manager: 'a manager',
  moderator: 'a moderator',
  author: 'an author',
  teacher: 'a teacher',
  admin: 'an admin',
  diagnostician: 'a diagnostician',
  multi: 'a member of two schools',
};

/** Each role: the role label, and the screen `/` lands on (spec §2 index screens). */
const LANDINGS: [Who, string, string, string][] = [
  ['root', 'Super admin', 'Dashboard', '/dashboard'],
  ['manager', 'Manager', 'Users', '/users'],
  ['moderator', 'Moderator', 'Categories', '/categories'],
  ['author', 'Author', 'My exercises', '/exercises'],
  ['teacher', 'Speech therapist', 'Students', '/clients'],
  ['admin', 'Manager', 'Users', '/users'],
  ['diagnostician', 'Speech therapist', 'Students', '/clients'],
  // Moderator in the first school, the project chosen first.
  ['multi', 'Moderator', 'Categories', '/categories'],
];

// Through the login form: signing in is these tests' point.
for (const [who, label, heading, path] of LANDINGS) {
  test(`${CALLED[who]} signs in as ${label} and lands on ${path}`, async ({ page }) => {
    const problems = watchConsole(page);
    const { email, password } = person(who);
    await submitLogin(page, email, password);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByTestId('role-label')).toHaveText(`Role: ${label}`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    expect(problems).toEqual([]);
  });
}

test('a moderator is sent away from a teacher path', async ({ page }) => {
  await signIn(page, school.person('moderator'), '/clients');
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole('heading', { name: 'Categories', exact: true })).toBeVisible();
});

test('a teacher is sent away from a moderator path', async ({ page }) => {
  await signIn(page, school.person('teacher'), '/categories');
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { name: 'Students', exact: true })).toBeVisible();
});

test('root opens the themes screen, as its permission allows, keeping its own navigation', async ({
  page,
}) => {
  await signIn(page, ROOT, '/themes');
  await expect(page).toHaveURL(/\/themes$/);
  await expect(page.getByRole('heading', { name: 'Themes and tags' })).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Themes and tags' })).toHaveCount(0);
});

test('the shell is accessible', async ({ page }) => {
  await signIn(page, school.person('manager'));
  await expectAccessible(page);
});

test('Ctrl+Shift+G toggles god mode: a badge on the avatar and the API address', async ({ page }) => {
  await signIn(page, school.person('teacher'));
  await expect(page.getByTestId('dev-badge')).toHaveCount(0);
  await page.keyboard.press('Control+Shift+G');
  await expect(page.getByTestId('dev-badge')).toContainText('/api');
  await expect(page.getByText('GM', { exact: true })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.godMode)).toBe('1');
  await page.reload();
  await expect(page.getByTestId('dev-badge')).toBeVisible();
  await page.keyboard.press('Control+Shift+G');
  await expect(page.getByTestId('dev-badge')).toHaveCount(0);
});

test('the header language is kept after a reload', async ({ page }) => {
  await signIn(page, school.person('author'));
  await page.getByRole('combobox', { name: 'Interface language' }).selectOption('pl');
  await expect(page.getByTestId('role-label')).toHaveText('Rola: Autor');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Moje ćwiczenia' })).toBeVisible();
  await expect(page.getByTestId('role-label')).toHaveText('Rola: Autor');
});

test('the member of two schools switches projects, and with them roles', async ({ page }) => {
  await signIn(page, multi);
  const switcher = page.getByRole('combobox', { name: 'Project' });
  await expect(switcher).toBeVisible();
  await expect(page.getByTestId('role-label')).toHaveText('Role: Moderator');
  await page.evaluate((key) => localStorage.setItem(key, '{"status":5}'), LOCAL_KEYS.exercisesFilter);
  await switcher.click();
  await page.getByRole('option', { name: second.title }).click();
  await expect(page.getByTestId('role-label')).toHaveText('Role: Speech therapist');
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.workspace)).toBe(
    String(second.workspaceId),
  );
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.exercisesFilter)).toBeNull();
  await page.reload();
  await expect(page.getByTestId('role-label')).toHaveText('Role: Speech therapist');
});

test('users with one project see no project switcher', async ({ page }) => {
  await signIn(page, school.person('teacher'));
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveCount(0);
});

test('root has no project switcher', async ({ page }) => {
  await signIn(page, ROOT);
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveCount(0);
});

test('the project switcher says which role each project gives', async ({ page }) => {
  // The member of two schools: a moderator of the first, a speech therapist in the second.
  await signIn(page, multi);
  await page.getByRole('combobox', { name: 'Project' }).click();
  await expect(page.getByRole('option', { name: school.title })).toContainText('Moderator');
  await expect(page.getByRole('option', { name: second.title })).toContainText('Speech therapist');
  await expectAccessible(page);
});

test('logout from the profile menu ends the session', async ({ page }) => {
  await signIn(page, school.person('moderator'));
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByText(school.person('moderator').email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  // The page says so at once, and forgets the token once the server has revoked it: until then a
  // new page would still find it, and be told the session is over (seen on a busy machine).
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.auth)).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('below the sm breakpoint staff screens say the mobile version is unavailable', async ({ page }) => {
  await signIn(page, school.person('teacher'));
  await page.setViewportSize({ width: 400, height: 800 });
  await expect(page.getByRole('heading', { name: 'The mobile version is not available' })).toBeVisible();
});

test('the profile saves a name and a phone, and refuses a bad phone', async ({ page }) => {
  await signIn(page, school.person('author'), '/profile');
  await page.getByLabel('Name').fill('Andrii A. Author');
  await page.getByLabel('Phone').fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the number in international format', { exact: false })).toBeVisible();
  await page.getByLabel('Phone').fill('+380 50 123 45 67');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
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

test('notifications open below the header, not over its language switcher and avatar', async ({
  page,
  request,
}) => {
  const ownSchool = await newSchool(request, ['teacher']);
  await signIn(page, ownSchool.person('teacher'), '/profile');
  await page.getByRole('button', { name: 'Save' }).click();
  const toast = page.getByText('Profile saved.');
  await expect(toast).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const box = await page.locator('.mantine-Notification-root').filter({ has: toast }).boundingBox();
  expect(header && box && box.y >= header.y + header.height).toBe(true);
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
