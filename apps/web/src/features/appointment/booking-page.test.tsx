import {
  LOCAL_KEYS,
  type BookingPage as Page,
  type ParentBooking,
  type ReservationAnswer,
  type SlotsAnswer,
} from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as Router from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { BookingPage } from './booking-page.tsx';
import type * as Zones from './zones.ts';

const TOKEN = 'booking-token-0123456789';

vi.mock('react-router', async (original) => ({
  ...(await original<typeof Router>()),
  useParams: () => ({ token: TOKEN }),
}));
// Public calls are spaced in the app (spec §9); here they follow each other at once.
vi.mock('@logoschool/contract', async (original) => ({
  ...(await original<object>()),
  PUBLIC_REQUEST_SPACING_MS: 0,
}));
let browserZone = 'America/Los_Angeles';
vi.mock('./zones.ts', async (original) => ({
  ...(await original<typeof Zones>()),
  browserTimeZone: () => browserZone,
}));

// 1 December 2026, 02:00 in Los Angeles, 10:00 in London.
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
  browserZone = 'America/Los_Angeles';
});

const PAGE: Page = {
  school: 'Speech Garden',
  languages: { free_lesson: ['en', 'uk'], consultation: ['en'] },
  themes: [
    { id: 7, name: 'Dinosaurs' },
    { id: 8, name: 'Space' },
  ],
  lesson_minutes: 45,
  horizon_days: 3,
  change_notice_minutes: 1440,
};

const LONDON = 'Europe/London';
const SLOTS: SlotsAnswer = {
  slots: [
    // 09:00 on 1 December in Los Angeles, 17:00 in London: the same day.
    { start: '2026-12-01T17:00:00.000Z', end: '2026-12-01T17:45:00.000Z', teacher_time_zones: [LONDON] },
    // 17:00 on 1 December in Los Angeles, 01:00 on 2 December in London.
    { start: '2026-12-02T01:00:00.000Z', end: '2026-12-02T01:45:00.000Z', teacher_time_zones: [LONDON] },
    { start: '2026-12-03T18:00:00.000Z', end: '2026-12-03T18:45:00.000Z', teacher_time_zones: [LONDON] },
  ],
  old_enough_from: null,
};

const booking = (over: Partial<ParentBooking> = {}): ParentBooking => ({
  status: 'reserved',
  kind: 'free_lesson',
  school: 'Speech Garden',
  teacher_name: 'Olena Kovalenko',
  teacher_time_zone: LONDON,
  starts_at: '2026-12-01T17:00:00.000Z',
  ends_at: '2026-12-01T17:45:00.000Z',
  time_zone: 'America/Los_Angeles',
  language: 'en',
  child_name: 'Mia',
  parent_name: 'Anna Smith',
  email: 'anna@example.com',
  reserved_until: '2026-12-01T10:10:00.000Z',
  changeable_until: '2026-11-30T17:00:00.000Z',
  cancelled_by: null,
  ...over,
});

const RESERVED: ReservationAnswer = { booking: booking(), reservation_id: 41, confirm_key: 'secret-key' };

const refusal =
  (status: number, code: string, message = 'Refused.') =>
  () =>
    json({ code, message }, status);

function api(routes: Record<string, (call: SentCall) => Response> = {}) {
  return fakeApi({
    [`GET /appointment/${TOKEN}`]: () => json({ data: PAGE }),
    [`GET /appointment/${TOKEN}/slots`]: () => json({ data: SLOTS }),
    [`POST /appointment/${TOKEN}/reservations`]: () => json({ data: RESERVED }, 201),
    [`POST /appointment/${TOKEN}/reservations/41/confirm`]: () =>
      json({ data: booking({ status: 'confirmed', reserved_until: null }) }),
    ...routes,
  });
}

/** A field by its label (a Mantine select labels its list too: the input comes first). */
const field = (name: RegExp): HTMLInputElement => {
  const [input] = screen.getAllByLabelText(name);
  if (!(input instanceof HTMLInputElement)) throw new Error(`No input labelled ${String(name)}`);
  return input;
};
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });

async function fillStepOne({ birthdate = '2020-05-01' } = {}) {
  await screen.findByText('Who', { selector: 'h2' });
  type(/^Your name/, 'Anna Smith');
  type(/^Email/, 'anna@example.com');
  type(/^Phone/, '+44 7700 900123');
  type(/^Child’s name/, 'Mia');
  type(/^Child’s date of birth/, birthdate);
}

const next = () => fireEvent.click(screen.getByText('Next: choose a time'));

async function toSlots() {
  await fillStepOne();
  next();
  await screen.findByText('When', { selector: 'h2' });
  await screen.findByRole('group', { name: 'Days' });
}

describe('the parents’ booking page, step 1 (who)', () => {
  it('is titled for the school and says under each field what is missing, asking for no slots', async () => {
    const calls = api();
    await renderInApp(<BookingPage />, { as: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book a free lesson — Speech Garden' }),
    ).toBeTruthy();
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    next();
    expect(await screen.findAllByText('Required.')).toHaveLength(3);
    expect(screen.getByText(/Enter the number in international format/)).toBeTruthy();
    expect(screen.getByText('Enter a real date as YYYY-MM-DD.')).toBeTruthy();
    expect(field(/^Your name/).getAttribute('aria-invalid')).toBe('true');
    // The detected zone and the browser's country are filled in; the lesson language is the page's.
    expect(field(/^Time zone/).value).toMatch(/Los Angeles \(America\/Los_Angeles\)/);
    expect(field(/^Country/).value).toBe('United States');
    expect(field(/^Lesson language/).value).toBe('English');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /appointment/${TOKEN}`]);
  });

  it('stops a child under 3 on the last bookable day with §8’s modal, booking nothing', async () => {
    const calls = api();
    await renderInApp(<BookingPage />, { as: null });
    await fillStepOne({ birthdate: '2025-01-10' });
    next();
    const modal = await screen.findByRole('dialog', {
      name: 'Individual lessons are for children from 3 years',
    });
    expect(within(modal).getByText(/Mia will not yet be 3 on the lesson’s date/)).toBeTruthy();
    expect(within(modal).getByText(/Nothing has been booked/)).toBeTruthy();
    expect(
      within(modal).getByText('You can book lessons from Monday, 10 January 2028, when Mia turns 3.'),
    ).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'I understand' }));
    expect(screen.getByText('Who', { selector: 'h2' })).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('stops the course for a child under 6 and offers an individual free lesson instead', async () => {
    const calls = api();
    await renderInApp(<BookingPage />, { as: null });
    await fillStepOne({ birthdate: '2022-03-01' });
    fireEvent.click(screen.getByRole('radio', { name: 'Communication and consultation course' }));
    next();
    const modal = await screen.findByRole('dialog', { name: 'The course takes children from 6 years' });
    expect(within(modal).getByText(/groups of 60 minutes and takes children from 6 years/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Book an individual lesson' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('radio', { name: 'Individual free lesson' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(calls).toHaveLength(1);
    next();
    await screen.findByText('When', { selector: 'h2' });
    await waitFor(() => expect(calls.at(-1)?.path).toBe(`/appointment/${TOKEN}/slots`));
    expect(Object.fromEntries(calls.at(-1)?.query ?? [])).toEqual({
      kind: 'free_lesson',
      language: 'en',
      birthdate: '2022-03-01',
    });
  });
});

describe('the page’s language', () => {
  it('starts in the saved interface language, switches on the page and sends it with the calls', async () => {
    localStorage.setItem(LOCAL_KEYS.language, 'uk');
    try {
      api();
      await renderInApp(<BookingPage />, { as: null });
      expect(await screen.findByText('Хто', { selector: 'h2' })).toBeTruthy();
      expect(document.documentElement.lang).toBe('uk');
      fireEvent.change(screen.getByLabelText('Мова інтерфейсу'), { target: { value: 'pl' } });
      expect(await screen.findByText('Kto', { selector: 'h2' })).toBeTruthy();
      expect(document.documentElement.lang).toBe('pl');
      expect(localStorage.getItem(LOCAL_KEYS.language)).toBe('pl');
      const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
      expect(new Headers(init?.headers).get('Accept-Language')).toBe('uk');
    } finally {
      localStorage.removeItem(LOCAL_KEYS.language);
    }
  });
});

describe('the parents’ booking page, step 2 (when)', () => {
  it('groups the slots by the parent’s days, marks a day with none, and shows the teacher’s time on another day', async () => {
    api();
    await renderInApp(<BookingPage />, { as: null });
    await toSlots();
    const days = within(screen.getByRole('group', { name: 'Days' })).getAllByRole('button');
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual([
      'Tue 1 Dec: 2 free times',
      'Wed 2 Dec: no free time',
      'Thu 3 Dec: 1 free time',
      'Fri 4 Dec: no free time',
    ]);
    expect(screen.getByText('Times are shown in your time zone: America/Los_Angeles.')).toBeTruthy();
    const times = within(screen.getByRole('list', { name: 'Tuesday, 1 December 2026' })).getAllByRole(
      'button',
    );
    expect(times.map((time) => time.textContent)).toEqual(['09:00', '17:00teacher: 01:00, Wed 2 Dec']);
    fireEvent.click(days[1] as HTMLElement);
    expect(screen.getByText('No free time on this day. Please choose another day.')).toBeTruthy();
  });

  it('reserves the chosen slot, counts the hold down, confirms with the key and says where the mail went', async () => {
    const calls = api();
    await renderInApp(<BookingPage />, { as: null });
    await toSlots();
    fireEvent.click(screen.getByText('09:00'));
    expect(await screen.findByRole('heading', { name: 'This time is on hold for you' })).toBeTruthy();
    expect(
      screen.getByText('09:00 for you (America/Los_Angeles) · 17:00 for the teacher (Europe/London)'),
    ).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('On hold for 10:00 more');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'free_lesson',
      parent_name: 'Anna Smith',
      email: 'anna@example.com',
      phone: '+44 7700 900123',
      country: 'US',
      time_zone: 'America/Los_Angeles',
      language: 'en',
      child_name: 'Mia',
      birthdate: '2020-05-01',
      theme_ids: [],
      start: '2026-12-01T17:00:00.000Z',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Your booking is confirmed/ })).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ confirm_key: 'secret-key' });
    expect(
      screen.getByText('We sent the confirmation to anna@example.com with a calendar file.'),
    ).toBeTruthy();
    expect(screen.getByText(/with the link in that email until/)).toBeTruthy();
  });

  it('frees the held time when the parent chooses another one', async () => {
    const calls = api({ [`POST /appointment/${TOKEN}/reservations/41/release`]: () => json({ data: null }) });
    await renderInApp(<BookingPage />, { as: null });
    await toSlots();
    fireEvent.click(screen.getByText('09:00'));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose another time' }));
    expect(await screen.findByRole('group', { name: 'Days' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/slots'))).toHaveLength(2));
    const release = calls.find((call) => call.path.endsWith('/release'));
    expect(release?.body).toEqual({ confirm_key: 'secret-key' });
  });

  it('says a slot was just taken and reads the slots again', async () => {
    const calls = api({ [`POST /appointment/${TOKEN}/reservations`]: refusal(409, 'slot_taken') });
    await renderInApp(<BookingPage />, { as: null });
    await toSlots();
    fireEvent.click(screen.getByText('09:00'));
    expect(await screen.findByText(/This time was just taken/)).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/slots'))).toHaveLength(2));
  });

  it('shows §8’s modal when a booking exists for the date', async () => {
    api({ [`POST /appointment/${TOKEN}/reservations`]: refusal(409, 'booking_exists') });
    await renderInApp(<BookingPage />, { as: null });
    await toSlots();
    fireEvent.click(screen.getByText('09:00'));
    const modal = await screen.findByRole('dialog', { name: 'A booking already exists for this date' });
    expect(within(modal).getByText(/contact the school’s administrator/)).toBeTruthy();
  });

  it('goes back to step 1 with the age modal when the server finds the child too young', async () => {
    api({ [`POST /appointment/${TOKEN}/reservations`]: refusal(422, 'too_young') });
    await renderInApp(<BookingPage />, { as: null });
    await toSlots();
    fireEvent.click(screen.getByText('09:00'));
    expect(
      await screen.findByRole('dialog', { name: 'Individual lessons are for children from 3 years' }),
    ).toBeTruthy();
    expect(screen.getByText('Who', { selector: 'h2' })).toBeTruthy();
  });

  it('says when the hold ran out and shows the slots again', async () => {
    api({
      [`POST /appointment/${TOKEN}/reservations`]: () =>
        json(
          { data: { ...RESERVED, booking: booking({ reserved_until: '2026-12-01T09:59:00.000Z' }) } },
          201,
        ),
    });
    await renderInApp(<BookingPage />, { as: null });
    await toSlots();
    fireEvent.click(screen.getByText('09:00'));
    expect(await screen.findByText(/The hold on your time has run out/)).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Days' })).toBeTruthy();
  });

  it('shows each course session with its seats left and reserves the session', async () => {
    const calls = api({
      [`GET /appointment/${TOKEN}/slots`]: () =>
        json({
          data: {
            slots: [
              {
                start: '2026-12-02T18:00:00.000Z',
                end: '2026-12-02T19:00:00.000Z',
                session_id: 12,
                seats_left: 3,
                teacher_time_zones: [LONDON],
              },
            ],
            old_enough_from: null,
          },
        }),
    });
    await renderInApp(<BookingPage />, { as: null });
    await fillStepOne({ birthdate: '2018-02-01' });
    fireEvent.click(screen.getByRole('radio', { name: 'Communication and consultation course' }));
    next();
    await screen.findByText('When', { selector: 'h2' });
    expect(await screen.findByText('3 seats left')).toBeTruthy();
    fireEvent.click(screen.getByText('10:00'));
    await screen.findByText('This time is on hold for you');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      kind: 'consultation',
      start: '2026-12-02T18:00:00.000Z',
      session_id: 12,
    });
  });

  it('keeps step 1’s answers when the parent goes back', async () => {
    api();
    await renderInApp(<BookingPage />, { as: null });
    await toSlots();
    fireEvent.click(screen.getByRole('button', { name: 'Back to your details' }));
    await screen.findByText('Who', { selector: 'h2' });
    expect(field(/^Your name/).value).toBe('Anna Smith');
    expect(field(/^Child’s date of birth/).value).toBe('2020-05-01');
  });
});
