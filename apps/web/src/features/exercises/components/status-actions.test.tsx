import { EXERCISE_STATUS, type Exercise, type ExerciseActor } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { StatusActions } from './status-actions.tsx';

const exerciseIn = (status: keyof typeof EXERCISE_STATUS) =>
  ({ id: 7, title: 'Whistling sounds', status_id: EXERCISE_STATUS[status], updated_at: 'then' }) as Exercise;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The card with the deck and the category as the page watches them, each changed by a button. */
function Harness({ status, actors }: { status: keyof typeof EXERCISE_STATUS; actors: ExerciseActor[] }) {
  const [deck, setDeck] = useState('');
  const [category, setCategory] = useState('');
  return (
    <>
      <button type="button" onClick={() => setDeck('31')}>
        the deck arrives
      </button>
      <button type="button" onClick={() => setCategory('4')}>
        a category is chosen
      </button>
      <StatusActions
        exercise={exerciseIn(status)}
        actors={actors}
        watched={{ '': 'then', presentation: deck, category_id: category }}
        onProblems={() => {}}
      />
    </>
  );
}

describe('a refused move', () => {
  it('loses each reason as soon as the thing it is about changes', async () => {
    fakeApi({
      'POST /exercises/7/status': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Check the fields.',
            errors: {
              category_id: ['Choose a category before sending the exercise to moderation.'],
              presentation: ['Upload the presentation before sending the exercise to moderation.'],
            },
          },
          422,
        ),
    });
    await renderInApp(<Harness status="draft" actors={['author', 'owner']} />, {
      as: { roles: ['moderator'] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for moderation' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^Upload the presentation/)).toBeTruthy();
    expect(within(alert).getByText(/^Choose a category/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'the deck arrives' }));
    expect(screen.queryByText(/^Upload the presentation/)).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/^Choose a category/);

    fireEvent.click(screen.getByRole('button', { name: 'a category is chosen' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a moderator after a verdict', () => {
  it('is told what follows a decline, and sends it back to moderation once confirmed', async () => {
    const calls = fakeApi({
      'POST /exercises/7/status': () => json({ data: exerciseIn('moderation') }),
    });
    await renderInApp(<Harness status="declined" actors={['moderator']} />, { as: { roles: ['moderator'] } });
    expect(
      screen.getByText(/^The author sees your comment, changes the exercise and sends it again/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send back to moderation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send “Whistling sounds” back to moderation?' });
    expect(within(dialog).getByText(/as it is now, and you approve or decline it again/)).toBeTruthy();
    expect(within(dialog).getByText('The change is kept in the exercise’s history.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back to moderation' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        status_id: EXERCISE_STATUS.moderation,
      }),
    );
  });

  it('confirms taking an approval back, saying its themed versions stay', async () => {
    const calls = fakeApi({
      'GET /exercises/7/generated': () => json({ data: [{ id: 40 }, { id: 41 }] }),
      'POST /exercises/7/status': () => json({ data: exerciseIn('moderation') }),
    });
    await renderInApp(<Harness status="accepted" actors={['moderator']} />, { as: { roles: ['moderator'] } });
    expect(screen.getByText(/^It is in the exercise library\. Approved by mistake\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send back to moderation' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/^Themed versions made from it: 2\./)).toBeTruthy();
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: 'Comment (optional, kept in the history)' }),
      {
        target: { value: 'Approved the wrong one' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back to moderation' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        status_id: EXERCISE_STATUS.moderation,
        comment: 'Approved the wrong one',
      }),
    );
  });

  it('offers an author nothing on an approved exercise', async () => {
    fakeApi({});
    await renderInApp(<Harness status="accepted" actors={['author', 'owner']} />, {
      as: { roles: ['moderator'] },
    });
    expect(screen.queryByRole('heading', { name: 'Next step' })).toBeNull();
  });
});
