import { progressCounts, type StudentProgress } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { ProgressSection } from './progress-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const point = (lesson: number, counts: [number, number, number], date: string | null) => ({
  lesson_id: 100 + lesson,
  number: lesson,
  plan_id: 9,
  plan_title: 'Sound [R]',
  date,
  ...progressCounts(...counts),
});

const PROGRESS: StudentProgress = {
  client_id: 7,
  targets: [
    {
      target: 'Hearing [R]',
      points: [point(1, [1, 1, 2], '2026-11-02T09:45:00.000Z'), point(2, [4, 1, 0], null)],
      totals: progressCounts(5, 2, 2),
    },
    {
      target: 'Setting [R]',
      points: [point(2, [0, 1, 0], null)],
      totals: progressCounts(0, 1, 0),
    },
  ],
};

describe('the progress section', () => {
  it('says progress appears once lessons are played with marks, when there are none', async () => {
    const calls = fakeApi({ 'GET /clients/7/progress': () => json({ data: { client_id: 7, targets: [] } }) });
    await renderInApp(<ProgressSection clientId={7} />);
    expect(await screen.findByText(/Progress appears here once lessons are played with marks/)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Show as table' })).toBeNull();
    expect(calls.map((call) => [call.query.get('workspace_id'), call.query.get('role_id')])).toEqual([
      ['1', '5'],
    ]);
  });

  it('shows each target with its totals, and its lessons as a table on demand', async () => {
    fakeApi({ 'GET /clients/7/progress': () => json({ data: PROGRESS }) });
    await renderInApp(<ProgressSection clientId={7} />);
    const hearing = await screen.findByRole('article', { name: 'Hearing [R]' });
    expect(
      within(hearing).getByText('All lessons: accuracy 56%, needed a cue 22% · trials: 9 · lessons: 2'),
    ).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Setting [R]' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Show as table' }));
    const table = within(hearing).getByRole('table', { name: 'Trials per lesson: Hearing [R]' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Lesson', 'Plan', 'Date', 'Correct', 'Incorrect', 'Cued', 'Trials', 'Accuracy', 'Needed a cue'],
      ['Lesson 1', 'Sound [R]', expect.stringMatching(/2026|11|02/), '1', '1', '2', '4', '25%', '50%'],
      ['Lesson 2', 'Sound [R]', 'No date', '4', '1', '0', '5', '80%', '0%'],
      ['All lessons', '5', '2', '2', '9', '56%', '22%'],
    ]);
  });

  it('says what went wrong and offers to try again', async () => {
    fakeApi({
      'GET /clients/7/progress': () => json({ message: 'Not found.', code: 'not_found' }, 404),
    });
    await renderInApp(<ProgressSection clientId={7} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
