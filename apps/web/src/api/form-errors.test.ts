import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n.ts';
import { ApiError } from './client.ts';
import { errorTextOf, fieldErrorsOf } from './form-errors.ts';

beforeAll(async () => {
  await initI18n('en');
});

const validation = (fieldErrors: Record<string, string[]>) =>
  new ApiError({
    status: 422,
    code: 'validation_failed',
    message: 'Please check the data you entered.',
    fieldErrors,
  });

describe('fieldErrorsOf', () => {
  it('keeps the first message of each top-level field, nested paths included', () => {
    const error = validation({
      child_name: ['At least 2 characters.', 'Required.'],
      'custom_themes.2': ['At most 100 characters.'],
      'custom_themes.4': ['Required.'],
    });
    expect(fieldErrorsOf(error)).toEqual({
      child_name: 'At least 2 characters.',
      custom_themes: 'At most 100 characters.',
    });
  });

  it('is null for an error without fields and for anything that is not an API error', () => {
    expect(fieldErrorsOf(new ApiError({ status: 409, code: 'conflict', message: 'No.' }))).toBeNull();
    expect(fieldErrorsOf(new Error('boom'))).toBeNull();
  });
});

describe('errorTextOf', () => {
  it('prefers a field message, then the server message, then the generic text', () => {
    expect(errorTextOf(validation({ role: ['The last role of a user cannot be removed.'] }))).toBe(
      'The last role of a user cannot be removed.',
    );
    expect(errorTextOf(new ApiError({ status: 409, code: 'conflict', message: 'Already archived.' }))).toBe(
      'Already archived.',
    );
    expect(errorTextOf(new TypeError('x'))).toBe(
      'Something went wrong. Please try again or contact the administrator.',
    );
  });
});
