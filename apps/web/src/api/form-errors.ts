import { i18n } from '../i18n/i18n.ts';
import { ApiError } from './client.ts';

/**
 * The first message of each field of a validation error, by top-level field (`custom_themes.2`
 * shows on `custom_themes`), or by the field `fieldOf` names for a path; null when the error names
 * no fields.
 */
export function fieldErrorsOf(
  error: unknown,
  fieldOf: (path: string) => string = (path) => path.split('.')[0] ?? path,
): Record<string, string> | null {
  if (!(error instanceof ApiError) || !error.fieldErrors || Object.keys(error.fieldErrors).length === 0) {
    return null;
  }
  const byField: Record<string, string> = {};
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(path);
    const first = messages[0];
    if (first !== undefined) byField[field] ??= first;
  }
  return byField;
}

/** One sentence for a failed call: its first field message, else its message, else the generic one. */
export function errorTextOf(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('errors.generic');
  return Object.values(fieldErrorsOf(error) ?? {})[0] ?? (error.message || i18n.t('errors.generic'));
}
