import type { Dashboard } from '@logoschool/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const FIGURES: Dashboard = {
  users: { total: 11, active: 9, deactivated: 2 },
  projects: { total: 3, active: 2, archived: 1 },
  roles: [{ role: 'teacher', count: 2 }],
  exercises: { total: 2, byStatus: [{ status: 'accepted', count: 2 }] },
  students: { total: 3 },
  lessons: { total: 17, recent: 5 },
  signIns: [{ date: '2026-11-20', count: 4 }],
  generated_at: '2026-11-20T10:00:00.000Z',
};

// Formerly e2e/lesson-stats.spec.ts: “root’s dashboard counts the lessons held”. That a finished
// lesson counts, in all and in the last 30 days, is the API's (lesson-statistics.test.ts, “the root
// dashboard”); the screen shows the figures it is given.
describe("root's dashboard", () => {
  it('shows the lessons held, in all and in the last 30 days', async () => {
    fakeApi({ 'GET /dashboard': () => json({ data: FIGURES }) });
    await renderInApp(<DashboardPage />, { as: { roles: 'root' } });
    const label = await screen.findByText('Lessons held', { exact: true });
    const figure = label.parentElement?.parentElement ?? label;
    expect(figure.textContent).toContain('17');
    expect(screen.getByText('5 in the last 30 days', { exact: true })).toBeTruthy();
  });
});
