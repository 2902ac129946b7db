import { EXERCISE_STATUS, type Exercise, type ExercisePage } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { ExerciseList } from './exercise-list.tsx';

const notified = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));

vi.mock('../../../lib/notify.ts', () => ({
  notifySuccess: (message: string) => notified.success.push(message),
  notifyWarning: () => {},
  notifyError: (message: string) => notified.error.push(message),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
  notified.success = [];
  notified.error = [];
});

/** An open request of the moderator's (user 2), as the author's list shows it. */
const request = {
  id: 7,
  workspace_id: 1,
  title: 'Cars [R]',
  status_id: EXERCISE_STATUS.request,
  assigned_id: null,
  assigned: null,
  author: { id: 2, name: 'Oksana Moderator' },
  own_like: null,
  likes_count: 0,
  dislikes_count: 0,
  category: null,
  presentation: null,
  tags: [],
  usage_frequency: 1,
  comment: '',
  instruction: '',
  description: '',
  language: 'en',
  read_only: false,
  excluded_from_generation: false,
  ready_for_generation: false,
  request: {
    description: 'Pictures for [R]',
    interests: [],
    age_categories: [],
    deadline: '2099-01-01',
    overdue: false,
  },
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
} as unknown as Exercise;

const pageOf = (...data: Exercise[]): ExercisePage => ({
  data,
  meta: {
    total: data.length,
    page: 1,
    per_page: 20,
    counters: { 1: 0, 2: 0, 3: 0, 4: 0, 5: data.length },
    capped: false,
  },
});

const TAKEN = 'Another author has just taken this request: it is no longer open.';

describe('taking a request from the author’s list', () => {
  it('says another author took it first (409 request_taken) and refreshes the list, which no longer has it', async () => {
    let open = true;
    const calls = fakeApi({
      'GET /exercises/for-author': () => json(open ? pageOf(request) : pageOf()),
      'GET /exercises/for-author/authors': () => json({ data: [] }),
      'POST /exercises/7/take': () => {
        // Meanwhile another author took it: the list the server now has is without it.
        open = false;
        return json({ code: 'request_taken', message: TAKEN }, 409);
      },
    });
    await renderInApp(<ExerciseList kind="author" />, { as: { roles: ['author'], userId: 5 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Take it' }));

    await waitFor(() => expect(notified.error).toEqual([TAKEN]));
    await waitFor(() => expect(screen.queryByText('Cars [R]')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Take it' })).toBeNull();
    expect(notified.success).toEqual([]);
    expect(calls.filter((call) => call.path === '/exercises/for-author')).toHaveLength(2);
  });

  it('says the request is the author’s draft now, and refreshes the list', async () => {
    let open = true;
    const calls = fakeApi({
      'GET /exercises/for-author': () => json(open ? pageOf(request) : pageOf()),
      'GET /exercises/for-author/authors': () => json({ data: [] }),
      'POST /exercises/7/take': () => {
        open = false;
        return json({ data: { ...request, status_id: EXERCISE_STATUS.draft, assigned_id: 5 } });
      },
    });
    await renderInApp(<ExerciseList kind="author" />, { as: { roles: ['author'], userId: 5 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Take it' }));

    await waitFor(() => expect(notified.success).toEqual(['“Cars [R]” is now your draft.']));
    await waitFor(() => expect(screen.queryByText('Cars [R]')).toBeNull());
    expect(notified.error).toEqual([]);
    expect(calls.filter((call) => call.path === '/exercises/for-author')).toHaveLength(2);
  });

  it('opens the request in full before taking it, and lands in the new draft after', async () => {
    const full = {
      ...request,
      request: {
        ...(request.request as NonNullable<Exercise['request']>),
        description: 'Pictures for [R]\nTen cards, one word each.',
      },
    };
    fakeApi({
      'GET /exercises/for-author': () => json(pageOf(full)),
      'GET /exercises/for-author/authors': () => json({ data: [] }),
      'POST /exercises/7/take': () =>
        json({ data: { ...request, status_id: EXERCISE_STATUS.draft, assigned_id: 5 } }),
    });
    await renderInApp(
      <>
        <ExerciseList kind="author" />
        <Where />
      </>,
      { as: { roles: ['author'], userId: 5 } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cars [R]' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Ten cards, one word each.');
    expect(dialog.textContent).toContain('Requested by Oksana Moderator');
    // A request has no likes yet: none shown.
    expect(screen.queryByRole('button', { name: /like/i })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take it' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/edit-exercise/7'));
  });

  it('says why an overdue request cannot be taken', async () => {
    const overdue = {
      ...request,
      request: {
        ...(request.request as NonNullable<Exercise['request']>),
        deadline: '2020-01-01',
        overdue: true,
      },
    };
    fakeApi({
      'GET /exercises/for-author': () => json(pageOf(overdue)),
      'GET /exercises/for-author/authors': () => json({ data: [] }),
    });
    await renderInApp(<ExerciseList kind="author" />, { as: { roles: ['author'], userId: 5 } });
    const take = await screen.findByRole('button', { name: 'Take it' });
    expect((take as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(take.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'The deadline has passed, so this request cannot be taken. Ask a moderator to extend it.',
    );
  });
});

/** Where the app is now. */
function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}
