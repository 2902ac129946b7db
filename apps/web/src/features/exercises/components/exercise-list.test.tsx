import type { ExercisePage } from '@logoschool/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { ExerciseList } from './exercise-list.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

/** An empty page of the moderator's list with these counters. */
const page = (counters: ExercisePage['meta']['counters'], capped: boolean): ExercisePage => ({
  data: [],
  meta: { total: counters[1], page: 1, per_page: 20, counters, capped },
});

/** The tabs' counters as the screen shows them, in the tabs' order. */
async function shownCounters() {
  const tabs = await screen.findAllByRole('tab');
  return tabs.map((tab) => tab.textContent?.replace(/^\D+/, ''));
}

describe('the exercise list', () => {
  it('shows exact counters as they are', async () => {
    fakeApi({
      'GET /exercises': () => json(page({ 1: 1200, 2: 3, 3: 0, 4: 5, 5: 1 }, false)),
      'GET /exercises/authors': () => json({ data: [] }),
    });
    await renderInApp(<ExerciseList kind="moderator" />, { as: { roles: ['moderator'] } });
    await vi.waitFor(async () => expect(await shownCounters()).toContain('1,200'), { timeout: 5000 });
    expect(screen.queryByText(/More than 1,000 exercises match/)).toBeNull();
  });

  it('marks a capped search: every counter a lower bound, and why (issue 13)', async () => {
    fakeApi({
      'GET /exercises': () => json(page({ 1: 990, 2: 0, 3: 0, 4: 11, 5: 0 }, true)),
      'GET /exercises/authors': () => json({ data: [] }),
    });
    await renderInApp(<ExerciseList kind="moderator" />, { as: { roles: ['moderator'] } });
    await vi.waitFor(async () => expect(await shownCounters()).toContain('990+'), { timeout: 5000 });
    expect(await shownCounters()).toContain('11+');
    expect(
      screen.getByText(
        'More than 1,000 exercises match, so the tabs count only the first 1,000: narrow the search to see exact numbers.',
      ),
    ).toBeTruthy();
  });
});
