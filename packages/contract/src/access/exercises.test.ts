import { describe, expect, it } from 'vitest';
import {
  EXERCISE_STATUS,
  EXERCISE_STATUS_NAMES,
  type ExerciseStatusName,
} from '../exercises/status-machine.ts';
import {
  exerciseActors,
  exerciseReadScope,
  mayDeleteExercise,
  mayEditExercise,
  mayReadExercise,
  maySetModeratorFields,
  newExerciseStatus,
  responsibleAuthorId,
  type ExerciseRecord,
} from './exercises.ts';
import { ROLE_NAMES } from './roles.ts';

const ME = 7;
const OTHER = 8;

const exercise = (status: ExerciseStatusName, values: Partial<ExerciseRecord> = {}): ExerciseRecord => ({
  author_id: ME,
  assigned_id: null,
  status_id: EXERCISE_STATUS[status],
  read_only: false,
  ...values,
});

describe('responsibleAuthorId (spec §5: the assigned user if set, else the author)', () => {
  it('is the assigned author, else the author', () => {
    expect(responsibleAuthorId({ author_id: ME, assigned_id: null })).toBe(ME);
    expect(responsibleAuthorId({ author_id: ME, assigned_id: OTHER })).toBe(OTHER);
  });
});

describe('exerciseActors', () => {
  it('makes an author the owner of what they are responsible for only', () => {
    expect(exerciseActors('author', ME, exercise('draft'))).toEqual(['author', 'owner']);
    expect(exerciseActors('author', ME, exercise('draft', { author_id: OTHER }))).toEqual(['author']);
    // A request a moderator filed and this author took.
    expect(exerciseActors('author', ME, exercise('draft', { author_id: OTHER, assigned_id: ME }))).toEqual([
      'author',
      'owner',
    ]);
    // Taken by someone else: the writer of the request is no longer its owner.
    expect(exerciseActors('author', ME, exercise('draft', { assigned_id: OTHER }))).toEqual(['author']);
  });

  it('makes a moderator a moderator, never an owner', () => {
    expect(exerciseActors('moderator', ME, exercise('moderation'))).toEqual(['moderator']);
  });

  it('gives every other role nothing to do', () => {
    for (const role of ['root', 'manager', 'teacher', 'admin', 'diagnostician'] as const) {
      expect(exerciseActors(role, ME, exercise('draft'))).toEqual([]);
    }
  });
});

describe('reading', () => {
  it('gives each role its scope', () => {
    expect(exerciseReadScope('moderator')).toEqual({ all: true, own: false, statuses: [] });
    expect(exerciseReadScope('author')).toEqual({ all: false, own: true, statuses: ['accepted', 'request'] });
    expect(exerciseReadScope('teacher')).toEqual({ all: false, own: false, statuses: ['accepted'] });
    expect(exerciseReadScope('diagnostician')).toEqual(exerciseReadScope('teacher'));
    for (const role of ['root', 'manager', 'admin'] as const) expect(exerciseReadScope(role)).toBeNull();
  });

  it.each(EXERCISE_STATUS_NAMES)('lets each role see a %s exercise as the rules say', (status) => {
    const others = exercise(status, { author_id: OTHER });
    const own = exercise(status);
    for (const role of ROLE_NAMES) {
      const expectedOther =
        role === 'moderator' ||
        (role === 'author' && (status === 'accepted' || status === 'request')) ||
        ((role === 'teacher' || role === 'diagnostician') && status === 'accepted');
      const expectedOwn = expectedOther || role === 'author';
      expect(mayReadExercise(role, ME, others), `${role} other`).toBe(expectedOther);
      expect(mayReadExercise(role, ME, own), `${role} own`).toBe(expectedOwn);
    }
  });
});

describe('editing and deleting', () => {
  it.each(EXERCISE_STATUS_NAMES)('a %s exercise', (status) => {
    const record = exercise(status);
    expect(mayEditExercise(['moderator'], record)).toBe(true);
    expect(mayDeleteExercise(['moderator'], record)).toBe(true);
    expect(mayEditExercise(['author', 'owner'], record)).toBe(status === 'draft' || status === 'declined');
    expect(mayDeleteExercise(['author', 'owner'], record)).toBe(status === 'draft');
    expect(mayEditExercise(['author'], record)).toBe(false);
    expect(mayDeleteExercise(['author'], record)).toBe(false);
    expect(mayEditExercise([], record)).toBe(false);
    expect(mayDeleteExercise([], record)).toBe(false);
  });

  it('keeps a read-only exercise from its author, not from a moderator', () => {
    const record = exercise('draft', { read_only: true });
    expect(mayEditExercise(['author', 'owner'], record)).toBe(false);
    expect(mayDeleteExercise(['author', 'owner'], record)).toBe(false);
    expect(mayEditExercise(['moderator'], record)).toBe(true);
  });
});

describe('creating', () => {
  it('makes a moderator file a request and an author start a draft', () => {
    expect(newExerciseStatus('moderator')).toBe('request');
    expect(newExerciseStatus('author')).toBe('draft');
    for (const role of ['root', 'manager', 'teacher', 'admin', 'diagnostician'] as const) {
      expect(newExerciseStatus(role)).toBeNull();
    }
    expect(ROLE_NAMES.filter(maySetModeratorFields)).toEqual(['moderator']);
  });
});
