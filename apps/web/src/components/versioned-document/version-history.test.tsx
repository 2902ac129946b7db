import type { DocumentVersion, VersionsDiff } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { VersionHistory } from './version-history.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const VERSIONS: DocumentVersion[] = [
  { version: 1, published_at: '2026-11-20T10:00:00.000Z', published_by: { id: 1, name: 'Oksana Moderator' } },
  { version: 2, published_at: '2026-11-21T10:00:00.000Z', published_by: null },
];

const change = (values: Partial<VersionsDiff['changes'][number]>): VersionsDiff['changes'][number] => ({
  change: 'changed',
  key: 'k',
  kind: 'block',
  label: '',
  parent: null,
  parent_label: null,
  position: null,
  fields: [],
  ...values,
});

const ONE_TO_TWO: VersionsDiff = {
  from: 1,
  to: 2,
  fields: ['title'],
  changes: [
    change({ change: 'moved', key: 'c', label: 'Phrases', position: 0 }),
    change({ key: 'b', label: 'Words', fields: ['presentations', 'folders'] }),
    change({
      change: 'added',
      key: 'q',
      kind: 'question',
      label: 'Say R',
      parent: 'b',
      parent_label: 'Words',
      position: 1,
    }),
    change({ change: 'removed', key: 'a', label: 'Articulation' }),
  ],
};

const labels = {
  kind: (kind: string) => ({ block: 'Block', question: 'Question' })[kind] ?? kind,
  field: (field: string) =>
    ({ title: 'Title', presentations: 'Presentations', folders: 'Folders' })[field] ?? field,
};

describe('the versions of a document and their differences', () => {
  it('lists the versions, compares the latest with the working copy, then any two a moderator picks', async () => {
    const calls = fakeApi({
      'GET /templates/7/versions': () => json({ data: VERSIONS }),
      'GET /templates/7/versions/diff': (call) =>
        json({
          data: call.query.get('from') === '1' ? ONE_TO_TWO : { from: 2, to: null, fields: [], changes: [] },
        }),
    });
    await renderInApp(
      <VersionHistory
        path="/templates/7"
        latest={2}
        saved="2026-11-22T10:00:00.000Z"
        working
        labels={labels}
      />,
      { as: { roles: ['moderator'] } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Versions and changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versions and changes' });
    const table = await within(dialog).findByRole('table', { name: 'Published versions' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'VersionPublishedBy',
      expect.stringMatching(/^1.*Oksana Moderator$/),
      expect.stringMatching(/^2.*A former member$/),
    ]);
    expect(await within(dialog).findByText('No differences.')).toBeTruthy();
    const first = calls.find((call) => call.path === '/templates/7/versions/diff');
    expect(first?.query.get('from')).toBe('2');
    expect(first?.query.has('to')).toBe(false);

    fireEvent.click(within(dialog).getByRole('combobox', { name: 'From' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Version 1' }));
    const list = await within(dialog).findByRole('list', { name: 'Changes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'MovedBlock “Phrases” · place 1',
      'ChangedBlock “Words” · changed: Presentations, Folders',
      'AddedQuestion “Say R” in “Words” · place 2',
      'RemovedBlock “Articulation”',
    ]);
    expect(within(dialog).getByText('Changed in the document itself: Title')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('combobox', { name: 'To' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Version 2' }));
    await vi.waitFor(() =>
      expect(calls.some((call) => call.query.get('from') === '1' && call.query.get('to') === '2')).toBe(true),
    );
  });

  it('says so when the versions cannot be loaded', async () => {
    fakeApi({ 'GET /templates/7/versions': () => json({ message: 'Down', code: 'internal_error' }, 500) });
    await renderInApp(
      <VersionHistory
        path="/templates/7"
        latest={1}
        saved="2026-11-22T10:00:00.000Z"
        working={false}
        labels={labels}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Versions and changes' }));
    expect(await screen.findByText('The versions could not be loaded.')).toBeTruthy();
  });
});
