import type { ExerciseMarks, LessonTrial, MarkResult } from '@logoschool/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../testing/render.tsx';
import { MarksBar } from './marks-bar.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

const at = '2026-11-24T10:00:00.000Z';
const trial = (id: number, result: MarkResult, cue: LessonTrial['cue'] = null): LessonTrial => ({
  id,
  trial: id - 10,
  result,
  cue,
  created_at: at,
});
const tally = (trials: LessonTrial[]) => ({
  correct: trials.filter((entry) => entry.result === 'correct').length,
  incorrect: trials.filter((entry) => entry.result === 'incorrect').length,
  cued: trials.filter((entry) => entry.result === 'cued').length,
  trials,
});
const marks = tally([trial(11, 'correct'), trial(12, 'incorrect'), trial(13, 'correct')]);

/**
 * The bar over marks kept as the server would keep them: a tap adds the next trial (a cued one
 * without its cue), a cue is set on the trial it names.
 */
function Kept({
  initial,
  onMark = () => {},
  onCue = () => {},
}: {
  initial: LessonTrial[];
  onMark?: (result: MarkResult) => void;
  onCue?: (markId: number, cue: string | null) => void;
}) {
  const [trials, setTrials] = useState(initial);
  return (
    <MarksBar
      marks={tally(trials)}
      onMark={async (result) => {
        onMark(result);
        const next = [...trials, trial(11 + trials.length, result)];
        setTrials(next);
        return { trials: next } satisfies Pick<ExerciseMarks, 'trials'>;
      }}
      onCue={(markId, cue) => {
        onCue(markId, cue);
        setTrials((before) => before.map((entry) => (entry.id === markId ? { ...entry, cue } : entry)));
      }}
      onUndo={() => setTrials((before) => before.slice(0, -1))}
    />
  );
}

const counts = () => screen.getByText(/^Correct: \d+ · Incorrect: \d+ · Cued: \d+$/).textContent;

describe('MarksBar', () => {
  it('marks a correct or an incorrect trial with one tap and shows the running counts', async () => {
    const onMark = vi.fn(async () => null);
    await renderInApp(<MarksBar marks={marks} onMark={onMark} onCue={() => {}} onUndo={() => {}} />);
    expect(screen.getByText('Correct: 2 · Incorrect: 1 · Cued: 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Correct' }));
    fireEvent.click(screen.getByRole('button', { name: 'Incorrect' }));
    expect(onMark.mock.calls).toEqual([['correct'], ['incorrect']]);
    expect(screen.queryByText(/Which cue helped/)).toBeNull();
  });

  it('records a cued trial at the tap, counted at once, then asks for its cue', async () => {
    const onMark = vi.fn();
    const onCue = vi.fn();
    await renderInApp(<Kept initial={marks.trials} onMark={onMark} onCue={onCue} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cued' }));
    expect(onMark.mock.calls).toEqual([['cued']]);
    const question = await screen.findByRole('group', { name: 'Which cue helped? (trial 4)' });
    expect(counts()).toBe('Correct: 2 · Incorrect: 1 · Cued: 1');
    expect(screen.getByText('Trial 4: cue not specified')).toBeTruthy();
    for (const cue of ['Verbal', 'Visual', 'Gestural', 'Tactile', 'Phonemic'])
      expect(within(question).getByRole('button', { name: cue, pressed: false })).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Phonemic' }));
    expect(onCue.mock.calls).toEqual([[14, 'phonemic']]);
    await waitFor(() => expect(screen.queryByRole('group')).toBeNull());
    expect(screen.getByText('Trial 4: Phonemic')).toBeTruthy();
    expect(counts()).toBe('Correct: 2 · Incorrect: 1 · Cued: 1');
  });

  it('keeps a cued trial whose cue was not said when the teacher goes on, and lets its cue be chosen and changed later', async () => {
    const onCue = vi.fn();
    await renderInApp(<Kept initial={marks.trials} onCue={onCue} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cued' }));
    await screen.findByRole('group', { name: 'Which cue helped? (trial 4)' });
    // "Not now": the question closes, the trial stays counted without its cue.
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(counts()).toBe('Correct: 2 · Incorrect: 1 · Cued: 1');
    // Another cued trial, then a correct one before answering: both cued trials stay.
    fireEvent.click(screen.getByRole('button', { name: 'Cued' }));
    await screen.findByRole('group', { name: 'Which cue helped? (trial 5)' });
    fireEvent.click(screen.getByRole('button', { name: 'Correct' }));
    await waitFor(() => expect(counts()).toBe('Correct: 3 · Incorrect: 1 · Cued: 2'));
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByText('Trial 4: cue not specified')).toBeTruthy();
    expect(screen.getByText('Trial 5: cue not specified')).toBeTruthy();
    expect(onCue).not.toHaveBeenCalled();
    // Chosen afterwards, then changed.
    fireEvent.click(screen.getByRole('button', { name: 'Choose the cue of trial 4' }));
    const question = screen.getByRole('group', { name: 'Which cue helped? (trial 4)' });
    fireEvent.click(within(question).getByRole('button', { name: 'Visual' }));
    await screen.findByText('Trial 4: Visual');
    fireEvent.click(screen.getByRole('button', { name: 'Change the cue of trial 4' }));
    const again = screen.getByRole('group', { name: 'Which cue helped? (trial 4)' });
    expect(within(again).getByRole('button', { name: 'Visual', pressed: true })).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: 'Tactile' }));
    await screen.findByText('Trial 4: Tactile');
    expect(onCue.mock.calls).toEqual([
      [14, 'visual'],
      [14, 'tactile'],
    ]);
    expect(counts()).toBe('Correct: 3 · Incorrect: 1 · Cued: 2');
  });

  it('asks about no trial once it is undone', async () => {
    await renderInApp(<Kept initial={marks.trials} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cued' }));
    await screen.findByRole('group', { name: 'Which cue helped? (trial 4)' });
    fireEvent.click(screen.getByRole('button', { name: 'Undo last' }));
    await waitFor(() => expect(screen.queryByRole('group')).toBeNull());
    expect(screen.queryByText(/^Trial 4/)).toBeNull();
    expect(counts()).toBe('Correct: 2 · Incorrect: 1 · Cued: 0');
  });

  it('undoes the last trial, and has nothing to undo without trials or when disabled', async () => {
    const onUndo = vi.fn();
    const none = async () => null;
    await renderInApp(<MarksBar marks={marks} onMark={none} onCue={() => {}} onUndo={onUndo} />);
    fireEvent.click(screen.getByRole('button', { name: 'Undo last' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    cleanup();
    await renderInApp(<MarksBar marks={null} onMark={none} onCue={() => {}} onUndo={onUndo} />);
    expect(screen.getByRole('button', { name: 'Undo last' }).hasAttribute('disabled')).toBe(true);
    cleanup();
    const finished = tally([...marks.trials, trial(14, 'cued')]);
    await renderInApp(<MarksBar marks={finished} onMark={none} onCue={() => {}} onUndo={onUndo} disabled />);
    expect(screen.getByRole('button', { name: 'Correct' }).hasAttribute('disabled')).toBe(true);
    // A finished lesson's cued trial still says its cue was not said, with nothing to change.
    expect(screen.getByText('Trial 4: cue not specified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /cue of trial/ })).toBeNull();
  });
});
