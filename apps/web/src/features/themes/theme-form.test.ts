import { THEME_AGE_MAX, themeInput } from '@logoschool/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { contractValidate } from '../../lib/form.ts';
import { themeBody, themeFormValues, type ThemeFormValues } from './theme-form.ts';

/** Names the message and its values instead of saying it (a counted one names its `count`). */
const t = ((key: string, options?: { replace?: Record<string, unknown> }) =>
  options?.replace && Object.keys(options.replace).length > 0
    ? `${key} ${JSON.stringify(options.replace)}`
    : key) as unknown as TFunction;
const validate = contractValidate<ThemeFormValues>(themeInput, t, { toBody: (values) => themeBody(values) });
const valid = { ...themeFormValues(null), name: 'Cars', age_from: 3, age_to: 7 };

describe('the theme form, judged by the contract (spec §5)', () => {
  it('takes a named theme for at least one gender with from ≤ to', () => {
    expect(validate(valid)).toEqual({});
    expect(validate({ ...valid, age_from: 5, age_to: 5 })).toEqual({});
  });

  it('refuses a theme for no gender', () => {
    expect(validate({ ...valid, genders: [] })).toEqual({ genders: 'fields.tooFewItems {"count":1}' });
  });

  it("tells an age 'from' above 'to' on 'from', as the server does", () => {
    expect(validate({ ...valid, age_from: 9, age_to: 5 })).toEqual({ age_from: 'fields.ageFromAfterTo' });
  });

  it('calls a cleared age required and tells the bounds of the others', () => {
    expect(validate({ ...valid, age_to: null })).toEqual({ age_to: 'fields.required' });
    expect(validate({ ...valid, age_to: THEME_AGE_MAX + 1 })).toEqual({
      age_to: `fields.tooBigNumber {"max":${THEME_AGE_MAX}}`,
    });
  });

  it('calls an empty name required and checks the length of a typed one', () => {
    expect(validate({ ...valid, name: '' }).name).toBe('fields.required');
    expect(validate({ ...valid, name: '  ' }).name).toBe('fields.required');
    expect(validate({ ...valid, name: 'C' }).name).toBe('fields.tooShortString {"count":2}');
  });

  it('sends the genders in their order and the shares only when given', () => {
    expect(themeBody({ ...valid, name: ' Cars ', genders: ['girl', 'boy'] })).toEqual({
      name: 'Cars',
      genders: ['boy', 'girl'],
      age_from: 3,
      age_to: 7,
      type: 'general',
    });
    expect(themeBody(valid, [4])).toMatchObject({ shared_workspace_ids: [4] });
  });
});
