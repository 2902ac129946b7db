import type { ParentBooking, SlotsAnswer } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as Router from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { ManagePage } from './manage-page.tsx';

const TOKEN = 'manage-token-0123456789';

vi.mock('react-router', async (original) => ({
  ...(await original<typeof Router>()),
  useParams: () => ({ token: TOKEN }),
}));
// Public calls are spaced in the app (spec §9); here they follow each other at once.
vi.mock('@logoschool/contract', async (original) => ({
  ...(await original<object>()),
  PUBLIC_REQUEST_SPACING_MS: 0,
}));

// 1 December 2026, 12:00 in Jerusalem.
const NOW = new Date('2026-12-01T10:00:00Z');

// A whole form with long lists of zones and countries, step by step: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const booking = (over: Partial<ParentBooking> = {}): ParentBooking => ({
  status: 'confirmed',
  kind: 'free_lesson',
  school: 'Speech Garden',
  teacher_name: 'Olena Kovalenko',
  teacher_time_zone: 'Europe/London',
  // 16:00 in Tel Aviv, 14:00 in London.
  starts_at: '2026-12-05T14:00:00.000Z',
  ends_at: '2026-12-05T14:45:00.000Z',
  time_zone: 'Asia/Jerusalem',
  language: 'uk',
  child_name: 'Mia',
  parent_name: 'Anna Smith',
  email: 'anna@example.com',
  reserved_until: null,
  changeable_until: '2026-12-04T14:00:00.000Z',
  cancelled_by: null,
  ...over,
});

const SLOTS: SlotsAnswer = {
  slots: [
    {
      start: '2026-12-05T14:00:00.000Z',
      end: '2026-12-05T14:45:00.000Z',
      teacher_time_zones: ['Europe/London'],
    },
    {
      start: '2026-12-06T08:00:00.000Z',
      end: '2026-12-06T08:45:00.000Z',
      teacher_time_zones: ['Europe/London'],
    },
  ],
  old_enough_from: null,
};

function api(shown: ParentBooking, routes: Record<string, (call: SentCall) => Response> = {}) {
  return fakeApi({
    [`GET /appointment/manage/${TOKEN}`]: () => json({ data: shown }),
    [`GET /appointment/manage/${TOKEN}/slots`]: () => json({ data: SLOTS }),
    [`POST /appointment/manage/${TOKEN}/cancel`]: () =>
      json({ data: booking({ status: 'cancelled', cancelled_by: 'parent' }) }),
    [`POST /appointment/manage/${TOKEN}/move`]: () =>
      json({ data: booking({ starts_at: '2026-12-06T08:00:00.000Z', ends_at: '2026-12-06T08:45:00.000Z' }) }),
    ...routes,
  });
}

describe('a booking’s private page', () => {
  it('shows the booking in both zones, the calendar file, and asks before cancelling', async () => {
    const calls = api(booking());
    await renderInApp(<ManagePage />, { as: null });
    expect(await screen.findByText('Booking: Mia', { selector: 'h1' })).toBeTruthy();
    expect(
      screen.getByText('16:00 for you (Asia/Jerusalem) · 14:00 for the teacher (Europe/London)'),
    ).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    const ics = screen.getByText('Download the calendar file (.ics)').closest('a');
    expect(ics?.getAttribute('href')).toBe(`/api/appointment/manage/${TOKEN}/calendar.ics`);
    fireEvent.click(screen.getByText('Cancel', { selector: 'button span' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the booking?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByText('Yes, cancel'));
    expect(await screen.findByText('The booking has been cancelled.')).toBeTruthy();
    expect(screen.getByText('Cancelled by you')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: `/appointment/manage/${TOKEN}/cancel` });
    expect(screen.queryByText('Move', { selector: 'button span' })).toBeNull();
  });

  it('moves the booking with the same slot picker', async () => {
    const calls = api(booking());
    await renderInApp(<ManagePage />, { as: null });
    fireEvent.click(await screen.findByText('Move', { selector: 'button span' }));
    expect(await screen.findByText('Choose a new time')).toBeTruthy();
    fireEvent.click(await screen.findByText('10:00'));
    expect(await screen.findByText(/The booking has been moved/)).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/appointment/manage/${TOKEN}/move`,
      body: { start: '2026-12-06T08:00:00.000Z' },
    });
    expect(
      screen.getByText('10:00 for you (Asia/Jerusalem) · 08:00 for the teacher (Europe/London)'),
    ).toBeTruthy();
  });

  it('after the notice says whom to contact instead of the buttons', async () => {
    api(booking({ changeable_until: '2026-12-01T09:00:00.000Z' }));
    await renderInApp(<ManagePage />, { as: null });
    expect(await screen.findByText(/can no longer be changed online/)).toBeTruthy();
    expect(screen.getByText(/contact the administrator of “Speech Garden”/)).toBeTruthy();
    expect(screen.queryByText('Move', { selector: 'button span' })).toBeNull();
    expect(screen.queryByText('Cancel', { selector: 'button span' })).toBeNull();
  });

  it('takes a 409 too_late as the notice having passed', async () => {
    api(booking(), {
      [`POST /appointment/manage/${TOKEN}/cancel`]: () =>
        json({ code: 'too_late', message: 'Too late.' }, 409),
    });
    await renderInApp(<ManagePage />, { as: null });
    fireEvent.click(await screen.findByText('Cancel', { selector: 'button span' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByText('Yes, cancel'));
    expect(await screen.findByText(/can no longer be changed online/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Move', { selector: 'button span' })).toBeNull());
  });

  it('explains a booking the system cancelled because the child is under 3 on the lesson’s date', async () => {
    api(booking({ status: 'cancelled', cancelled_by: 'too_young' }));
    await renderInApp(<ManagePage />, { as: null });
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('The booking was cancelled by the system')).toBeTruthy();
    expect(within(notice).getByText(/Mia will not yet be 3 on the lesson’s date/)).toBeTruthy();
    expect(screen.getByText('Cancelled by the system')).toBeTruthy();
    expect(screen.queryByText('Move', { selector: 'button span' })).toBeNull();
  });

  it('says plainly that a wrong link is not valid', async () => {
    fakeApi({});
    await renderInApp(<ManagePage />, { as: null });
    expect(
      await screen.findByText('This link is not valid or was withdrawn', { selector: 'h1' }),
    ).toBeTruthy();
  });
});
