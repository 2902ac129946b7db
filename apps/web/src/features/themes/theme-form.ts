import {
  THEME_AGE_MAX,
  THEME_AGE_MIN,
  THEME_GENDERS,
  type Theme,
  type ThemeGender,
  type ThemeInput,
  type ThemeType,
} from '@logoschool/contract';

/** What the theme form holds while it is being filled: an age may be cleared. */
export interface ThemeFormValues {
  name: string;
  genders: ThemeGender[];
  age_from: number | null;
  age_to: number | null;
  type: ThemeType;
  shared_workspace_ids: number[];
}

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

/**
 * The body the form's values stand for (the contract's `themeInput` judges it): genders in their
 * usual order, a cleared age absent (so the schema calls it required), and the shares only when
 * `shares` are given (someone who works in one project shares with none).
 */
export function themeBody(values: ThemeFormValues, shares?: number[]): ThemeInput {
  const body = {
    name: values.name.trim(),
    genders: THEME_GENDERS.filter((gender) => values.genders.includes(gender)),
    age_from: values.age_from ?? undefined,
    age_to: values.age_to ?? undefined,
    type: values.type,
    ...(shares ? { shared_workspace_ids: shares } : {}),
  };
  // The ages are only absent in a form that does not pass the schema, and is never sent.
  return body as ThemeInput;
}
