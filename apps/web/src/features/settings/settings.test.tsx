import type { SettingsOverview } from '@logoschool/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { SettingsPage } from './settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const OVERVIEW: SettingsOverview = {
  env_id: 1,
  environments: [1, 2],
  values: { maintenance: false, maintenance_message: '', force_update: false },
  configured: {
    vacancy_url: 'https://jobs.example/speech',
    vacancy_shown: true,
    chat: null,
    booking_defaults: {
      lesson_minutes: 45,
      buffer_minutes: 15,
      booking_notice_minutes: 720,
      change_notice_minutes: 1440,
      horizon_days: 30,
      group_seats: 6,
    },
  },
};

const noHistory = () => json({ data: [], meta: { total: 0, page: 1, per_page: 20 } });

describe('the settings screen', () => {
  it('shows the settings kept elsewhere read-only, with where they are changed', async () => {
    fakeApi({ 'GET /settings': () => json({ data: OVERVIEW }), 'GET /settings/history': noHistory });
    await renderInApp(<SettingsPage />, { as: { roles: 'root' } });
    expect(await screen.findByText('https://jobs.example/speech')).toBeTruthy();
    expect(screen.getByText('VACANCY_URLS')).toBeTruthy();
    expect(screen.getByText('CHAT_TOKEN')).toBeTruthy();
    expect(
      screen.getByText(
        "each project's own; until saved: 45-minute lessons, booking 30 days ahead, 6 seats in a group",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Booking settings/ }).getAttribute('href')).toBe(
      '/booking-settings',
    );
  });

  it('refuses a message past its limit before saving, and saves through the storage key of the environment', async () => {
    const calls = fakeApi({
      'GET /settings': () => json({ data: OVERVIEW }),
      'GET /settings/history': noHistory,
      'POST /storage/app_settings': () => json({ data: {} }),
    });
    await renderInApp(<SettingsPage />, { as: { roles: 'root' } });
    // The switch's label holds its description too.
    fireEvent.click(await screen.findByRole('switch', { name: /^Maintenance/ }));
    fireEvent.change(screen.getByRole('textbox', { name: "The notice's message" }), {
      target: { value: 'x'.repeat(501) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 500 characters.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: "The notice's message" }), {
      target: { value: 'Back at 14:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      maintenance: true,
      maintenance_message: 'Back at 14:00',
      force_update: false,
    });
  });
});
