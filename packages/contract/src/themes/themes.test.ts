import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSET_TYPES, assetFileKind } from '../assets/schemas.ts';
import { THEME_AGE_MAX, THEME_AGE_MIN } from '../common/limits.ts';
import { themeInput, themesQuery } from './schemas.ts';

const CARS = { name: 'Cars', genders: ['boy'], age_from: 3, age_to: 7, type: 'general' };

const issues = (value: unknown) =>
  (themeInput.safeParse(value).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('themeInput (spec §5)', () => {
  it('takes a theme for one or both genders and trims its name', () => {
    expect(themeInput.parse({ ...CARS, name: ' Cars ', genders: ['girl', 'boy'] })).toMatchObject({
      name: 'Cars',
      genders: ['girl', 'boy'],
    });
  });

  it('needs at least one gender, each once', () => {
    expect(issues({ ...CARS, genders: [] }).map(([path]) => path)).toEqual(['genders']);
    expect(issues({ ...CARS, genders: ['girl', 'girl'] })).toEqual([['genders', 'unique']]);
  });

  it("refuses an age 'from' above 'to', on age_from, for any pair of ages (property)", () => {
    const age = fc.integer({ min: THEME_AGE_MIN, max: THEME_AGE_MAX });
    fc.assert(
      fc.property(age, age, (from, to) => {
        const found = issues({ ...CARS, age_from: from, age_to: to });
        expect(found).toEqual(from <= to ? [] : [['age_from', 'ageFromAfterTo']]);
      }),
    );
  });
});

describe('themesQuery', () => {
  it('reads flags and ages from the query string', () => {
    expect(themesQuery.parse({ workspace_id: '1', role_id: '3', ready: 'false', age: '07' })).toEqual({
      workspace_id: 1,
      role_id: 3,
      ready: false,
      age: 7,
    });
    expect(themesQuery.safeParse({ workspace_id: '1', role_id: '3', age: '' }).success).toBe(false);
  });
});

describe('assetFileKind', () => {
  it('gives sound assets sound files and every other type images', () => {
    expect(Object.fromEntries(ASSET_TYPES.map((type) => [type, assetFileKind(type)]))).toEqual({
      background: 'image',
      character: 'image',
      prop: 'image',
      sound: 'sound',
      game_background: 'image',
      game_prop: 'image',
    });
  });
});
