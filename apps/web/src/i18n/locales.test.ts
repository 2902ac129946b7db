import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, NAV_ITEMS, ROLE_NAMES } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { withRoles } from './i18n.ts';
import en from 'virtual:texts/en';
import pl from 'virtual:texts/pl';
import ru from 'virtual:texts/ru';
import uk from 'virtual:texts/uk';

const RESOURCES = { uk, ru, en, pl };

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

const flat = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(RESOURCES[lang] as Tree)]));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Every source file of the web app. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** A counted text's plural forms (i18next's suffixes), in each language. */
const PLURAL = /_(one|few|many|other)$/;
const FORMS: Record<string, string[]> = { en: ['one', 'other'] };
const formsOf = (lang: string) => FORMS[lang] ?? ['one', 'few', 'many', 'other'];
/** A language's keys, a counted text's forms named as the forms that language has. */
const keysIn = (lang: string, keys: Iterable<string>) =>
  new Set(
    [...keys].flatMap((key) =>
      PLURAL.test(key) ? formsOf(lang).map((form) => key.replace(PLURAL, `_${form}`)) : [key],
    ),
  );

describe('the locales', () => {
  it.each(LANGUAGES)('%s has every key of every other language, none empty', (lang) => {
    const keys = keysIn(lang, new Set(LANGUAGES.flatMap((other) => Object.keys(flat[other]!))));
    for (const key of keys) {
      expect(flat[lang]![key], `${lang}: ${key}`).toBeTypeOf('string');
      expect(flat[lang]![key]!.trim(), `${lang}: ${key}`).not.toBe('');
    }
  });

  it('uses the same placeholders in every language', () => {
    for (const [key, text] of Object.entries(flat.en!)) {
      for (const lang of LANGUAGES)
        for (const form of keysIn(lang, [key]))
          expect(placeholders(flat[lang]![form]!), `${lang}: ${form}`).toEqual(placeholders(text));
    }
  });

  it('names every navigation item', () => {
    for (const item of NAV_ITEMS) expect(flat.en).toHaveProperty([`nav.${item}`]);
  });

  it.each(LANGUAGES)('takes the role names of %s from the contract, not from its JSON', (lang) => {
    expect(RESOURCES[lang]).not.toHaveProperty('roles');
    const texts = flatten(withRoles(lang, RESOURCES[lang]) as Tree);
    for (const role of ROLE_NAMES) expect(texts[`roles.${role}`]?.trim(), role).toBeTruthy();
  });

  it('has every key the code asks for with a literal t("…")', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const used = sources(root).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)].map(
        (match) => [file, match[1]!] as const,
      ),
    );
    expect(used.length).toBeGreaterThan(20);
    for (const [file, key] of used)
      expect(flat.en![key] ?? flat.en![`${key}_other`], `${path.relative(root, file)}: ${key}`).toBeTypeOf(
        'string',
      );
  });
});
