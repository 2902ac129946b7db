import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { themeFormValues, validateThemeForm } from './theme-form.ts';

const t = ((key: string) => key) as unknown as TFunction;
const valid = { ...themeFormValues(null), name: 'Cars', age_from: 3, age_to: 7 };

describe('the theme form rules (spec §5)', () => {
  it('takes a named theme for at least one gender with from ≤ to', () => {
    expect(validateThemeForm(valid, t)).toEqual({});
    expect(validateThemeForm({ ...valid, age_from: 5, age_to: 5 }, t)).toEqual({});
  });

  it('refuses a theme for no gender', () => {
    expect(validateThemeForm({ ...valid, genders: [] }, t)).toEqual({ genders: 'themes.genderRequired' });
  });

  it("tells an age 'from' above 'to' on 'from', as the server does", () => {
    expect(validateThemeForm({ ...valid, age_from: 9, age_to: 5 }, t)).toEqual({
      age_from: 'themes.ageOrder',
    });
  });

  it('refuses empty, fractional and out-of-range ages', () => {
    expect(validateThemeForm({ ...valid, age_to: null }, t)).toEqual({ age_to: 'validation.required' });
    expect(validateThemeForm({ ...valid, age_from: 2.5 }, t).age_from).toBe('themes.ageRange');
    expect(validateThemeForm({ ...valid, age_to: 40 }, t).age_to).toBe('themes.ageRange');
  });

  it('checks the name length', () => {
    expect(validateThemeForm({ ...valid, name: '  ' }, t).name).toBe('validation.required');
    expect(validateThemeForm({ ...valid, name: 'C' }, t).name).toBe('validation.tooShort');
  });
});
