import { API, APP_SETTINGS, LOCAL_KEYS } from '@logoschool/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { EVERY_DAY, availabilityOf, bookingPage, parentAnswers, teacherIdOf } from './support/booking.ts';
import { dayFromNow } from './support/dates.ts';
import { expectAccessible } from './support/page-checks.ts';
import { newSchool, rootToken, type School } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

/*
 * Notices about the running app (issue 33 item 5): maintenance on staff screens and on public
 * pages, the mobile notice below `sm` while public pages work at 390 px, and an update under an
 * open page (the notice, a deploy, the forced update's one reload and then the error screen).
 */

test.use({ locale: 'en-GB' });

let school: School;
let bookingToken: string;
test.beforeAll(async ({ request }) => {
  school = await newSchool(request, ['teacher']);
  await availabilityOf(school, await teacherIdOf(school), { time_zone: 'Europe/London', weekly: EVERY_DAY });
  bookingToken = await bookingPage(school);
});

/** Root's writes of environment 1's settings (the schools' environment), as the settings screen makes them. */
async function settings(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await rootToken(request)}`, 'x-env-id': '1' };
  return {
    set: async (values: Record<string, unknown>) => {
      const answer = await request.post(`/api${API.storage}/app_settings`, { headers, data: values });
      expect(answer.status(), await answer.text()).toBe(200);
    },
    clear: async (...keys: string[]) => {
      for (const key of keys) await request.delete(`/api${API.storage}/app_settings/${key}`, { headers });
    },
  };
}

/** A parent's first step on the booking page, and on to the times: the page works. */
async function bookingWorks(page: Page) {
  await page.goto(`/appointment/${bookingToken}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(school.title);
  const answers = parentAnswers(dayFromNow(-(5 * 365 + 30)));
  await page.getByLabel('Your name').fill(answers.parent_name);
  await page.getByLabel('Email').fill(answers.email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill(answers.phone);
  await page.getByLabel('Child’s name').fill(answers.child_name);
  await page.getByLabel('Child’s date of birth').fill(answers.birthdate);
  await page.getByRole('button', { name: 'Next: choose a time' }).click();
  await expect(page.getByRole('group', { name: 'Days' })).toBeVisible();
}

test('maintenance on: a staff screen shows the notice with root’s words and a refresh; a public page says so and still works', async ({
  page,
  browser,
  request,
}) => {
  const environment = await settings(request);
  await environment.set({
    [APP_SETTINGS.maintenance]: true,
    [APP_SETTINGS.maintenanceMessage]: 'We are moving to a new server. Back at 14:00.',
  });
  try {
    await signIn(page, school.person('teacher'));
    const notice = page.getByTestId('app-status');
    await expect(notice).toContainText('Logoschool is under maintenance');
    await expect(notice).toContainText('We are moving to a new server. Back at 14:00.');
    await expect(notice.getByRole('button', { name: 'Refresh' })).toBeVisible();
    // The screen stays below the notice.
    await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
    await expectAccessible(page);

    // A parent on a phone, at the school's booking link: told, and the form goes on.
    const parent = await browser.newPage({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    await bookingWorks(parent);
    const outside = parent.getByTestId('app-status');
    await expect(outside).toContainText(
      'Logoschool is under maintenance: some things may not work for a while.',
    );
    await expect(outside).toContainText('Back at 14:00.');
    await expectAccessible(parent);
    await outside.getByRole('button', { name: 'Hide the notice' }).click();
    await expect(outside).toHaveCount(0);
    await parent.close();
  } finally {
    await environment.clear(APP_SETTINGS.maintenance, APP_SETTINGS.maintenanceMessage);
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await expect(page.getByTestId('app-status')).toHaveCount(0);
});

test('at 390 px a staff screen shows the mobile notice, while a public page is fully usable', async ({
  browser,
}) => {
  const phone = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await signIn(page, school.person('teacher'));
  await expect(page.getByRole('heading', { name: 'The mobile version is not available' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Students' })).toHaveCount(0);
  await expectAccessible(page);
  // The full-screen player is a staff screen too.
  await page.goto('/conduct-lesson/1');
  await expect(page.getByRole('heading', { name: 'The mobile version is not available' })).toBeVisible();

  const parent = await phone.newPage();
  await bookingWorks(parent);
  await expect(parent.getByTestId('app-status')).toHaveCount(0);
  // Nothing wider than the phone: the page does not scroll sideways.
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(parent);
  await phone.close();
});

/** Makes the open page ask the server again, as coming back to its tab does. */
const backToTab = (page: Page) =>
  page.evaluate(() => {
    window.dispatchEvent(new Event('visibilitychange'));
    document.dispatchEvent(new Event('visibilitychange'));
  });

test('the server’s version changes under an open page: the notice; a deploy; a forced update reloads once, then the error screen', async ({
  page,
  request,
}) => {
  await signIn(page, school.person('teacher'));
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await expect(page.getByTestId('app-status')).toHaveCount(0);

  // A new build is served: the page says so, with a refresh.
  let answer: { status: number; version?: string } = { status: 200, version: '9.9.9+next' };
  await page.route('**/api/health', (route) =>
    answer.status === 200
      ? route.fulfill({ json: { data: { status: 'ok', version: answer.version, db: 'postgres' } } })
      : route.fulfill({
          status: answer.status,
          json: { message: 'Service unavailable', code: 'internal_error' },
        }),
  );
  await backToTab(page);
  const notice = page.getByTestId('app-status');
  await expect(notice).toContainText('A new version of Logoschool is available.');
  await expect(notice.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expectAccessible(page);

  // While the new version starts, the proxy answers 503.
  answer = { status: 503 };
  await backToTab(page);
  await expect(notice).toContainText('A new version is being deployed.');

  // A forced update: the next load reloads once by itself, and still outdated, shows the error screen.
  answer = { status: 200, version: '9.9.9+next' };
  const environment = await settings(request);
  await environment.set({ [APP_SETTINGS.forceUpdate]: true });
  try {
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: 'Reload the app' })).toBeVisible();
    // One reload of its own after the reload above, not a loop.
    await page.waitForTimeout(1500);
    expect(loads).toBe(2);
    const reloadedAt = await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.lastAutoUpdate);
    expect(reloadedAt).toMatch(/^\d{4}-\d{2}-\d{2}-\d{2}:\d{2}:\d{2}$/);
    await expectAccessible(page);
  } finally {
    await environment.clear(APP_SETTINGS.forceUpdate);
  }
});
