import type { Asset } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, file, json, renderInApp } from '../../testing/render.tsx';
import { ManageAssetsPage } from './manage-assets-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const STAR: Asset = {
  id: 8,
  type: 'prop',
  name: 'Star',
  files: [
    {
      id: 8,
      kind: 'image',
      file_url: '/api/file/download/8',
      mime: 'image/png',
      size: 68,
      original_name: 'star.png',
    },
  ],
  created_at: '2026-11-20T10:00:00.000Z',
};

// Formerly e2e/themes.spec.ts: “root cannot delete an asset while a theme has it”; the API's
// refusal itself is apps/server/src/modules/assets/assets.test.ts (409 asset_in_use).
describe("root's asset library", () => {
  it('tells, in the delete dialog, why an asset a theme has is not deleted, and keeps it', async () => {
    const calls = fakeApi({
      'GET /assets': () => json({ data: [STAR] }),
      'GET /file/download/8': () => file(),
      'DELETE /assets/8': () =>
        json(
          {
            code: 'asset_in_use',
            message: 'The asset is attached to 1 theme. Detach it from it first.',
          },
          409,
        ),
    });
    await renderInApp(<ManageAssetsPage />, { as: { roles: 'root' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for asset Star' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete asset' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The asset is attached to 1 theme.',
    );
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/assets/8']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete asset' })).toBeNull());
    expect(await screen.findByRole('img', { name: 'Star' })).toBeTruthy();
  });
});
