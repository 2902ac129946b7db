import type { BookingRow, BookingWeek, TeacherAvailability } from '@logoschool/contract';
import { notificationsStore } from '@mantine/notifications';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { BookingsPage } from './bookings-page.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // A Wednesday: this week runs from Monday 23 to Sunday 29 November 2026.
  vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const HOURS = {
  time_zone: 'Europe/London',
  weekly: [{ weekday: 3, start: '09:00', end: '13:00' }],
  exceptions: [],
  languages: ['uk' as const, 'en' as const],
  free_lessons: true,
  consultation_groups: true,
};

const teacher = (id: number, name: string): TeacherAvailability => ({
  ...HOURS,
  teacher_id: id,
  name,
  email: `${name.toLowerCase()}@school.test`,
  upcoming: 2,
});

function bookingOf(overrides: Partial<BookingRow>): BookingRow {
  return {
    id: 7,
    kind: 'free_lesson',
    status: 'confirmed',
    starts_at: '2026-11-27T10:00:00.000Z',
    ends_at: '2026-11-27T10:45:00.000Z',
    teacher_id: 1,
    teacher_name: 'User 1',
    parent_name: 'Iryna Koval',
    email: 'iryna@example.com',
    phone: '+380501234567',
    country: 'UA',
    time_zone: 'Europe/Kyiv',
    language: 'uk',
    child_name: 'Marko',
    birthdate: '2021-05-14',
    themes: [{ id: 3, name: 'Dinosaurs' }],
    cancelled_by: null,
    client_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const page = (rows: BookingRow[]) =>
  json({ data: rows, meta: { total: rows.length, page: 1, per_page: 20 } });

function bookingsApi(rows: BookingRow[], teachers: TeacherAvailability[] = [teacher(1, 'User 1')]) {
  return fakeApi({
    'GET /booking/teachers': () => json({ data: teachers }),
    'GET /bookings': (call: SentCall) => page(call.query.get('view') === 'past' ? [] : rows),
    'POST /bookings/7/status': (call: SentCall) =>
      json({ data: bookingOf({ status: (call.body as { status: BookingRow['status'] }).status }) }),
    'POST /bookings/8/status': () => json({ data: bookingOf({ id: 8, status: 'held' }) }),
    'POST /appointment/client': () => json({ data: { client_id: 42 } }, 201),
    'PATCH /bookings/7': (call: SentCall) =>
      json({
        data: bookingOf({
          ...(call.body as Partial<BookingRow>),
          status: 'cancelled',
          cancelled_by: 'too_young',
        }),
      }),
  });
}

/** The PATCH of booking 7 sent, if any. */
const fakeApiRoute = (calls: SentCall[]) => () =>
  calls.find((call) => call.method === 'PATCH' && call.path === '/bookings/7');

const listCalls = (calls: SentCall[]) => calls.filter((call) => call.path === '/bookings');

describe('the bookings list', () => {
  it('shows a teacher her upcoming bookings: time, child and age, parent, language, interests, status', async () => {
    const calls = bookingsApi([bookingOf({})]);
    await renderInApp(<BookingsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bookings' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Bookings' });
    const row = within(table).getByRole('row', { name: /Marko/ });
    expect(row.textContent).toMatch(/Marko.*5 years old.*Free lesson/);
    expect(row.textContent).toMatch(/Iryna Koval.*iryna@example.com.*\+380501234567/);
    expect(row.textContent).toMatch(/Ukrainian.*Dinosaurs.*Booked/);
    // Her own list: no teacher filter and no teacher column.
    expect(screen.queryByRole('columnheader', { name: 'Teacher' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Teacher' })).toBeNull();
    expect(listCalls(calls)[0]?.query.get('view')).toBe('upcoming');
    expect(listCalls(calls)[0]?.query.get('workspace_id')).toBe('1');
  });

  it('goes to another view, and says when a view is empty', async () => {
    const calls = bookingsApi([bookingOf({})]);
    await renderInApp(<BookingsPage />);
    await screen.findByRole('table', { name: 'Bookings' });
    fireEvent.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('No past bookings yet.')).toBeTruthy();
    expect(listCalls(calls).at(-1)?.query.get('view')).toBe('past');
  });

  it('makes a student of her own booking and opens the student', async () => {
    const calls = bookingsApi([bookingOf({})]);
    await renderInApp(
      <Routes>
        <Route path="/" element={<BookingsPage />} />
        <Route path="/edit-client/:clientId" element={<p>The student’s page</p>} />
      </Routes>,
    );
    await screen.findByRole('table', { name: 'Bookings' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the booking of Marko' }));
    // Before the lesson: no held or no-show yet.
    expect(screen.queryByRole('menuitem', { name: 'Mark as held' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Create student' }));
    expect(await screen.findByText('The student’s page')).toBeTruthy();
    const made = calls.find((call) => call.path === '/appointment/client');
    expect(made?.method).toBe('POST');
    expect(made?.body).toEqual({ booking_id: 7 });
  });

  it('links a converted booking to its student instead of offering to make one', async () => {
    bookingsApi([bookingOf({ client_id: 42 })]);
    await renderInApp(<BookingsPage />);
    const table = await screen.findByRole('table', { name: 'Bookings' });
    expect(within(table).getByRole('link', { name: 'Open student' }).getAttribute('href')).toBe(
      '/edit-client/42',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the booking of Marko' }));
    await screen.findByRole('menuitem', { name: 'Cancel booking' });
    expect(screen.queryByRole('menuitem', { name: 'Create student' })).toBeNull();
  });

  it('marks a lesson that has begun as held', async () => {
    const calls = bookingsApi([
      bookingOf({ id: 8, starts_at: '2026-11-25T10:00:00.000Z', ends_at: '2026-11-25T10:45:00.000Z' }),
    ]);
    await renderInApp(<BookingsPage />);
    await screen.findByRole('table', { name: 'Bookings' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the booking of Marko' }));
    // After its start it can no longer be cancelled from here.
    await screen.findByRole('menuitem', { name: 'Mark as no-show' });
    expect(screen.queryByRole('menuitem', { name: 'Cancel booking' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mark as held' }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.path === '/bookings/8/status')?.body).toEqual({ status: 'held' }),
    );
  });

  it('lets a manager choose the teacher and cancel a booking after asking', async () => {
    const calls = bookingsApi(
      [bookingOf({ teacher_id: 5, teacher_name: 'Olha Shevchenko' })],
      [teacher(5, 'Olha Shevchenko'), teacher(6, 'Anna Bondar')],
    );
    await renderInApp(<BookingsPage />, { as: { roles: ['manager'], userId: 9 } });
    const table = await screen.findByRole('table', { name: 'Bookings' });
    expect(within(table).getByRole('columnheader', { name: 'Teacher' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Marko/ }).textContent).toContain('Olha Shevchenko');
    expect(await screen.findByRole('combobox', { name: 'Teacher' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Actions for the booking of Marko' }));
    // A manager does not make students of bookings: their teacher does.
    await screen.findByRole('menuitem', { name: 'Cancel booking' });
    expect(screen.queryByRole('menuitem', { name: 'Create student' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the booking of Marko?' });
    expect(calls.some((call) => call.path === '/bookings/7/status')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.path === '/bookings/7/status')?.body).toEqual({ status: 'cancelled' }),
    );
  });

  it('corrects the child’s birth date, and says when that cancelled the booking (too young)', async () => {
    const calls = bookingsApi([bookingOf({})]);
    const patched = fakeApiRoute(calls);
    await renderInApp(<BookingsPage />, { as: { roles: ['teacher'], userId: 1 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for the booking of Marko' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Correct the child’s details' }));
    const dialog = await screen.findByRole('dialog', { name: 'The child’s details: Marko' });
    const birthdate = within(dialog).getByLabelText(/^Date of birth/);
    expect((birthdate as HTMLInputElement).value).toBe('2021-05-14');
    // The contract's schema first: no date in the future.
    fireEvent.change(birthdate, { target: { value: '2099-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/./, { selector: '.mantine-InputWrapper-error' });
    expect(patched()).toBeUndefined();
    fireEvent.change(birthdate, { target: { value: '2024-06-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The notice tells that the system cancelled it (the shell shows it; here its store holds it).
    await vi.waitFor(() =>
      expect(notificationsStore.getState().notifications.map((shown) => shown.message)).toContain(
        'The booking is cancelled: Marko is not yet 3 on the lesson’s day. The parent was sent the explanation.',
      ),
    );
    expect(screen.queryByRole('dialog', { name: 'The child’s details: Marko' })).toBeNull();
    expect(patched()?.body).toEqual({ child_name: 'Marko', birthdate: '2024-06-01' });
  });
});

describe('a teacher’s week', () => {
  it('shows the week Monday first in the teacher’s zone, and goes to the next week', async () => {
    const week: BookingWeek = {
      teacher_id: 1,
      time_zone: 'Europe/London',
      availability: HOURS,
      items: [
        {
          kind: 'free_lesson',
          id: 7,
          starts_at: '2026-11-25T10:00:00.000Z',
          ends_at: '2026-11-25T10:45:00.000Z',
          title: 'Marko',
          status: 'confirmed',
        },
        {
          kind: 'lesson',
          id: 30,
          starts_at: '2026-11-26T15:00:00.000Z',
          ends_at: '2026-11-26T15:45:00.000Z',
          title: 'Olena',
          status: 'open',
        },
      ],
    };
    const calls = fakeApi({
      'GET /booking/teachers': () => json({ data: [teacher(1, 'User 1')] }),
      'GET /bookings/week': (call: SentCall) =>
        json({ data: call.query.get('week') === '2026-11-23' ? week : { ...week, items: [] } }),
    });
    await renderInApp(<BookingsPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Week' }));
    const calendar = await screen.findByTestId('week-calendar');
    const days = within(calendar).getAllByRole('heading', { level: 3 });
    expect(days).toHaveLength(7);
    expect(days[0]?.textContent).toMatch(/^Mo/);
    expect(screen.getByText('In the teacher’s time zone: Europe/London.')).toBeTruthy();
    const wednesday = within(calendar).getAllByRole('region')[2] as HTMLElement;
    expect(within(wednesday).getByRole('listitem').textContent).toBe('10:00–10:45 Free lesson: Marko');
    const thursday = within(calendar).getAllByRole('region')[3] as HTMLElement;
    expect(within(thursday).getByRole('listitem').textContent).toBe('15:00–15:45 Lesson: Olena');
    const asked = calls.filter((call) => call.path === '/bookings/week');
    expect(asked[0]?.query.get('teacher_id')).toBe('1');
    expect(asked[0]?.query.get('week')).toBe('2026-11-23');

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await vi.waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === '/bookings/week')
          .at(-1)
          ?.query.get('week'),
      ).toBe('2026-11-30'),
    );
  });
});

describe('the consultation groups', () => {
  it('creates a group session through its dialog, checked by the contract first', async () => {
    const calls = fakeApi({
      'GET /booking/teachers': () => json({ data: [teacher(1, 'User 1')] }),
      'GET /booking/sessions': () => json({ data: [] }),
      'POST /booking/sessions': () =>
        json(
          {
            data: {
              id: 1,
              teacher_id: 1,
              teacher_name: 'User 1',
              starts_at: '2026-12-01T15:00:00.000Z',
              ends_at: '2026-12-01T16:00:00.000Z',
              language: 'uk',
              seats: 6,
              seats_taken: 0,
            },
          },
          201,
        ),
    });
    await renderInApp(<BookingsPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Consultation groups' }));
    expect(await screen.findByText('No group sessions ahead.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New group session' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group session' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findAllByText('Required.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Date and time/), {
      target: { value: '2026-12-01T15:00' },
    });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Lesson language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ukrainian' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body.teacher_id).toBe(1);
    expect(body.language).toBe('uk');
    expect(Date.parse(String(body.starts_at))).toBe(new Date(2026, 11, 1, 15, 0).getTime());
  });
});

describe('deleting a group session', () => {
  it('asks first, and shows the refusal of a session that has bookings', async () => {
    const calls = fakeApi({
      'GET /booking/teachers': () => json({ data: [teacher(1, 'User 1')] }),
      'GET /booking/sessions': () =>
        json({
          data: [
            {
              id: 4,
              teacher_id: 1,
              teacher_name: 'User 1',
              starts_at: '2026-12-01T15:00:00.000Z',
              ends_at: '2026-12-01T16:00:00.000Z',
              language: 'uk',
              seats: 6,
              seats_taken: 2,
            },
          ],
        }),
      'DELETE /booking/sessions/4': () =>
        json({ message: 'The session has bookings: cancel them first.', code: 'conflict' }, 409),
    });
    await renderInApp(<BookingsPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Consultation groups' }));
    const table = await screen.findByRole('table', { name: 'Consultation group sessions' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toMatch(
      /User 1.*Ukrainian.*2 \/ 6 · 4 seats left/,
    );
    fireEvent.click(within(table).getByRole('button', { name: /^Delete the session of/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Delete the session of/ });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('The session has bookings: cancel them first.')).toBeTruthy();
  });
});
