import type { GeneratedListItem, GenerationRun } from '@logoschool/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { RunProgress } from './run-progress.tsx';
import { VersionsList } from './versions-list.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  document.body.innerHTML = '';
});

const row = (id: number, title: string, extra: Partial<GeneratedListItem> = {}): GeneratedListItem => ({
  id,
  exercise: { id: id * 10, title, ready_for_generation: true, excluded_from_generation: false },
  theme: { id: 4, name: 'Space' },
  read_only: false,
  replaced_count: 2,
  first_slide_url: null,
  file_url: `/api/exercises/generated/${id}/file?workspace_id=1`,
  overflow: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const ROWS = [
  row(1, 'Rocket sounds', {
    overflow: {
      slide: 2,
      text: 'Captain Bartholomew flies to Andromeda',
      lines_needed: 2,
      lines_fit: 1,
      slide_url: null,
    },
  }),
  row(2, 'Moon words', { read_only: true }),
];
const COUNTS = { all: 2, editable: 1, read_only: 1, overflow: 1, excluded: 0 };

describe('a theme’s versions', () => {
  it('shows the states and counts, the overflowing slide, and toggles the chosen versions in one call', async () => {
    const calls = fakeApi({
      'GET /exercises/generated': () =>
        json({ data: ROWS, meta: { total: 2, page: 1, per_page: 50, counts: COUNTS } }),
      'POST /exercises/generated/toggle': () => json({ data: { count: 2 } }),
    });
    await renderInApp(
      <>
        <VersionsList themeId={4} />
        <Notifications />
      </>,
      { as: { roles: ['moderator'] } },
    );
    expect(await screen.findByText('Rocket sounds')).toBeTruthy();
    expect(calls[0]?.query.get('theme_id')).toBe('4');
    expect(screen.getByRole('tab', { name: /^Read-only\s*1$/ })).toBeTruthy();
    expect(screen.getAllByText('Read-only').length).toBeGreaterThan(0);

    fireEvent.click(
      screen.getByRole('button', { name: 'Show the overflowing text of “Rocket sounds”, slide 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Text does not fit its box' });
    expect(within(dialog).getByText('Captain Bartholomew flies to Andromeda')).toBeTruthy();
    expect(within(dialog).getByText('It needs 2 lines. The box holds 1 line.')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every version on this page' }));
    expect(await screen.findByText('2 versions selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make read-only' }));
    expect(await screen.findByText('2 versions are read-only now')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ids: [1, 2], read_only: true });

    fireEvent.click(screen.getByRole('tab', { name: /^Text overflows\s*1$/ }));
    await vi.waitFor(() => expect(calls.some((call) => call.query.get('state') === 'overflow')).toBe(true));
  });

  it('tells a run’s progress', async () => {
    const run: GenerationRun = {
      id: 3,
      kind: 'by_theme',
      theme: { id: 4, name: 'Space' },
      status: 'running',
      total: 10,
      done: 5,
      kept: 1,
      failed: 1,
      requested_by: null,
      created_at: '2026-11-20T10:00:00.000Z',
      started_at: null,
      finished_at: null,
    };
    await renderInApp(<RunProgress run={run} />, { as: { roles: ['moderator'] } });
    expect(screen.getByText('10 versions in all · Made: 5 · Kept read-only: 1 · Failed: 1')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '70% done' })).toBeTruthy();
    expect(screen.getByText('Generation for a theme · Space')).toBeTruthy();
  });
});
