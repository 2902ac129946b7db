import {
  EXERCISE_STATUS,
  type CheckGenerateResult,
  type Exercise,
  type ExerciseGenerated,
} from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../../testing/render.tsx';
import { ThemedVersionsPanel } from './themed-versions-panel.tsx';

const accepted = { id: 7, title: 'Whistling sounds', status_id: EXERCISE_STATUS.accepted } as Exercise;

const version: ExerciseGenerated = {
  id: 40,
  exercise_id: 7,
  exercise_title: 'Whistling sounds',
  theme: { id: 5, name: 'Space' },
  replaced_count: 2,
  read_only: false,
  file: { name: 'whistling-space.pptx', size: 1000, url: '/api/exercises/generated/40/file' },
  created_by: { id: 2, name: 'Maria Moderator' },
  created_at: '2026-11-20T10:00:00.000Z',
};

const themes = [
  { id: 5, name: 'Space', ready: true },
  { id: 6, name: 'Dinosaurs', ready: false },
];

const plan: CheckGenerateResult = {
  possible: true,
  problems: [],
  replacements: [
    { media_id: 1, media_name: 'image1.png', asset_type: 'background', asset: { id: 9, name: 'Stars' } },
    { media_id: 2, media_name: 'image2.png', asset_type: 'character', asset: null },
  ],
  generated: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The element around `element` that matches `selector`; the test fails when there is none. */
function around(element: HTMLElement, selector: string): HTMLElement {
  const found = element.closest<HTMLElement>(selector);
  if (!found) throw new Error(`Nothing matches ${selector} around the element`);
  return found;
}

async function chooseTheme(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Theme' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('the themed versions panel', () => {
  it('lists the versions and switches one to read-only', async () => {
    let readOnly = false;
    const calls = fakeApi({
      'GET /exercises/7/generated': () => json({ data: [{ ...version, read_only: readOnly }] }),
      'GET /themes': () => json({ data: themes }),
      'POST /exercises/generated/toggle': (call: SentCall) => {
        readOnly = (call.body as { read_only: boolean }).read_only;
        return json({ data: { updated: 1 } });
      },
    });
    await renderInApp(<ThemedVersionsPanel exercise={accepted} />, { as: { roles: ['moderator'] } });
    const row = around(await screen.findByText('whistling-space.pptx'), 'tr');
    expect(within(row).getByText('Space')).toBeTruthy();
    expect(within(row).getByText('Maria Moderator')).toBeTruthy();
    expect(screen.queryByText(/Only accepted exercises/)).toBeNull();

    fireEvent.click(within(row).getByRole('switch', { name: 'Read-only: “Space”' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: '/exercises/generated/toggle',
        body: { ids: [40], read_only: true },
      }),
    );
    await waitFor(() =>
      expect(within(row).getByRole('switch', { name: 'Read-only: “Space”' })).toHaveProperty('checked', true),
    );
  });

  it('checks a theme, shows the plan, then generates the version', async () => {
    const made = { ...version, id: 41, theme: { id: 6, name: 'Dinosaurs' } };
    let list: ExerciseGenerated[] = [];
    const calls = fakeApi({
      'GET /exercises/7/generated': () => json({ data: list }),
      'GET /themes': () => json({ data: themes }),
      'POST /exercises/7/check-generate': (call: SentCall) => {
        if ((call.body as { dry_run?: boolean }).dry_run) return json({ data: plan });
        list = [made];
        return json({ data: { ...plan, generated: made } });
      },
    });
    await renderInApp(<ThemedVersionsPanel exercise={accepted} />, { as: { roles: ['moderator'] } });
    expect(await screen.findByText('No themed versions yet.')).toBeTruthy();

    // A theme not marked ready says so in the list.
    await chooseTheme('Dinosaurs (not ready)');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const shown = await screen.findByRole('region', { name: 'What the version for “Dinosaurs” replaces' });
    expect(within(shown).getByText('Stars')).toBeTruthy();
    expect(within(shown).getByText('none — kept as it is')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ body: { theme_id: 6, dry_run: true } });

    fireEvent.click(within(shown).getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
        body: { theme_id: 6, dry_run: false },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Download the version for “Dinosaurs”' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /What the version/ })).toBeNull();
  });

  it('shows the problems the server names, and that only accepted exercises are themed', async () => {
    fakeApi({
      'GET /exercises/7/generated': () => json({ data: [] }),
      'GET /themes': () => json({ data: themes }),
      'POST /exercises/7/check-generate': () =>
        json({
          data: {
            possible: false,
            problems: [
              { code: 'not_accepted', message: 'Only accepted exercises are themed.' },
              { code: 'missing_assets', asset_type: 'prop', message: 'The theme has no props.' },
            ],
            replacements: [],
            generated: null,
          },
        }),
    });
    await renderInApp(<ThemedVersionsPanel exercise={{ ...accepted, status_id: EXERCISE_STATUS.draft }} />, {
      as: { roles: ['moderator'] },
    });
    expect(screen.getByText(/Only accepted exercises get themed versions/)).toBeTruthy();
    await chooseTheme('Space');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const title = await screen.findByText('A version for “Space” cannot be made yet');
    const alert = around(title, '[role="alert"]');
    expect(within(alert).getByText('Only accepted exercises are themed.')).toBeTruthy();
    expect(within(alert).getByText('The theme has no props.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });
});
