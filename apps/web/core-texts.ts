import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The sections of a language a visitor's first page needs: the login, logout and error screens,
 * the loader and the language switcher. Everything else loads with the screens that use it.
 */
export const CORE_TEXT_SECTIONS = ['app', 'errors', 'fields', 'header', 'login', 'logout', 'notFound'];

const PREFIX = 'virtual:core-texts/';
const LOCALES = path.resolve(import.meta.dirname, 'src/i18n/locales');

/**
 * `virtual:core-texts/<language>`: the core sections of `locales/<language>.json` as their own small
 * module. (Re-exporting them from the JSON would share one chunk with the whole language.)
 */
export function coreTexts(): Plugin {
  return {
    name: 'logoschool-core-texts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const language = id.slice(PREFIX.length + 1);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`No language "${language}" for core texts`);
      const file = path.join(LOCALES, `${language}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const core = Object.fromEntries(CORE_TEXT_SECTIONS.map((section) => [section, all[section] ?? {}]));
      return `export default ${JSON.stringify(core)};`;
    },
  };
}
