import { API, type FamilyReferral, type PublicLink } from '@logoschool/contract';
import { expect, test } from './support/test.ts';
import { EVERY_DAY, availabilityOf, bookingPage, parentAnswers, teacherIdOf } from './support/booking.ts';
import { dayFromNow } from './support/dates.ts';
import { expectAccessible } from './support/page-checks.ts';
import { newSchool, unique } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

/*
 * Referrals (issue 29 item 3): a family's referral link, read from its dashboard, brings a friend's
 * booking on the public page; the teacher makes a student of it; the manager's report shows both
 * families with their 2 bonus lessons each, and each family sees them on its own dashboard.
 */
test('a referral link brings a booking, the teacher makes a student of it, both families get 2 bonus lessons', async ({
  page,
  request,
}) => {
  const school = await newSchool(request, ['teacher', 'manager']);
  await availabilityOf(school, await teacherIdOf(school), { time_zone: 'Europe/London', weekly: EVERY_DAY });
  await bookingPage(school);

  // The referrer: a student of the teacher, with the family's dashboard link.
  const teacher = await school.as('teacher');
  const referrerChild = unique('Referrer');
  const referrer = await teacher.call<{ id: number }>('post', API.clients, {
    client_name: unique('Parent'),
    child_name: referrerChild,
    parent_email: 'referrer-family@example.test',
    language: 'en',
  });
  const dashboard = await teacher.call<PublicLink>('post', `${API.clients}/${referrer.id}/link`);
  const dashboardToken = dashboard.url?.split('/').pop() ?? '';
  const read = await request.get(`/api${API.parentDashboard}/${dashboardToken}/referral`);
  expect(read.status(), await read.text()).toBe(200);
  const { url } = (await read.json()).data as FamilyReferral;
  expect(url).toMatch(/\/appointment\/[\w-]+\?ref=[\w-]+$/);

  // A friend opens it and books a free lesson.
  const friend = parentAnswers(dayFromNow(-(6 * 365 + 30)));
  const link = new URL(url ?? '');
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Your name').fill(friend.parent_name);
  await page.getByLabel('Email').fill(friend.email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill(friend.phone);
  await page.getByLabel('Child’s name').fill(friend.child_name);
  await page.getByLabel('Child’s date of birth').fill(friend.birthdate);
  await page.getByRole('button', { name: 'Next: choose a time' }).click();
  await page.getByRole('group', { name: 'Days' }).getByRole('button').nth(2).click();
  await page
    .getByRole('button', { name: /^\d{2}:\d{2}/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();

  // The teacher makes a student of it.
  await signIn(page, school.person('teacher'), '/bookings');
  await page
    .getByRole('row')
    .filter({ hasText: friend.child_name })
    .getByRole('button', { name: `Actions for the booking of ${friend.child_name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Create student' }).click();
  await expect(page).toHaveURL(/\/edit-client\/\d+$/);
  const friendStudent = Number(new URL(page.url()).pathname.split('/').pop());

  // The manager's report: both families, 2 bonus lessons each, the friend brought by the referrer.
  await signIn(page, school.person('manager'), '/referrals');
  const table = page.getByRole('table', { name: 'Families and their referrals' });
  const referrerRow = table.getByRole('row').filter({ hasText: referrerChild });
  const friendRow = table.getByRole('row').filter({ hasText: friend.child_name });
  await expect(referrerRow.getByRole('cell').nth(3)).toHaveText('2');
  await expect(friendRow.getByRole('cell').nth(3)).toHaveText('2');
  await expect(friendRow.getByRole('cell').nth(1)).toHaveText(referrerChild);
  await friendRow.getByRole('button', { name: `Details of ${friend.child_name}` }).click();
  await expect(page.getByRole('region', { name: friend.child_name })).toContainText('through a booking');
  await expectAccessible(page);

  // Each family sees its bonus on its own dashboard (the friend's made by the teacher now).
  const friendDashboard = await teacher.call<PublicLink>('post', `${API.clients}/${friendStudent}/link`);
  for (const [dashboardUrl, reason] of [
    [dashboard.url, /your friends \(.+\) joined the school/],
    [friendDashboard.url, /you joined on your friends. recommendation/],
  ] as const) {
    await page.goto(new URL(dashboardUrl ?? '').pathname);
    await expect(page.getByText('You have 2 bonus lessons')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Why' })).toContainText(reason);
  }
});
