import { describe, expect, it } from 'vitest';
import {
  CUES,
  lessonMarksSchema,
  markCueInput,
  markInput,
  markParams,
  summarizeTrials,
  undoMarkQuery,
} from './marks.ts';

describe('markInput', () => {
  it('takes a correct or incorrect trial without a cue', () => {
    expect(markInput.safeParse({ exercise_id: 3, result: 'correct' }).success).toBe(true);
    expect(markInput.safeParse({ exercise_id: 3, result: 'incorrect' }).success).toBe(true);
  });

  it('takes a cued trial with each of the five cues', () => {
    expect(CUES).toEqual(['verbal', 'visual', 'gestural', 'tactile', 'phonemic']);
    for (const cue of CUES)
      expect(markInput.safeParse({ exercise_id: 3, result: 'cued', cue }).success).toBe(true);
  });

  it('takes a cued trial without its cue (said later) and refuses a cue on another trial', () => {
    expect(markInput.safeParse({ exercise_id: 3, result: 'cued' }).success).toBe(true);
    const extra = markInput.safeParse({ exercise_id: 3, result: 'correct', cue: 'verbal' });
    expect(extra.success).toBe(false);
    expect(extra.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['cue']);
  });

  it('refuses an unknown result or cue, a bad exercise id and unknown fields', () => {
    for (const body of [
      { exercise_id: 3, result: 'maybe' },
      { exercise_id: 3, result: 'cued', cue: 'telepathic' },
      { exercise_id: 0, result: 'correct' },
      { exercise_id: '3', result: 'correct' },
      { exercise_id: 3, result: 'correct', trial: 2 },
    ])
      expect(markInput.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});

describe('markCueInput and markParams', () => {
  it('takes one of the five cues or null, nothing else', () => {
    for (const cue of [...CUES, null]) expect(markCueInput.safeParse({ cue }).success).toBe(true);
    for (const body of [{}, { cue: 'telepathic' }, { cue: '' }, { cue: 'verbal', result: 'cued' }])
      expect(markCueInput.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('names the lesson and the mark', () => {
    expect(markParams.safeParse({ lessonId: '4', markId: '9' }).data).toEqual({ lessonId: 4, markId: 9 });
    expect(markParams.safeParse({ lessonId: '4', markId: '0' }).success).toBe(false);
  });
});

describe('undoMarkQuery', () => {
  it('needs the exercise', () => {
    expect(undoMarkQuery.safeParse({ workspace_id: '1', exercise_id: '4' }).data?.exercise_id).toBe(4);
    expect(undoMarkQuery.safeParse({ workspace_id: '1' }).success).toBe(false);
  });
});

describe('summarizeTrials', () => {
  it('counts each result and lists the trials in order', () => {
    const at = '2026-01-01T10:00:00.000Z';
    const marks = summarizeTrials(7, [
      { id: 13, trial: 3, result: 'cued', cue: 'phonemic', created_at: at },
      { id: 11, trial: 1, result: 'correct', cue: null, created_at: at },
      { id: 12, trial: 2, result: 'incorrect', cue: null, created_at: at },
      { id: 15, trial: 4, result: 'cued', cue: null, created_at: at },
    ]);
    // A cued trial counts whether or not its cue was said.
    expect(marks).toMatchObject({ exercise_id: 7, correct: 1, incorrect: 1, cued: 2 });
    expect(marks.trials.map((trial) => trial.trial)).toEqual([1, 2, 3, 4]);
    expect(lessonMarksSchema.safeParse({ lesson_id: 1, exercises: [marks] }).success).toBe(true);
  });
});
