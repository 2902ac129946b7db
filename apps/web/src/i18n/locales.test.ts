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

describe('the locales', () => {
  it.each(LANGUAGES)('%s has every key of every other language, none empty', (lang) => {
    const keys = new Set(LANGUAGES.flatMap((other) => Object.keys(flat[other]!)));
    for (const key of keys) {
      // A counted text has the plural forms its language has: en none but one and other.
      if (lang === 'en' && /_(few|many)$/.test(key)) continue;
      expect(flat[lang]![key], `${lang}: ${key}`).toBeTypeOf('string');
      expect(flat[lang]![key]!.trim(), `${lang}: ${key}`).not.toBe('');
    }
  });

  it('uses the same placeholders in every language', () => {
    for (const [key, text] of Object.entries(flat.en!)) {
      for (const lang of LANGUAGES)
        expect(placeholders(flat[lang]![key]!), `${lang}: ${key}`).toEqual(placeholders(text));
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
      expect(flat.en, `${path.relative(root, file)}: ${key}`).toHaveProperty([
        // A counted text is asked for by the key its forms share.
        flat.en![`${key}_other`] === undefined ? key : `${key}_other`,
      ]);
  });
});
