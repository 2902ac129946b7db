import {
  THEME_AGE_MAX,
  THEME_AGE_MIN,
  THEME_NAME_MAX,
  THEME_NAME_MIN,
  type Theme,
  type ThemeGender,
  type ThemeType,
} from '@logoschool/contract';
import type { TFunction } from 'i18next';

/** What the theme form holds while it is being filled: an age may be cleared. */
export interface ThemeFormValues {
  name: string;
  genders: ThemeGender[];
  age_from: number | null;
  age_to: number | null;
  type: ThemeType;
  shared_workspace_ids: number[];
}

export type ThemeField = keyof ThemeFormValues;

export const THEME_FIELDS: readonly ThemeField[] = [
  'name',
  'genders',
  'age_from',
  'age_to',
  'type',
  'shared_workspace_ids',
];

/** A new theme starts for both genders, for the youngest to the oldest, general, not shared. */
export function themeFormValues(theme: Theme | null): ThemeFormValues {
  if (!theme) {
    return {
      name: '',
      genders: ['boy', 'girl'],
      age_from: THEME_AGE_MIN,
      age_to: THEME_AGE_MAX,
      type: 'general',
      shared_workspace_ids: [],
    };
  }
  const { name, genders, age_from, age_to, type, shared_workspace_ids } = theme;
  return { name, genders, age_from, age_to, type, shared_workspace_ids };
}

function ageError(age: number | null, t: TFunction): string | undefined {
  if (age === null) return t('validation.required');
  if (!Number.isInteger(age) || age < THEME_AGE_MIN || age > THEME_AGE_MAX) {
    return t('themes.ageRange', { min: THEME_AGE_MIN, max: THEME_AGE_MAX });
  }
  return undefined;
}

/**
 * The contract's rules (spec §5: name length, at least one gender, age 'from' not above 'to'),
 * checked before sending; the server checks them again. The age order is told on 'from', as the
 * server tells it.
 */
export function validateThemeForm(
  values: ThemeFormValues,
  t: TFunction,
): Partial<Record<ThemeField, string>> {
  const errors: Partial<Record<ThemeField, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = t('validation.required');
  else if (name.length < THEME_NAME_MIN) errors.name = t('validation.tooShort', { min: THEME_NAME_MIN });
  else if (name.length > THEME_NAME_MAX) errors.name = t('validation.tooLong', { max: THEME_NAME_MAX });
  if (values.genders.length === 0) errors.genders = t('themes.genderRequired');
  const from = ageError(values.age_from, t);
  const to = ageError(values.age_to, t);
  if (from) errors.age_from = from;
  if (to) errors.age_to = to;
  if (!from && !to && (values.age_from ?? 0) > (values.age_to ?? 0)) errors.age_from = t('themes.ageOrder');
  return errors;
}
