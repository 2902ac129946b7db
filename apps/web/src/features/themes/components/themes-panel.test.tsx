import type { Theme } from '@logoschool/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { ThemesPanel } from './themes-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  document.body.innerHTML = '';
});

const ROCKETS: Theme = {
  id: 5,
  name: 'Rockets',
  genders: ['boy'],
  age_from: 4,
  age_to: 7,
  type: 'general',
  ready: true,
  workspace_id: 1,
  workspace_title: 'Test school',
  shared_workspace_ids: [],
  assets: [],
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

// Formerly e2e/themes.spec.ts: “a toggle the server refuses goes back, with a message”.
describe("the moderator's themes", () => {
  it('puts a "ready" the server refuses back as it was, and says so', async () => {
    const calls = fakeApi({
      'GET /themes': () => json({ data: [ROCKETS] }),
      'GET /themes/statistic': () =>
        json({
          data: {
            total: 1,
            ready: 1,
            shared: 0,
            by_type: { general: 1, custom: 0 },
            by_gender: { boy: 1, girl: 0 },
          },
        }),
      'POST /themes/toggle-ready': () =>
        json({ message: 'The theme changed meanwhile.', code: 'conflict' }, 409),
    });
    await renderInApp(
      <>
        <ThemesPanel />
        <Notifications />
      </>,
      { as: { roles: ['moderator'] } },
    );
    const ready = (await screen.findByRole('switch', { name: 'Ready: Rockets' })) as HTMLInputElement;
    expect(ready.checked).toBe(true);
    fireEvent.click(ready);
    expect(
      await screen.findByText('“Rockets” could not be changed; it is back as it was.', { exact: false }),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ theme_id: 5 });
    expect((screen.getByRole('switch', { name: 'Ready: Rockets' }) as HTMLInputElement).checked).toBe(true);
  });
});
