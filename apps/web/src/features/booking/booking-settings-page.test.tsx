import { mayOpen, routeOf, type BookingSettings, type PublicLink } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { BookingSettingsPage } from './booking-settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const SETTINGS: BookingSettings = {
  lesson_minutes: 45,
  buffer_minutes: 15,
  booking_notice_minutes: 720,
  change_notice_minutes: 1440,
  horizon_days: 30,
  group_seats: 6,
};

const NO_LINK: PublicLink = { link_state: 'none', url: null, issued_at: null, withdrawn_at: null };
const LIVE: PublicLink = {
  link_state: 'live',
  url: 'http://localhost/appointment/abc123',
  issued_at: '2026-11-28T10:00:00.000Z',
  withdrawn_at: null,
};

/** The texts an input is described by: its hint and its error. */
const describing = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function settingsApi() {
  return fakeApi({
    'GET /booking/settings': () => json({ data: SETTINGS }),
    'PUT /booking/settings': (call: SentCall) => json({ data: call.body }),
    'GET /booking/projects/1/link': () => json({ data: NO_LINK }),
    'POST /booking/projects/1/link': () => json({ data: LIVE }),
  });
}

describe('the booking settings', () => {
  it('shows the notices in hours, refuses what the contract refuses, and saves minutes', async () => {
    const calls = settingsApi();
    await renderInApp(<BookingSettingsPage />, { as: { roles: ['admin'] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Booking settings' })).toBeTruthy();
    const notice = await screen.findByRole('textbox', { name: 'Book at least, hours ahead' });
    expect((notice as HTMLInputElement).value).toBe('12');
    const length = screen.getByRole('textbox', { name: 'Free lesson length, minutes' });
    fireEvent.change(length, { target: { value: '30' } });
    fireEvent.change(notice, { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(describing(length)).toContain('At least 45.'));
    expect(describing(notice)).toContain('From 0 to 168 hours.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(length, { target: { value: '60' } });
    fireEvent.change(notice, { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...SETTINGS,
      lesson_minutes: 60,
      booking_notice_minutes: 48 * 60,
    });
    expect(calls.find((call) => call.method === 'PUT')?.query.get('workspace_id')).toBe('1');
  });

  it('turns booking on by making the page’s link', async () => {
    const calls = settingsApi();
    await renderInApp(<BookingSettingsPage />, { as: { roles: ['admin'] } });
    const section = await screen.findByRole('region', { name: 'Booking page' });
    expect(await within(section).findByText('Booking is off')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Turn booking on' }));
    expect(await within(section).findByText('Booking is on')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/booking/projects/1/link');
    expect((within(section).getByRole('textbox') as HTMLInputElement).value).toBe(LIVE.url);
  });
});

describe('who opens the booking screens', () => {
  it.each([
    ['/bookings', 'teacher', true],
    ['/bookings', 'manager', true],
    ['/bookings', 'author', false],
    ['/bookings', 'moderator', false],
    ['/availability/:teacherId?', 'teacher', true],
    ['/availability/:teacherId?', 'manager', true],
    ['/availability/:teacherId?', 'author', false],
    ['/booking-settings', 'admin', true],
    ['/booking-settings', 'manager', false],
    ['/booking-settings', 'teacher', false],
  ] as const)('%s for a %s: %s', (path, role, may) => {
    const route = routeOf(path);
    if (!route) throw new Error(`${path} is not in the route table`);
    expect(route.built).toBe(true);
    // An admin acts with manager selected, holding admin on top of it.
    const selected = role === 'admin' ? 'manager' : role;
    expect(mayOpen(route, selected, [role])).toBe(may);
  });

  it('asks nothing of the settings for a teacher, who may not change them', async () => {
    const calls = settingsApi();
    await renderInApp(<BookingSettingsPage />, { as: { roles: ['teacher'] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Booking settings' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
