import type { StudentPractice } from '@logoschool/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { StudentPracticeSection } from './student-practice-section.tsx';

const link = { url: null, link_state: 'withdrawn' as const, issued_at: null, withdrawn_at: null };
const PRACTICE: StudentPractice = {
  totals: { right: 3, helped: 1, not_yet: 2 },
  days_practised: 2,
  last_practised_at: '2026-11-20T17:30:00.000Z',
  assignments: [
    {
      id: 5,
      lesson_id: 9,
      lesson_number: 4,
      client_id: 7,
      exercise_ids: null,
      items: [
        {
          exercise_id: 11,
          title: 'Word one',
          counts: { right: 3, helped: 1, not_yet: 0 },
          last_practised_at: '2026-11-20T17:30:00.000Z',
        },
        {
          exercise_id: 12,
          title: 'Phrase two',
          counts: { right: 0, helped: 0, not_yet: 2 },
          last_practised_at: null,
        },
      ],
      assigned_at: '2026-11-18T10:00:00.000Z',
      updated_at: '2026-11-18T10:00:00.000Z',
      withdrawn_at: '2026-11-21T10:00:00.000Z',
      days_practised: 2,
      last_practised_at: '2026-11-20T17:30:00.000Z',
      link,
    },
  ],
};

describe('home practice on the correction path', () => {
  it('says there is none yet, asking as the teacher acting in the project', async () => {
    const calls = fakeApi({
      'GET /clients/7/practice': () =>
        json({
          data: {
            assignments: [],
            totals: { right: 0, helped: 0, not_yet: 0 },
            days_practised: 0,
            last_practised_at: null,
          },
        }),
    });
    await renderInApp(<StudentPracticeSection clientId={7} />, { as: { roles: ['teacher'] } });
    expect(await screen.findByText(/No home practice yet/)).toBeTruthy();
    expect(calls.map((call) => call.query.get('workspace_id'))).toEqual(['1']);
  });

  it('shows how often the family practised, the last try, and each presentation’s outcomes, apart from the marks', async () => {
    fakeApi({ 'GET /clients/7/practice': () => json({ data: PRACTICE }) });
    await renderInApp(<StudentPracticeSection clientId={7} />, { as: { roles: ['teacher'] } });
    const section = await screen.findByRole('region', { name: 'Practice at home' });
    expect(await within(section).findByText('Practised on 2 days')).toBeTruthy();
    expect(within(section).getByText(/not your marks/)).toBeTruthy();
    expect(within(section).getByRole('heading', { name: 'Lesson 4' })).toBeTruthy();
    expect(within(section).getByText('Withdrawn')).toBeTruthy();
    const rows = within(within(section).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Presentation', 'Said it right', 'Needed help', 'Not yet', 'Last try'],
      ['Word one', '3', '1', '0', expect.stringMatching(/2026/)],
      ['Phrase two', '0', '0', '2', '—'],
    ]);
  });
});
