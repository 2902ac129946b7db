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

/** A counted text's forms are `<key>_one`, `<key>_few`…: the key they share. */
const PLURAL_FORM = /_(one|few|many|other)$/;
const baseOf = (key: string) => key.replace(PLURAL_FORM, '');
/** The forms a counted text needs in a language (uk, ru: one, few, many, other; en: one, other). */
const formsOf = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
/** A language's keys of one text: itself, or each of the forms it needs when it is counted. */
function keysIn(lang: string, base: string, counted: boolean): string[] {
  return counted ? formsOf(lang).map((form) => `${base}_${form}`) : [base];
}

describe('the server text catalogue', () => {
  it.each(LANGUAGES)('%s has every text of every other language, a counted one in all its forms', (lang) => {
    const all = LANGUAGES.flatMap((other) => Object.keys(flat[other]!));
    const counted = new Set(all.filter((key) => PLURAL_FORM.test(key)).map(baseOf));
    for (const base of new Set(all.map(baseOf))) {
      for (const key of keysIn(lang, base, counted.has(base))) {
        expect(flat[lang]![key], `${lang}: ${key}`).toBeTypeOf('string');
        expect(flat[lang]![key]!.trim(), `${lang}: ${key}`).not.toBe('');
      }
    }
  });

  it('uses the same placeholders in every language, and in every form of a counted text', () => {
    for (const [key, value] of Object.entries(flat.en!)) {
      const counted = PLURAL_FORM.test(key);
      for (const lang of LANGUAGES) {
        for (const other of keysIn(lang, baseOf(key), counted))
          expect(placeholders(flat[lang]![other]!), `${lang}: ${other}`).toEqual(placeholders(value));
      }
    }
  });

  it('writes placeholders only as {{name}}', () => {
    for (const lang of LANGUAGES) {
      for (const [key, value] of Object.entries(flat[lang]!))
        expect(value.replace(/\{\{\w+\}\}/g, ''), `${lang}: ${key}`).not.toMatch(/[{}]/);
    }
  });

  it.each(ERROR_CODES)('has a message for the error code %s', (code) => {
    for (const lang of LANGUAGES) {
      const keys = Object.keys(flat[lang]!).filter((key) => baseOf(key) === `errors.${code}`);
      expect(keys, lang).not.toEqual([]);
    }
  });

  it('has no message for an error code that does not exist', () => {
    expect([...new Set(Object.keys(CATALOGUES.en.errors).map(baseOf))].sort()).toEqual(
      [...ERROR_CODES].sort(),
    );
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
      'Zasób jest przypisany do 2 tematów. Najpierw go od nich odłącz.',
    );
  });

  it('says a counted text in the form its number needs', () => {
    expect([1, 3, 5, 21].map((count) => text('uk', 'errors.diagnostic_card_in_use', { count }))).toEqual([
      'Картку не можна видалити: за нею проведено 1 діагностику.',
      'Картку не можна видалити: за нею проведено 3 діагностики.',
      'Картку не можна видалити: за нею проведено 5 діагностик.',
      'Картку не можна видалити: за нею проведено 21 діагностику.',
    ]);
    expect(text('en', 'errors.asset_in_use', { count: 1 })).toBe(
      'The asset is attached to 1 theme. Detach it from it first.',
    );
    expect(text('ru', 'errors.not_found')).toBe('Не найдено.');
  });
});
