import type { Program, ProgramListItem } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { ProgramsPanel } from './programs-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ROW: ProgramListItem = {
  id: 7,
  kind: 'program',
  name: 'Sound [R] at home',
  description: 'Ten minutes a day',
  items: 2,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const exercise = (id: number, title: string) => ({ id, title, category: { id: 1, name: '[R]' } });

function programsApi() {
  return fakeApi({
    'GET /recommended-programs': () => json({ data: [ROW], meta: { total: 1, page: 1, per_page: 20 } }),
    'GET /exercises': () =>
      json({
        data: [exercise(11, 'Drum roll [R]'), exercise(12, 'Tiger growl [R]')],
        meta: { total: 2, page: 1, per_page: 20 },
      }),
    'POST /recommended-programs': (call) => {
      const body = call.body as { name: string; items: { exercise_id: number; note: string }[] };
      const program: Program = {
        id: 8,
        kind: 'program',
        name: body.name,
        description: '',
        items: body.items.map((item) => ({ ...item, title: `#${item.exercise_id}`, category_name: '' })),
        updated_at: '2026-11-24T10:00:00.000Z',
      };
      return json({ data: program }, 201);
    },
    'DELETE /recommended-programs/7': () =>
      json(
        {
          message:
            'The program cannot be deleted while published diagnostic cards recommend it in their bands: Speech screening.',
          code: 'program_in_use',
        },
        409,
      ),
  });
}

describe('ProgramsPanel', () => {
  it('lists the programs of its kind and writes a new one with its exercises in the chosen order', async () => {
    const calls = programsApi();
    await renderInApp(<ProgramsPanel kind="program" />, { as: { roles: ['moderator'] } });
    expect(await screen.findByText('Sound [R] at home')).toBeTruthy();
    expect(calls.find((call) => call.path === '/recommended-programs')?.query.get('kind')).toBe('program');

    fireEvent.click(screen.getByRole('button', { name: 'New program' }));
    const drawer = await screen.findByRole('dialog', { name: 'New recommended program' });
    // Nothing named: the contract's schema refuses it in the browser, nothing is sent.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Required.')).toBeTruthy();
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Sound [R]' },
    });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Add “Drum roll [R]”' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add “Tiger growl [R]”' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Move “Tiger growl [R]” up' }));
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Note for “Drum roll [R]”' }), {
      target: { value: 'Gently' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'program',
      name: 'Sound [R]',
      description: '',
      items: [
        { exercise_id: 12, note: '' },
        { exercise_id: 11, note: 'Gently' },
      ],
    });
    // A whole form filled in jsdom: slower than the default 5 s on a busy machine.
  }, 30_000);

  it('says why a program a card points at cannot be deleted', async () => {
    programsApi();
    await renderInApp(<ProgramsPanel kind="program" />, { as: { roles: ['moderator'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Sound [R] at home”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the program?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'The program cannot be deleted while published diagnostic cards recommend it in their bands: Speech screening.',
      ),
    ).toBeTruthy();
  });
});
