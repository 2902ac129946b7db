import type { Availability, TeacherAvailability } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { AvailabilityPage } from './availability-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const HOURS: Availability = {
  time_zone: 'Europe/London',
  weekly: [{ weekday: 3, start: '09:00', end: '13:00' }],
  exceptions: [],
  languages: ['uk'],
  free_lessons: true,
  consultation_groups: false,
};

const teacher = (id: number, name: string): TeacherAvailability => ({
  ...HOURS,
  teacher_id: id,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@school.test`,
  upcoming: 3,
});

/** The texts an input is described by: its hint and its error. */
const describing = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function availabilityApi(teachers: TeacherAvailability[], id = 1) {
  return fakeApi({
    'GET /booking/teachers': () => json({ data: teachers }),
    [`GET /booking/availability/${id}`]: () => json({ data: HOURS }),
    [`PUT /booking/availability/${id}`]: (call: SentCall) => json({ data: call.body }),
  });
}

describe('the availability screen', () => {
  it('opens a teacher’s own editor at once, and refuses an end before the start under its field', async () => {
    const calls = availabilityApi([teacher(1, 'User 1')]);
    await renderInApp(<AvailabilityPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My availability' })).toBeTruthy();
    const end = await screen.findByLabelText(/^End, Wednesday/);
    expect((end as HTMLInputElement).value).toBe('13:00');
    fireEvent.change(end, { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(describing(end)).toContain('The end cannot be before the start.'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saves her hours, a new day’s hours and the switches with PUT', async () => {
    const calls = availabilityApi([teacher(1, 'User 1')]);
    await renderInApp(<AvailabilityPage />);
    const end = await screen.findByLabelText(/^End, Wednesday/);
    fireEvent.change(end, { target: { value: '14:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add hours: Friday' }));
    fireEvent.click(screen.getByRole('switch', { name: /Leads consultation groups/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = calls.find((call) => call.method === 'PUT');
    expect(sent?.path).toBe('/booking/availability/1');
    expect(sent?.body).toEqual({
      ...HOURS,
      weekly: [
        { weekday: 3, start: '09:00', end: '14:00' },
        { weekday: 5, start: '09:00', end: '17:00' },
      ],
      consultation_groups: true,
    });
  });

  it('refuses a day that differs without its date, until it is filled or removed', async () => {
    const calls = availabilityApi([teacher(1, 'User 1')]);
    await renderInApp(<AvailabilityPage />);
    await screen.findByLabelText(/^End, Wednesday/);
    fireEvent.click(screen.getByRole('button', { name: 'Add a date' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // A new date left empty is refused before anything is sent.
    await vi.waitFor(() =>
      expect(document.querySelector('[data-exception="0"]')?.textContent).toContain('Enter a real date'),
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the date new date' }));
    expect(document.querySelector('[data-exception]')).toBeNull();
  });

  it('says when two hours of one day overlap', async () => {
    const calls = availabilityApi([teacher(1, 'User 1')]);
    await renderInApp(<AvailabilityPage />);
    await screen.findByRole('heading', { level: 1, name: 'My availability' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add hours: Wednesday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Time ranges cannot overlap.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows a manager the project’s teachers, each opening her availability', async () => {
    availabilityApi([teacher(5, 'Olha Shevchenko'), teacher(6, 'Anna Bondar')]);
    await renderInApp(<AvailabilityPage />, { as: { roles: ['manager'], userId: 9 } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Teachers’ availability' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Teachers' });
    const olha = within(table).getByRole('row', { name: /Olha/ });
    expect(olha.textContent).toMatch(/Ukrainian.*Free lessons.*No groups.*Europe\/London.*3/);
    expect(within(olha).getByRole('link', { name: 'Olha Shevchenko' }).getAttribute('href')).toBe(
      '/availability/5',
    );
  });

  it('opens one teacher’s editor for a manager, with the way back to all teachers', async () => {
    const calls = availabilityApi([], 5);
    await renderInApp(
      <MemoryRouter initialEntries={['/availability/5']}>
        <Routes>
          <Route path="/availability/:teacherId?" element={<AvailabilityPage />} />
        </Routes>
      </MemoryRouter>,
      { as: { roles: ['manager'], userId: 9 }, router: false },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher’s availability' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All teachers' }).getAttribute('href')).toBe('/availability');
    await screen.findByRole('button', { name: 'Save' });
    expect(calls.some((call) => call.path === '/booking/teachers')).toBe(false);
  });
});
