import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../testing/render.tsx';
import { MarksBar } from './marks-bar.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

const marks = {
  correct: 2,
  incorrect: 1,
  cued: 0,
  trials: [
    { trial: 1, result: 'correct' as const, cue: null, created_at: '2026-11-24T10:00:00.000Z' },
    { trial: 2, result: 'incorrect' as const, cue: null, created_at: '2026-11-24T10:01:00.000Z' },
    { trial: 3, result: 'correct' as const, cue: null, created_at: '2026-11-24T10:02:00.000Z' },
  ],
};

describe('MarksBar', () => {
  it('marks a correct or an incorrect trial with one tap and shows the running counts', async () => {
    const onMark = vi.fn();
    await renderInApp(<MarksBar marks={marks} onMark={onMark} onUndo={() => {}} />);
    expect(screen.getByText('Correct: 2 · Incorrect: 1 · Cued: 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Correct' }));
    fireEvent.click(screen.getByRole('button', { name: 'Incorrect' }));
    expect(onMark.mock.calls).toEqual([['correct'], ['incorrect']]);
  });

  it('asks for the cue of a cued trial before marking it, and can be cancelled', async () => {
    const onMark = vi.fn();
    await renderInApp(<MarksBar marks={marks} onMark={onMark} onUndo={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cued' }));
    // No mark yet: the five cues are offered instead.
    expect(onMark).not.toHaveBeenCalled();
    for (const cue of ['Verbal', 'Visual', 'Gestural', 'Tactile', 'Phonemic'])
      expect(screen.getByRole('button', { name: cue })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Correct' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onMark).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cued' }));
    fireEvent.click(screen.getByRole('button', { name: 'Phonemic' }));
    expect(onMark.mock.calls).toEqual([['cued', 'phonemic']]);
    // Back to the three results.
    expect(screen.getByRole('button', { name: 'Correct' })).toBeTruthy();
  });

  it('undoes the last trial, and has nothing to undo without trials or when disabled', async () => {
    const onUndo = vi.fn();
    await renderInApp(<MarksBar marks={marks} onMark={() => {}} onUndo={onUndo} />);
    fireEvent.click(screen.getByRole('button', { name: 'Undo last' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    cleanup();
    await renderInApp(<MarksBar marks={null} onMark={() => {}} onUndo={onUndo} />);
    expect(screen.getByRole('button', { name: 'Undo last' }).hasAttribute('disabled')).toBe(true);
    cleanup();
    await renderInApp(<MarksBar marks={marks} onMark={() => {}} onUndo={onUndo} disabled />);
    expect(screen.getByRole('button', { name: 'Correct' }).hasAttribute('disabled')).toBe(true);
  });
});
