import { API, type BookingPersonInput, type ParentBooking } from '@logoschool/contract';
import { expect, test, type Page } from './support/test.ts';
import {
  EVERY_DAY,
  availabilityOf,
  booked,
  bookingPage,
  parentAnswers,
  teacherIdOf,
} from './support/booking.ts';
import { dayFromNow } from './support/dates.ts';
import { Mailbox } from './support/mailbox.ts';
import { expectAccessible } from './support/page-checks.ts';
import { newSchool, type School } from './support/school.ts';
import { signIn } from './support/sign-in.ts';

/*
 * Free-lesson booking (issue 28): a parent abroad books on a phone in their own time zone, gets the
 * confirmation with its calendar file and moves the lesson by the mail's link; a child too young is
 * stopped before any slot; the school turns booking on, and the teacher keeps her hours and makes
 * a student of a booking.
 */

const mailbox = new Mailbox();
let school: School;
let token: string;

/** A birth date `years` years and a few days ago. */
const bornYearsAgo = (years: number) => dayFromNow(-(years * 365 + 30));

/** Step 1 as a parent fills it: the page guesses the time zone (the browser's) and the language. */
async function fillWho(page: Page, answers: BookingPersonInput) {
  await page.getByLabel('Your name').fill(answers.parent_name);
  await page.getByLabel('Email').fill(answers.email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill(answers.phone);
  await page.getByLabel('Child’s name').fill(answers.child_name);
  await page.getByLabel('Child’s date of birth').fill(answers.birthdate);
}

test.beforeAll(async ({ request }) => {
  school = await newSchool(request, ['teacher', 'admin', 'manager']);
  // A teacher in London, every day 07:00–21:00 on her clock, teaching in English.
  await availabilityOf(school, await teacherIdOf(school), { time_zone: 'Europe/London', weekly: EVERY_DAY });
  token = await bookingPage(school);
  await mailbox.start();
});
test.afterAll(() => mailbox.stop());

test.describe('a parent on a phone in Tel Aviv', () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Jerusalem', locale: 'en-GB' });

  test('books a free lesson with the London teacher, reads it in both zones, gets the .ics and moves it by the link', async ({
    page,
  }) => {
    const answers = parentAnswers(bornYearsAgo(5));
    await page.goto(`/appointment/${token}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(school.title);
    await fillWho(page, answers);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next: choose a time' }).click();

    // Step 2: the first free time two days on (past the notice for changes), in Tel Aviv's clock and the teacher's.
    await page.getByRole('group', { name: 'Days' }).getByRole('button').nth(2).click();
    const firstSlot = page.getByRole('button', { name: /^\d{2}:\d{2}/ }).first();
    await expect(firstSlot).toBeVisible();
    await expectAccessible(page);
    await firstSlot.click();
    await expect(page.getByText(/for the teacher \(Europe\/London/)).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
    // Tel Aviv is two hours ahead of London: both clocks are said.
    await expect(page.getByText(/for you \(Asia\/Jerusalem\)/)).toBeVisible();
    await expect(page.getByText(/for the teacher \(Europe\/London/)).toBeVisible();

    // The mail: the confirmation with its calendar file and the private link.
    await expect.poll(() => mailbox.latestTo(answers.email) !== undefined, { timeout: 15_000 }).toBe(true);
    const mail = mailbox.latestTo(answers.email);
    const calendar = mail?.attachments.find((file) => file.contentType.startsWith('text/calendar'));
    expect(calendar?.content.toString()).toContain('BEGIN:VEVENT');
    const link = /https?:\/\/\S+\/appointment\/manage\/[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link, mail?.text).toBeTruthy();
    const manage = new URL(link as string);

    // Moving it by the link: another time, and the page says the new one.
    const before = await page.request.get(`/api${API.appointmentManage}/${manage.pathname.split('/').pop()}`);
    const was = ((await before.json()).data as ParentBooking).starts_at;
    await page.goto(manage.pathname);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Move' }).click();
    await page
      .getByRole('button', { name: /^\d{2}:\d{2}/ })
      .nth(1)
      .click();
    await expect(page.getByText('The booking has been moved')).toBeVisible();
    const after = await page.request.get(`/api${API.appointmentManage}/${manage.pathname.split('/').pop()}`);
    expect(((await after.json()).data as ParentBooking).starts_at).not.toBe(was);
  });

  test('a parent of a two-year-old is stopped at step 1 with the explanation, and no slot is shown', async ({
    page,
  }) => {
    const answers = parentAnswers(bornYearsAgo(2));
    await page.goto(`/appointment/${token}`);
    await fillWho(page, answers);
    await page.getByRole('button', { name: 'Next: choose a time' }).click();
    const dialog = page.getByRole('dialog', { name: 'Individual lessons are for children from 3 years' });
    await expect(dialog).toContainText('Nothing has been booked');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'I understand' }).click();
    await expect(page.getByRole('heading', { name: 'Who' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^\d{2}:\d{2}/ })).toHaveCount(0);
  });
});

test('the school turns booking on, the teacher keeps her hours and makes a student of a booking', async ({
  page,
  request,
}) => {
  // The admin: the rules and the page's link.
  await signIn(page, school.person('admin'), '/booking-settings');
  await expect(page.getByRole('heading', { name: 'Booking settings' })).toBeVisible();
  // Booking is on: the page's link is the one the school hands out.
  await expect(page.locator(`input[readonly][value$="/appointment/${token}"]`)).toBeVisible();
  await expectAccessible(page);

  // The teacher: her hours, then a booking made by a parent, which becomes her student.
  const { booking } = await booked(request, token, parentAnswers(bornYearsAgo(6)));
  await signIn(page, school.person('teacher'), '/availability');
  await expect(page.getByRole('heading', { name: 'My availability' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/bookings');
  const row = page.getByRole('row').filter({ hasText: booking.child_name });
  await expect(row).toBeVisible();
  await expectAccessible(page);
  // Her week, the booking on it.
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByRole('region', { name: 'Week calendar' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Bookings' }).click();
  await row.getByRole('button', { name: `Actions for the booking of ${booking.child_name}` }).click();
  await page.getByRole('menuitem', { name: 'Create student' }).click();
  await expect(page).toHaveURL(/\/edit-client\/\d+$/);
  await expect(page.getByRole('textbox', { name: "Child's name" })).toHaveValue(booking.child_name);

  // The manager: the project's teachers' hours, the London teacher among them.
  await signIn(page, school.person('manager'), '/availability');
  await expect(page.getByRole('row').filter({ hasText: 'Europe/London' })).toBeVisible();
  await expectAccessible(page);
});
