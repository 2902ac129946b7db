import fs from 'node:fs';
import path from 'node:path';
import { FIELD_MESSAGE_KEYS, LANGUAGES, PLURAL_SUFFIX, clientInput, loginBody } from '@logoschool/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/client.ts';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { contractValidate, fieldText, showServerErrors } from './form.ts';

const locale = (dir: string, lang: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as { fields: Record<string, string> };
const WEB = path.resolve(import.meta.dirname, '../i18n/locales');
const SERVER = path.resolve(import.meta.dirname, '../../../server/src/i18n/locales');

// The core texts, which hold the field messages: the login page has them before anything else.
beforeAll(async () => {
  await initI18n('en');
});

describe('the field messages', () => {
  it.each(LANGUAGES)('say in %s every key of the contract, as the server says it', (lang) => {
    const web = locale(WEB, lang).fields;
    const server = locale(SERVER, lang).fields;
    // A counted message is its plural forms (`tooShortString_one`, `…_few`…).
    expect([...new Set(Object.keys(web).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort()).toEqual(
      [...FIELD_MESSAGE_KEYS].sort(),
    );
    for (const key of Object.keys(web)) expect(web[key], `${lang}: ${key}`).toBe(server[key]);
  });
});

describe('contractValidate', () => {
  it('gives each field the first message of the contract, in the web’s words', () => {
    const validate = contractValidate(loginBody, i18n.t);
    expect(validate({ email: 'not-an-email', password: 'short' })).toEqual({
      email: 'Enter a valid email address.',
      password: 'At least 8 characters.',
    });
    expect(validate({ email: 'olena@example.test', password: 'long enough' })).toEqual({});
  });

  it('judges the body the values stand for, and shows a nested path on its form field', () => {
    const schema = z.object({ request: z.object({ deadline: z.iso.date({ message: 'date' }) }) });
    const validate = contractValidate<{ deadline: string }>(schema, i18n.t, {
      toBody: ({ deadline }) => ({ request: deadline ? { deadline } : {} }),
      fieldOf: (field) => field.replace(/^request\./, ''),
    });
    expect(validate({ deadline: '' })).toEqual({ deadline: 'Required.' });
    expect(validate({ deadline: '2024-02-30' })).toEqual({ deadline: 'Enter a real date as YYYY-MM-DD.' });
    const themes = contractValidate(clientInput.pick({ custom_themes: true }), i18n.t);
    expect(themes({ custom_themes: ['cars', 'Cars'] })).toEqual({ custom_themes: 'Values must not repeat.' });
  });

  it('says an empty required field is required, and a length only of something typed', () => {
    const validate = contractValidate(loginBody, i18n.t);
    expect(validate({ email: '', password: '' })).toEqual({ email: 'Required.', password: 'Required.' });
    expect(validate({ email: 'olena@example.test', password: '   ' })).toEqual({ password: 'Required.' });
    expect(validate({ email: 'olena@example.test', password: 'short' })).toEqual({
      password: 'At least 8 characters.',
    });
  });

  it('fills the placeholders of a message, a counted one in the form its number needs', () => {
    expect(fieldText(i18n.t, { key: 'tooLongString', params: { count: 120 } })).toBe(
      'At most 120 characters.',
    );
    expect(fieldText(i18n.t, { key: 'tooLongString', params: { count: 1 } })).toBe('At most 1 character.');
    expect(fieldText(i18n.t, { key: 'oneOf', params: { values: 'a, b' } })).toBe('Allowed values: a, b.');
  });
});

describe('showServerErrors', () => {
  const refusal = new ApiError({
    status: 422,
    code: 'validation_failed',
    message: 'Please check the data you entered.',
    fieldErrors: { name: ['This title is already taken.'], 'tags.1': ['Required.'], other: ['No.'] },
  });

  it("puts the messages of the form's own fields under them", () => {
    let shown = {};
    const form = {
      getValues: () => ({ name: '', tags: [] }),
      setErrors: (errors: object) => (shown = errors),
    };
    expect(showServerErrors(form, refusal)).toBe(true);
    expect(shown).toEqual({ name: 'This title is already taken.', tags: 'Required.' });
  });

  it('says false when none of them is a field of the form', () => {
    const form = { getValues: () => ({ email: '' }), setErrors: () => {} };
    expect(showServerErrors(form, refusal)).toBe(false);
    expect(showServerErrors(form, new Error('offline'))).toBe(false);
  });
});
