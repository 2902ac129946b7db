import { LOCAL_KEYS, type ParentPlan } from '@logoschool/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as Router from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { fakeApi, json } from '../../testing/render.tsx';
import { renderInApp } from '../../testing/render.tsx';
import { ParentPlanPage } from './parent-plan-page.tsx';

const TOKEN = 'Ab3_-'.repeat(8) + 'xyz';
let token = TOKEN;

vi.mock('react-router', async (original) => ({
  ...(await original<typeof Router>()),
  useParams: () => ({ token }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  token = TOKEN;
  document.documentElement.lang = 'en';
});

const PLAN: ParentPlan = {
  language: 'pl',
  child_name: 'Marko',
  template_title: 'Głoska [R]',
  deadline: '2099-06-30',
  therapist_name: 'Olena Kovalenko',
  school_name: 'Szkoła Mowy',
  lessons: 10,
  schedule: [
    { number: 1, starts_at: '2030-01-07T14:00:00.000Z', duration_minutes: 45, held: true },
    { number: 2, starts_at: null, duration_minutes: 45, held: false },
  ],
  blocks: [
    { target: 'Artykulacja', description: 'Ćwiczenia języka, codziennie.', at_home: 'Słowa z R' },
    { target: 'Zdania', description: '', at_home: null },
  ],
};

const invalid = () => json({ code: 'not_found', message: 'This link is not valid or was withdrawn.' }, 404);

describe('the plan for the parents', () => {
  it('says plainly that a wrong or withdrawn link is not valid', async () => {
    const calls = fakeApi({ [`GET /show-plan/${TOKEN}`]: invalid });
    await renderInApp(<ParentPlanPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not valid or was withdrawn' }),
    ).toBeTruthy();
    expect(screen.getByText(/ask your speech therapist for a new one/)).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual([`/show-plan/${TOKEN}`]);
    // No red notification on top: the page itself is the message.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not ask about an address that holds no token at all', async () => {
    token = 'not a token!';
    const calls = fakeApi({});
    await renderInApp(<ParentPlanPage />);
    expect(screen.getByRole('heading', { name: 'This link is not valid or was withdrawn' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the plan in the student's language, leaving the app's language and the saved choice as they are", async () => {
    localStorage.removeItem(LOCAL_KEYS.language);
    fakeApi({ [`GET /show-plan/${TOKEN}`]: () => json({ data: PLAN }) });
    const view = await renderInApp(<ParentPlanPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Plan lekcji: Marko' })).toBeTruthy();
    expect(screen.getByText('Głoska [R]')).toBeTruthy();
    expect(screen.getByText('Do 30 czerwca 2099')).toBeTruthy();
    expect(screen.getByText('Lekcji: 10')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Do kogo się zwrócić',
      'Terminy lekcji',
      'Artykulacja',
      'Zdania',
    ]);
    expect(screen.getByText('Olena Kovalenko')).toBeTruthy();
    expect(screen.getByText('Szkoła Mowy')).toBeTruthy();
    // The lessons in the reader's time zone, which the page names.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(`Godziny są podane w Twojej strefie czasowej: ${zone}.`)).toBeTruthy();
    const day = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'full', timeZone: zone }).format(
      new Date('2030-01-07T14:00:00Z'),
    );
    const time = (iso: string) =>
      new Intl.DateTimeFormat('pl-PL', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: zone,
      }).format(new Date(iso));
    expect(
      screen.getByText(`${day}, ${time('2030-01-07T14:00:00Z')}–${time('2030-01-07T14:45:00Z')}`),
    ).toBeTruthy();
    expect(screen.getByText('Odbyły się')).toBeTruthy();
    expect(screen.getByText('Termin do ustalenia')).toBeTruthy();
    // What to practise at home, in the parents' words: never a folder's internal name.
    expect(screen.getByText('Co ćwiczyć w domu')).toBeTruthy();
    expect(screen.getByText('Słowa z R')).toBeTruthy();
    expect(screen.getByText('Ćwiczenia do tego bloku zostaną wkrótce wybrane.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Drukuj' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('pl'));
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem(LOCAL_KEYS.language)).toBeNull();
    view.unmount();
    expect(document.documentElement.lang).toBe('en');
  });

  it('offers to try again when the server could not answer', async () => {
    let answers = 0;
    fakeApi({
      [`GET /show-plan/${TOKEN}`]: () =>
        (answers += 1) === 1
          ? json({ code: 'internal_error', message: 'Something went wrong.' }, 500)
          : json({ data: PLAN }),
    });
    await renderInApp(<ParentPlanPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plan lekcji: Marko' })).toBeTruthy();
  });
});
