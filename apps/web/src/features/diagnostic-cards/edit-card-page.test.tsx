import type { DiagnosticCard } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { EditCardPage } from './edit-card-page.tsx';

const params: { cardId?: string } = {};

vi.mock('react-router', async (original) => ({
  ...(await original<typeof ReactRouter>()),
  useParams: () => params,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  delete params.cardId;
  document.body.innerHTML = '';
});

const question = (key: string, code: string, text: string) => ({
  key,
  code,
  text,
  hint: '',
  required: false,
  type: 'short_text' as const,
  variants: [],
  scale: null,
  rows: [],
  columns: [],
  multiple: false,
});

const BLOCK = {
  key: 'b1',
  title: 'Sounds',
  description: '',
  questions: [question('q1', 'q1', 'Say R'), question('q2', 'q2', 'Say L')],
};

const CARD: DiagnosticCard = {
  id: 4,
  title: 'Screening',
  description: '',
  language: 'en',
  category_ids: [],
  blocks: [BLOCK],
  computed: [],
  status: 'published',
  version: 1,
  writer: { id: 1, name: 'Oksana Moderator' },
  actions: ['edit', 'delete'],
  diagnoses: 2,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const routes = (card: DiagnosticCard) => ({
  'GET /diagnostic-cards/4': () => json({ data: card }),
  'GET /workspaces/1/categories': () => json({ data: [] }),
  'GET /recommended-programs': () => json({ data: [], meta: { total: 0, page: 1, per_page: 100 } }),
});

describe('the card builder on the versioned-document frame', () => {
  it('shows a published card with its diagnoses as the in-use notice, and offers publishing once changed', async () => {
    params.cardId = '4';
    fakeApi(routes(CARD));
    await renderInApp(<EditCardPage />, { as: { roles: ['moderator'] } });
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByText('Published')).toBeTruthy();
    expect(within(status).getByText(/^Diagnoses made from this card: 2\./)).toBeTruthy();
    expect(within(status).getByRole('button', { name: 'Versions and changes' })).toBeTruthy();
    expect(within(status).queryByRole('button', { name: 'Publish' })).toBeNull();

    const block = screen.getByRole('region', { name: 'Block 1' });
    fireEvent.click(within(block).getByRole('button', { name: 'Move Question 1.2 up' }));
    expect(
      within(block)
        .getAllByRole('textbox', { name: 'Question' })
        .map((input) => (input as HTMLTextAreaElement).value),
    ).toEqual(['Say L', 'Say R']);
    expect(within(status).getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('keeps the last question of a block and the last block', async () => {
    params.cardId = '4';
    fakeApi(routes({ ...CARD, blocks: [{ ...BLOCK, questions: [question('q1', 'q1', 'Say R')] }] }));
    await renderInApp(<EditCardPage />, { as: { roles: ['moderator'] } });
    await screen.findByRole('region', { name: 'Status' });
    expect(screen.queryByRole('button', { name: /^Remove (Block 1|Question 1\.1)$/ })).toBeNull();
  });

  // Formerly e2e/dead-ends.spec.ts: “a new diagnostic card offers publishing only once it is saved”.
  it('offers a new card no publishing until it is saved, even when typed in', async () => {
    const calls = fakeApi(routes(CARD));
    await renderInApp(<EditCardPage />, { as: { roles: ['moderator'] } });
    const [title] = await screen.findAllByRole('textbox', { name: 'Title' });
    if (!title) throw new Error('no title field');
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
    fireEvent.change(title, { target: { value: 'Screening' } });
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
