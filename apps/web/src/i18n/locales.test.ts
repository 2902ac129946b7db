import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, NAV_ITEMS, PLURAL_SUFFIX, ROLE_NAMES, pluralFormsOf } from '@logoschool/contract';
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

const baseOf = (key: string) => key.replace(PLURAL_SUFFIX, '');
/** A language's keys of one text: itself, or each plural form it needs when it is counted. */
const keysIn = (lang: string, base: string, counted: boolean) =>
  counted ? pluralFormsOf(lang).map((form) => `${base}_${form}`) : [base];

describe('the locales', () => {
  it.each(LANGUAGES)(
    '%s has every text of every other language, a counted one in its forms, none empty',
    (lang) => {
      const all = LANGUAGES.flatMap((other) => Object.keys(flat[other]!));
      const counted = new Set(all.filter((key) => PLURAL_SUFFIX.test(key)).map(baseOf));
      for (const base of new Set(all.map(baseOf))) {
        for (const key of keysIn(lang, base, counted.has(base))) {
          expect(flat[lang]![key], `${lang}: ${key}`).toBeTypeOf('string');
          expect(flat[lang]![key]!.trim(), `${lang}: ${key}`).not.toBe('');
        }
      }
    },
  );

  it('uses the same placeholders in every language, and in every form of a counted text', () => {
    for (const [key, text] of Object.entries(flat.en!)) {
      for (const lang of LANGUAGES) {
        for (const other of keysIn(lang, baseOf(key), PLURAL_SUFFIX.test(key)))
          expect(placeholders(flat[lang]![other]!), `${lang}: ${other}`).toEqual(placeholders(text));
      }
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
    const known = new Set(Object.keys(flat.en!).map(baseOf));
    for (const [file, key] of used) expect(known.has(key), `${path.relative(root, file)}: ${key}`).toBe(true);
  });
});
