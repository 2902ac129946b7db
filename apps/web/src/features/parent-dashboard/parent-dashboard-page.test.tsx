import type { ParentDashboard } from '@logoschool/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type * as Router from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { ParentDashboardPage } from './parent-dashboard-page.tsx';

const TOKEN = 'Ab3_-'.repeat(8) + 'xyz';

vi.mock('react-router', async (original) => ({
  ...(await original<typeof Router>()),
  useParams: () => ({ token: TOKEN }),
}));

afterEach(() => {
  document.documentElement.lang = 'en';
});

const EMPTY: ParentDashboard = {
  language: 'uk',
  child_name: 'Марко',
  time_zone: null,
  therapist_name: 'Олена Коваленко',
  school: { name: 'Школа мовлення', email: '', phone: '' },
  chat: null,
  next_lessons: [],
  plan: null,
  lessons_held: [],
  trend: null,
  diagnoses: [],
};

const FULL: ParentDashboard = {
  ...EMPTY,
  time_zone: 'America/New_York',
  school: { name: 'Школа мовлення', email: 'hello@school.example', phone: '+380441234567' },
  next_lessons: [
    { starts_at: '2030-01-07T14:00:00.000Z', duration_minutes: 45, child_screen: '/client-session/abc' },
    { starts_at: '2030-01-09T14:00:00.000Z', duration_minutes: 45, child_screen: null },
  ],
  plan: {
    template_title: 'Звук [Р]',
    deadline: '2030-06-30',
    lessons: 10,
    blocks: [{ target: 'Артикуляція', description: 'Вправи для язика.', at_home: 'Слова з Р' }],
  },
  lessons_held: [
    { date: '2029-12-20T15:00:00.000Z', tries: 4, said_right: 2 },
    { date: '2029-12-27T15:00:00.000Z', tries: 3, said_right: 3 },
    { date: '2030-01-03T15:00:00.000Z', tries: 0, said_right: 0 },
  ],
  trend: 'better',
  diagnoses: [
    {
      card_title: 'Обстеження мовлення',
      diagnosed_on: '2029-11-01',
      page: '/dc-preview/tok',
      progress_page: '/progress-preview/tok',
    },
  ],
};

const open = async (dashboard: ParentDashboard) => {
  fakeApi({ [`GET /parent-dashboard/${TOKEN}`]: () => json({ data: dashboard }) });
  await renderInApp(<ParentDashboardPage />);
  await screen.findByRole('heading', { level: 1, name: 'Сторінка для батьків: Марко' });
};

const section = (name: string) => screen.getByRole('region', { name });

describe("the parents' dashboard", () => {
  it('says what is still to come in each section when there is nothing yet', async () => {
    await open(EMPTY);
    // The page says its language once its texts are in (an effect after the first render).
    await waitFor(() => expect(document.documentElement.lang).toBe('uk'));
    expect(within(section('Найближчі уроки')).getByText(/Найближчих уроків ще немає/)).toBeTruthy();
    expect(within(section('План уроків')).getByText(/Плану ще немає/)).toBeTruthy();
    expect(within(section('Як минули уроки')).getByText(/Уроків ще не було/)).toBeTruthy();
    expect(within(section('Діагностики')).getByText('Діагностик вам ще не надсилали.')).toBeTruthy();
    const contacts = section('Контакти');
    expect(within(contacts).getByText('Олена Коваленко')).toBeTruthy();
    expect(within(contacts).getByText(/зверніться до свого логопеда/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Відкрити екран дитини' })).toBeNull();
  });

  it("shows the lessons in the family's time zone, naming it, with the child's screen only at lesson time", async () => {
    await open(FULL);
    const next = section('Найближчі уроки');
    expect(within(next).getByText('Час показано у вашому часовому поясі: America/New_York.')).toBeTruthy();
    // 14:00 UTC is 09:00 in New York in January (both lessons).
    expect(within(next).getAllByText('09:00–09:45 · 45 хвилин')).toHaveLength(2);
    const day = new Intl.DateTimeFormat('uk-UA', { dateStyle: 'full', timeZone: 'America/New_York' }).format(
      new Date('2030-01-07T14:00:00Z'),
    );
    expect(within(next).getByText(day)).toBeTruthy();
    const buttons = within(next).getAllByRole('link', { name: 'Відкрити екран дитини' });
    expect(buttons.map((button) => button.getAttribute('href'))).toEqual(['/client-session/abc']);
  });

  it('uses the browser’s time zone when the school has none for the family', async () => {
    await open({ ...FULL, time_zone: null });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(`Час показано у вашому часовому поясі: ${zone}.`)).toBeTruthy();
  });

  it('shows the plan, the lessons held with Ukrainian plurals and the trend, the diagnoses and the contacts', async () => {
    await open(FULL);
    const plan = section('План уроків');
    expect(within(plan).getByText('Звук [Р]')).toBeTruthy();
    expect(within(plan).getByText('До 30 червня 2030 р. · 10 уроків')).toBeTruthy();
    expect(within(plan).getByText('Слова з Р')).toBeTruthy();
    const held = section('Як минули уроки');
    expect(within(held).getByText('Проведено 3 уроки.')).toBeTruthy();
    expect(within(held).getByText('Останній урок пройшов краще за попередній.')).toBeTruthy();
    expect(within(held).getByText('Правильно 2 з 4 спроб')).toBeTruthy();
    expect(within(held).getByText('Правильно 3 з 3 спроб')).toBeTruthy();
    expect(within(held).getByText('Спроб не позначали')).toBeTruthy();
    expect(within(held).getAllByRole('progressbar')).toHaveLength(2);
    const diagnoses = section('Діагностики');
    expect(within(diagnoses).getByRole('link', { name: 'Відкрити' }).getAttribute('href')).toBe(
      '/dc-preview/tok',
    );
    expect(within(diagnoses).getByRole('link', { name: 'Динаміка' }).getAttribute('href')).toBe(
      '/progress-preview/tok',
    );
    const contacts = section('Контакти');
    expect(within(contacts).getByRole('link', { name: 'hello@school.example' }).getAttribute('href')).toBe(
      'mailto:hello@school.example',
    );
    expect(within(contacts).getByRole('link', { name: '+380441234567' }).getAttribute('href')).toBe(
      'tel:+380441234567',
    );
  });

  it('renders the sections the other parts of the parents’ side bring, with the token', async () => {
    fakeApi({ [`GET /parent-dashboard/${TOKEN}`]: () => json({ data: EMPTY }) });
    await renderInApp(
      <ParentDashboardPage sections={(dashboard, token) => <p>{`${dashboard.child_name} · ${token}`}</p>} />,
    );
    expect(await screen.findByText(`Марко · ${TOKEN}`)).toBeTruthy();
  });

  it('says plainly that a withdrawn link is not valid', async () => {
    fakeApi({
      [`GET /parent-dashboard/${TOKEN}`]: () =>
        json({ code: 'not_found', message: 'This link is not valid or was withdrawn.' }, 404),
    });
    await renderInApp(<ParentDashboardPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not valid or was withdrawn' }),
    ).toBeTruthy();
  });
});
