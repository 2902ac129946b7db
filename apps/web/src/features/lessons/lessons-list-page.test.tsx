import type { LessonCheck, LessonListItem } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../i18n/dates.ts';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { LessonsListPage } from './lessons-list-page.tsx';

beforeEach(() => {
  // A Wednesday: this week runs from Monday 23 to Sunday 29 November 2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function lessonOf(overrides: Partial<LessonListItem>): LessonListItem {
  return {
    id: 30,
    protocol_id: 7,
    plan_title: 'Sound [R]',
    client: { id: 3, child_name: 'Marko' },
    number: 3,
    starts_at: '2026-11-24T12:00:00.000Z',
    duration_minutes: 45,
    status: 'open',
    finished_at: null,
    locked: false,
    previous_lesson_id: 29,
    next_lesson_id: 31,
    updated_at: '2026-11-20T10:00:00.000Z',
    presentations: 3,
    blocks_ready: 2,
    blocks_total: 2,
    ...overrides,
  };
}

const THIS_WEEK = [
  lessonOf({ id: 30 }),
  lessonOf({
    id: 41,
    protocol_id: 8,
    plan_title: 'Hissing sounds',
    client: { id: 4, child_name: 'Olena' },
    number: 1,
    starts_at: '2026-11-26T12:00:00.000Z',
    duration_minutes: 60,
    presentations: 2,
    blocks_ready: 1,
  }),
  lessonOf({
    id: 50,
    client: { id: 5, child_name: 'Taras' },
    starts_at: '2026-11-26T14:00:00.000Z',
    locked: true,
  }),
  lessonOf({
    id: 60,
    client: { id: 6, child_name: 'Ivan' },
    number: 4,
    starts_at: '2026-11-29T12:00:00.000Z',
    presentations: 0,
    blocks_ready: 0,
  }),
];

const CHECK: LessonCheck = {
  lesson_id: 41,
  valid: false,
  ready: false,
  problems: [],
  blocks: [
    {
      key: 'a',
      target: 'Articulation',
      presentations: 2,
      min_presentations: 1,
      max_presentations: 3,
      missing: 0,
      problems: [],
    },
    {
      key: 'b',
      target: 'Phrases',
      presentations: 0,
      min_presentations: 2,
      max_presentations: 3,
      missing: 2,
      problems: ['The block “Phrases” has no presentations.'],
    },
  ],
};

/** The fake API: this week's lessons; every other week, none. */
function lessonsApi() {
  return fakeApi({
    'GET /lessons': (call: SentCall) =>
      json({
        data: call.query.get('week') === '2026-11-23' ? THIS_WEEK : [],
        meta: {
          total: call.query.get('week') === '2026-11-23' ? THIS_WEEK.length : 0,
          page: 1,
          per_page: 100,
        },
      }),
    'GET /lessons/check-lesson': () => json({ data: CHECK }),
  });
}

const listCalls = (calls: SentCall[]) => calls.filter((call) => call.path === '/lessons');
const weekHeading = (monday: string, sunday: string) =>
  screen.getByRole('heading', { name: `Week ${formatDate(monday)} – ${formatDate(sunday)}` });

describe('the lessons list', () => {
  it('shows this week’s lessons day by day, with what is left to prepare', async () => {
    const calls = lessonsApi();
    await renderInApp(<LessonsListPage />);
    const table = await screen.findByRole('table', { name: 'Lessons of the week' });
    expect(weekHeading('2026-11-23', '2026-11-29')).toBeTruthy();
    const asked = listCalls(calls)[0];
    expect(asked?.query.get('week')).toBe('2026-11-23');
    expect(asked?.query.get('time_zone')).toBeTruthy();
    expect(asked?.query.has('status')).toBe(false);

    const rows = within(table).getAllByRole('row');
    const names = rows.map((row) => row.textContent ?? '');
    // Tuesday's heading, its lesson, then Thursday's heading and its two lessons.
    expect(names[1]).toMatch(/^Tuesday, /);
    expect(names[2]).toMatch(/45 min.*Marko.*Sound \[R\].*3 of 10.*Ready.*Not finished/);
    expect(names[3]).toMatch(/^Thursday, /);
    const olena = within(table).getByRole('row', { name: /Olena/ });
    expect(olena.textContent).toMatch(/60 min.*Olena.*1 of 10/);
    expect(await within(olena).findByText('“Phrases”: 0 of 2 presentations')).toBeTruthy();
    expect(within(olena).queryByText(/Articulation/)).toBeNull();
    const taras = within(table).getByRole('row', { name: /Taras/ });
    expect(within(taras).getByText('Being regenerated')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Ivan/ }).textContent).toContain('Nothing chosen yet');
    // Only the started lesson some block of which is not ready is checked.
    expect(
      calls
        .filter((call) => call.path === '/lessons/check-lesson')
        .map((call) => call.query.get('lesson_id')),
    ).toEqual(['41']);
    expect(
      within(rows[2] as HTMLElement)
        .getByRole('link', { name: '3 of 10' })
        .getAttribute('href'),
    ).toBe('/edit-lesson/30');
  });

  it('goes from week to week, Monday first, and back to this week', async () => {
    const calls = lessonsApi();
    await renderInApp(<LessonsListPage />);
    await screen.findByRole('table', { name: 'Lessons of the week' });
    const thisWeek = screen.getByRole('button', { name: 'This week' });
    expect(thisWeek.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('No lessons this week.')).toBeTruthy();
    expect(weekHeading('2026-11-30', '2026-12-06')).toBeTruthy();
    expect(listCalls(calls).at(-1)?.query.get('week')).toBe('2026-11-30');
    expect(screen.getByRole('button', { name: 'This week' }).hasAttribute('disabled')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByRole('table', { name: 'Lessons of the week' })).toBeTruthy();
    expect(weekHeading('2026-11-23', '2026-11-29')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('No lessons this week.')).toBeTruthy();
    expect(weekHeading('2026-11-09', '2026-11-15')).toBeTruthy();
    // Each week asked in turn (this week's again, when it is shown again).
    expect([...new Set(listCalls(calls).map((call) => call.query.get('week')))]).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-11-16',
      '2026-11-09',
    ]);
  });

  it('lists only finished or only unfinished lessons', async () => {
    const calls = lessonsApi();
    await renderInApp(<LessonsListPage />);
    await screen.findByRole('table', { name: 'Lessons of the week' });
    fireEvent.click(screen.getByRole('radio', { name: 'Finished' }));
    await vi.waitFor(() => expect(listCalls(calls).at(-1)?.query.get('status')).toBe('finished'));
    fireEvent.click(screen.getByRole('radio', { name: 'Not finished' }));
    await vi.waitFor(() => expect(listCalls(calls).at(-1)?.query.get('status')).toBe('open'));
  });
});
