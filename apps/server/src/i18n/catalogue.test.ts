import { ERROR_CODES, LANGUAGES, ROLE_NAMES } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, roleList, text } from './index.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const flat = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(CATALOGUES[lang] as Tree)]));
const placeholders = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the server text catalogue', () => {
  it.each(LANGUAGES)('%s has every key of every other language, none empty', (lang) => {
    const keys = new Set(LANGUAGES.flatMap((other) => Object.keys(flat[other]!)));
    for (const key of keys) {
      expect(flat[lang]![key], `${lang}: ${key}`).toBeTypeOf('string');
      expect(flat[lang]![key]!.trim(), `${lang}: ${key}`).not.toBe('');
    }
  });

  it('uses the same placeholders in every language', () => {
    for (const [key, value] of Object.entries(flat.en!)) {
      for (const lang of LANGUAGES)
        expect(placeholders(flat[lang]![key]!), `${lang}: ${key}`).toEqual(placeholders(value));
    }
  });

  it('writes placeholders only as {{name}}', () => {
    for (const lang of LANGUAGES) {
      for (const [key, value] of Object.entries(flat[lang]!))
        expect(value.replace(/\{\{\w+\}\}/g, ''), `${lang}: ${key}`).not.toMatch(/[{}]/);
    }
  });

  it.each(ERROR_CODES)('has a message for the error code %s', (code) => {
    for (const lang of LANGUAGES) expect(flat[lang], lang).toHaveProperty([`errors.${code}`]);
  });

  it('has no message for an error code that does not exist', () => {
    expect(Object.keys(CATALOGUES.en.errors).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('names every role, from the contract', () => {
    for (const role of ROLE_NAMES) expect(flat.en).toHaveProperty([`roles.${role}`]);
    expect(roleList('en', ['manager', 'teacher'])).toBe('Manager, Speech therapist');
    expect(roleList('uk', ['admin'])).toBe('Адміністратор');
  });

  it('fills placeholders in the language asked for, taking values as they are', () => {
    expect(text('en', 'errors.tag_exists', { name: '{{x}} $t(errors.not_found) <b>' })).toBe(
      'The tag “{{x}} $t(errors.not_found) <b>” already exists.',
    );
    expect(text('pl', 'errors.asset_in_use', { count: 2 })).toBe(
      'Zasób jest przypisany do tematów (2). Najpierw go od nich odłącz.',
    );
    expect(text('ru', 'errors.not_found')).toBe('Не найдено.');
  });
});
