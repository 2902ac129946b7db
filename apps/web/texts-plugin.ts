import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The sections of a language a visitor's first page needs: the login, logout and error screens,
 * the loader and the language switcher. Everything else loads with the screens that use it.
 */
export const CORE_TEXT_SECTIONS = ['app', 'errors', 'fields', 'header', 'login', 'logout', 'notFound'];

const SRC = path.resolve(import.meta.dirname, 'src');
const SHARED = path.join(SRC, 'i18n/locales');
const FEATURES = path.join(SRC, 'features');

type Texts = Record<string, unknown>;

/**
 * The files a language's texts are assembled from: the shared sections (`i18n/locales/<language>.json`)
 * and each area's own (`features/<area>/texts/<language>.json`).
 */
export function textFiles(language: string): string[] {
  const areas = fs
    .readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(FEATURES, entry.name, 'texts', `${language}.json`))
    .filter((file) => fs.existsSync(file));
  return [path.join(SHARED, `${language}.json`), ...areas];
}

/** Puts `from`'s texts into `into`, failing on a text that `owner` says another file gave already. */
export function mergeTexts(
  into: Texts,
  from: Texts,
  file: string,
  owner: Map<string, string>,
  prefix = '',
): void {
  for (const [key, value] of Object.entries(from)) {
    const name = `${prefix}${key}`;
    const existing = into[key];
    if (isSection(value) && (existing === undefined || isSection(existing))) {
      into[key] = existing ?? {};
      mergeTexts(into[key] as Texts, value, file, owner, `${name}.`);
    } else {
      const first = owner.get(name);
      if (first !== undefined || existing !== undefined)
        throw new Error(`The text "${name}" is in both ${first ?? 'another file'} and ${file}`);
      owner.set(name, file);
      into[key] = value;
    }
  }
}

const isSection = (value: unknown): value is Texts => typeof value === 'object' && value !== null;

/**
 * A language's whole texts: every file's texts merged. An area adds its sections, and may add to a
 * shared one (its `nav.*` label); the same text in two files is an error, not a silent overwrite.
 */
export function wholeTexts(language: string): Texts {
  const texts: Texts = {};
  const owner = new Map<string, string>();
  for (const file of textFiles(language)) {
    mergeTexts(texts, JSON.parse(fs.readFileSync(file, 'utf8')) as Texts, file, owner);
  }
  return texts;
}

/** The areas that have texts (`features/<area>/texts/`), by folder name. */
export function textAreas(): string[] {
  return fs
    .readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(FEATURES, entry.name, 'texts')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * One part of a language: `shared` (`i18n/locales/<language>.json`) or an area's own texts. A
 * parents' page loads the shared part and its areas' parts, not the whole language (issue 32).
 */
export function partTexts(language: string, part: string): Texts {
  if (part === 'shared')
    return JSON.parse(fs.readFileSync(path.join(SHARED, `${language}.json`), 'utf8')) as Texts;
  if (!textAreas().includes(part)) throw new Error(`No area "${part}" with texts`);
  return JSON.parse(fs.readFileSync(path.join(FEATURES, part, 'texts', `${language}.json`), 'utf8')) as Texts;
}

/** The loaders of every language's parts, by language and part (each part its own chunk). */
function partLoaders(): string {
  const parts = ['shared', ...textAreas()];
  const byLanguage = ['uk', 'ru', 'en', 'pl'].map(
    (language) =>
      `${JSON.stringify(language)}: {${parts
        .map(
          (part) =>
            `${JSON.stringify(part)}: () => import(${JSON.stringify(`virtual:text-part/${language}/${part}`)})`,
        )
        .join(', ')}}`,
  );
  return `export default {${byLanguage.join(', ')}};`;
}

const MODULES = {
  /** The core sections alone: their own small chunk, which the first page loads. */
  'virtual:core-texts/': (language: string) => {
    const all = wholeTexts(language);
    return Object.fromEntries(CORE_TEXT_SECTIONS.map((section) => [section, all[section] ?? {}]));
  },
  /** The whole language, one chunk, loaded with the screens beyond the core. */
  'virtual:texts/': wholeTexts,
  /** One part of a language (`<language>/<part>`), loaded with the parents' pages that show it. */
  'virtual:text-part/': (rest: string) => {
    const [language = '', part = ''] = rest.split('/');
    return partTexts(language, part);
  },
};

/**
 * `virtual:core-texts/<language>` and `virtual:texts/<language>`: a language's texts assembled from
 * the shared file and the areas' files at build time, so that an area adds its texts in its own
 * folder and a language still loads as one chunk (two for the first page).
 */
export function areaTexts(): Plugin {
  return {
    name: 'logoschool-texts',
    resolveId(id) {
      if (id === 'virtual:text-parts') return `\0${id}`;
      return Object.keys(MODULES).some((prefix) => id.startsWith(prefix)) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === '\0virtual:text-parts') return partLoaders();
      const entry = Object.entries(MODULES).find(([prefix]) => id.startsWith(`\0${prefix}`));
      if (!entry) return undefined;
      const [prefix, assemble] = entry;
      const rest = id.slice(prefix.length + 1);
      const language = rest.split('/')[0] ?? '';
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`No language "${language}" for texts`);
      for (const file of textFiles(language)) this.addWatchFile(file);
      return `export default ${JSON.stringify(assemble(rest))};`;
    },
  };
}
