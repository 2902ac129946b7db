import type { ClientDiagnoses, DiagnosisListItem } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../i18n/dates.ts';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { ClientDiagnosesSection } from './client-diagnoses-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function diagnosisOf(overrides: Partial<DiagnosisListItem>): DiagnosisListItem {
  return {
    id: 11,
    card: { id: 2, title: 'Speech screening', version: 1 },
    diagnosed_on: '2026-11-20',
    status: 'draft',
    completed_at: null,
    sent_at: null,
    filled_by: { id: 4, name: 'Iryna Teacher' },
    ...overrides,
  };
}

describe('ClientDiagnosesSection', () => {
  it('deletes a draft after asking, and offers no deletion for a sent diagnosis', async () => {
    let diagnoses = [
      diagnosisOf({ id: 11 }),
      diagnosisOf({ id: 12, diagnosed_on: '2026-10-20', status: 'sent', sent_at: '2026-10-21T10:00:00Z' }),
    ];
    const list = (): ClientDiagnoses => ({
      client: { id: 3, child_name: 'Marko', language: 'uk', teacher: { id: 4, name: 'Iryna Teacher' } },
      diagnoses,
    });
    const calls = fakeApi({
      'GET /clients/3/diagnoses': () => json({ data: list() }),
      'DELETE /diagnoses/11': () => {
        diagnoses = diagnoses.filter((diagnosis) => diagnosis.id !== 11);
        return new Response(null, { status: 204 });
      },
    });
    await renderInApp(<ClientDiagnosesSection clientId={3} assign={false} />);
    const draft = `Speech screening, ${formatDate('2026-11-20')}`;
    const remove = await screen.findByRole('button', { name: `Delete the draft “${draft}”` });
    // Only the draft can go: a sent diagnosis stays on record.
    expect(screen.getAllByRole('button', { name: /^Delete the draft/ })).toHaveLength(1);

    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the draft diagnosis' });
    expect(dialog.textContent).toContain(draft);
    expect(dialog.textContent).not.toMatch(/\b(diagnoses|actions)\.\w+/);
    // Cancel first: nothing is deleted.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: `Delete the draft “${draft}”` }));
    const again = await screen.findByRole('dialog', { name: 'Delete the draft diagnosis' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Delete the draft/ })).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/diagnoses/11',
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(2);
  }, 30_000);

  it("shows who assigned each of the student's diagnosticians and when (decision 026)", async () => {
    fakeApi({
      'GET /clients/3/diagnoses': () =>
        json({
          data: {
            client: { id: 3, child_name: 'Marko', language: 'uk', teacher: { id: 4, name: 'Iryna Teacher' } },
            diagnoses: [],
          },
        }),
      'GET /diagnosticians': () =>
        json({
          data: [
            { id: 7, name: 'Dana Diagnostician', email: 'dana@example.test' },
            { id: 8, name: 'Olha Admin', email: 'olha@example.test' },
          ],
        }),
      'GET /clients/3/diagnosticians': () =>
        json({
          data: [
            {
              id: 8,
              name: 'Olha Admin',
              email: 'olha@example.test',
              assigned_by: { id: 8, name: 'Olha Admin' },
              assigned_at: '2026-11-27T10:00:00Z',
            },
            {
              id: 7,
              name: 'Dana Diagnostician',
              email: 'dana@example.test',
              assigned_by: null,
              assigned_at: '2026-11-01T10:00:00Z',
            },
          ],
        }),
    });
    await renderInApp(<ClientDiagnosesSection clientId={3} />);
    const list = await screen.findByRole('list', { name: 'Diagnosticians' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Olha Admin: since ${formatDate('2026-11-27T10:00:00Z')}, assigned by Olha Admin`,
      `Dana Diagnostician: since ${formatDate('2026-11-01T10:00:00Z')}, assigned by a deleted account`,
    ]);
  }, 30_000);
});
