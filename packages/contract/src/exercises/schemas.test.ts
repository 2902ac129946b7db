import { describe, expect, it } from 'vitest';
import {
  EXERCISE_BULK_MAX,
  EXERCISE_COMMENT_MAX,
  EXERCISE_DESCRIPTION_MAX,
  EXERCISE_INSTRUCTION_MAX,
  EXERCISE_TITLE_MAX,
  EXERCISE_TITLE_MIN,
  REQUEST_DESCRIPTION_MAX,
} from '../common/limits.ts';
import {
  DEFAULT_EXERCISES_FILTER,
  exerciseBulkToggleInput,
  exerciseInput,
  exerciseStatsQuery,
  exerciseStatusInput,
  exerciseUpdate,
  exercisesQuery,
  filterStatusId,
  readExercisesFilter,
} from './schemas.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

const REQUEST = {
  description: 'Pictures for the sound [R] in the middle of a word',
  interests: ['Cars', 'Space'],
  age_categories: ['5-6'],
  deadline: '2030-01-31',
};

describe('exerciseInput', () => {
  it('needs only a title for a draft, trimmed and bounded (spec §5)', () => {
    expect(exerciseInput.parse({ title: '  Rocket [R]  ' })).toEqual({ title: 'Rocket [R]' });
    const title = (length: number) => exerciseInput.safeParse({ title: 'x'.repeat(length) }).success;
    expect(title(EXERCISE_TITLE_MIN - 1)).toBe(false);
    expect(title(EXERCISE_TITLE_MIN)).toBe(true);
    expect(title(EXERCISE_TITLE_MAX)).toBe(true);
    expect(title(EXERCISE_TITLE_MAX + 1)).toBe(false);
    expect(exerciseInput.safeParse({}).success).toBe(false);
  });

  it('bounds the texts (spec §5: instruction and description have maximum lengths)', () => {
    const ok = (field: string, length: number) =>
      exerciseInput.safeParse({ title: 'Rocket', [field]: 'x'.repeat(length) }).success;
    expect(ok('instruction', EXERCISE_INSTRUCTION_MAX)).toBe(true);
    expect(ok('instruction', EXERCISE_INSTRUCTION_MAX + 1)).toBe(false);
    expect(ok('description', EXERCISE_DESCRIPTION_MAX)).toBe(true);
    expect(ok('description', EXERCISE_DESCRIPTION_MAX + 1)).toBe(false);
  });

  it('takes usage 1 or 3, a lesson language, unique tags, and nothing unknown', () => {
    const ok = (values: object) => exerciseInput.safeParse({ title: 'Rocket', ...values }).success;
    expect(ok({ usage_frequency: 1 })).toBe(true);
    expect(ok({ usage_frequency: 3 })).toBe(true);
    expect(ok({ usage_frequency: 2 })).toBe(false);
    expect(ok({ language: 'pl' })).toBe(true);
    expect(ok({ language: 'de' })).toBe(false);
    expect(ok({ tag_ids: [1, 2] })).toBe(true);
    expect(messages(exerciseInput.safeParse({ title: 'Rocket', tag_ids: [1, 1] }))).toEqual(['unique']);
    expect(ok({ category_id: null })).toBe(true);
    expect(ok({ category_id: 0 })).toBe(false);
    expect(ok({ comment: 'hello' })).toBe(false);
    expect(ok({ status_id: 1 })).toBe(false);
  });

  it('checks a request: description, at least one interest and one age category, a real deadline', () => {
    const ok = (request: object) => exerciseInput.safeParse({ title: 'Rocket', request }).success;
    expect(ok(REQUEST)).toBe(true);
    expect(ok({ ...REQUEST, description: '  ' })).toBe(false);
    expect(ok({ ...REQUEST, description: 'x'.repeat(REQUEST_DESCRIPTION_MAX + 1) })).toBe(false);
    expect(ok({ ...REQUEST, interests: [] })).toBe(false);
    expect(ok({ ...REQUEST, interests: ['Cars', 'cars'] })).toBe(false);
    expect(ok({ ...REQUEST, age_categories: [] })).toBe(false);
    expect(ok({ ...REQUEST, age_categories: ['2-3'] })).toBe(false);
    expect(ok({ ...REQUEST, deadline: '2030-02-30' })).toBe(false);
    const { deadline: _deadline, ...noDeadline } = REQUEST;
    expect(ok(noDeadline)).toBe(false);
  });
});

describe('exerciseUpdate', () => {
  it('takes any subset of the fields, and a part of the request', () => {
    expect(exerciseUpdate.parse({})).toEqual({});
    expect(exerciseUpdate.parse({ workspace_id: 3, request: { deadline: '2030-02-01' } })).toEqual({
      workspace_id: 3,
      request: { deadline: '2030-02-01' },
    });
    expect(exerciseUpdate.safeParse({ title: 'x' }).success).toBe(false);
    expect(exerciseUpdate.safeParse({ likes_count: 3 }).success).toBe(false);
  });
});

describe('exerciseStatusInput', () => {
  it('takes a status id as a number or numeric text, and a bounded comment', () => {
    expect(exerciseStatusInput.parse({ status_id: 3 })).toEqual({ status_id: 3 });
    expect(exerciseStatusInput.parse({ status_id: 2, comment: ' Too dark ' })).toEqual({
      status_id: 2,
      comment: 'Too dark',
    });
    for (const status_id of [0, 6, 'x', null]) {
      expect(exerciseStatusInput.safeParse({ status_id }).success).toBe(false);
    }
    const comment = (length: number) =>
      exerciseStatusInput.safeParse({ status_id: 2, comment: 'x'.repeat(length) }).success;
    expect(comment(EXERCISE_COMMENT_MAX)).toBe(true);
    expect(comment(EXERCISE_COMMENT_MAX + 1)).toBe(false);
  });
});

describe('exercisesQuery', () => {
  it('reads the query string: page, status, filters, with_activities', () => {
    expect(
      exercisesQuery.parse({
        workspace_id: '4',
        status_id: '5',
        term: ' rocket ',
        author_id: '9',
        with_activities: 'true',
      }),
    ).toEqual({
      workspace_id: 4,
      status_id: 5,
      term: 'rocket',
      author_id: 9,
      with_activities: true,
      page: 1,
      per_page: 20,
    });
    expect(exercisesQuery.parse({ workspace_id: '4', with_activities: '0' }).with_activities).toBe(false);
    expect(exercisesQuery.safeParse({ workspace_id: '4', status_id: '7' }).success).toBe(false);
    expect(exercisesQuery.safeParse({ status_id: '1' }).success).toBe(false);
  });
});

describe('exerciseStatsQuery', () => {
  it('needs two real days, the end not before the start', () => {
    const query = { workspace_id: '1', start_date: '2025-01-01', end_date: '2025-01-31' };
    expect(exerciseStatsQuery.safeParse(query).success).toBe(true);
    expect(exerciseStatsQuery.safeParse({ ...query, end_date: query.start_date }).success).toBe(true);
    const reversed = exerciseStatsQuery.safeParse({ ...query, end_date: '2024-12-31' });
    expect(messages(reversed)).toEqual(['endBeforeStart']);
    expect(reversed.error?.issues[0]?.path).toEqual(['end_date']);
    expect(exerciseStatsQuery.safeParse({ ...query, start_date: '2025-13-01' }).success).toBe(false);
  });
});

describe('exerciseBulkToggleInput', () => {
  it('takes 1 to EXERCISE_BULK_MAX distinct ids and one of the flags', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    const ok = (values: object) =>
      exerciseBulkToggleInput.safeParse({ ids: [1], field: 'read_only', value: true, ...values }).success;
    expect(ok({})).toBe(true);
    expect(ok({ ids: ids(EXERCISE_BULK_MAX) })).toBe(true);
    expect(ok({ ids: ids(EXERCISE_BULK_MAX + 1) })).toBe(false);
    expect(ok({ ids: [] })).toBe(false);
    expect(ok({ ids: [2, 2] })).toBe(false);
    expect(ok({ field: 'excluded_from_generation' })).toBe(true);
    expect(ok({ field: 'title' })).toBe(false);
  });
});

describe('the exercises-filter kept locally (spec §3, §9)', () => {
  it('defaults to the request tab', () => {
    expect(DEFAULT_EXERCISES_FILTER).toEqual({ status: 'request', term: '', authorId: null });
    expect(filterStatusId(DEFAULT_EXERCISES_FILTER)).toBe(5);
    expect(readExercisesFilter(null)).toEqual(DEFAULT_EXERCISES_FILTER);
  });

  it('reads a stored filter, and falls back field by field on anything else', () => {
    expect(readExercisesFilter('{"status":"accepted","term":"rock","authorId":7}')).toEqual({
      status: 'accepted',
      term: 'rock',
      authorId: 7,
    });
    expect(readExercisesFilter('{"status":"gone","term":3,"authorId":"x"}')).toEqual(
      DEFAULT_EXERCISES_FILTER,
    );
    expect(readExercisesFilter('{"status":"draft"}')).toEqual({
      ...DEFAULT_EXERCISES_FILTER,
      status: 'draft',
    });
    expect(readExercisesFilter('not json')).toEqual(DEFAULT_EXERCISES_FILTER);
    expect(readExercisesFilter('5')).toEqual(DEFAULT_EXERCISES_FILTER);
  });
});
