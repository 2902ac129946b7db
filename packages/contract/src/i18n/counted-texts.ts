/**
 * The rule for numbers in texts (issue 27): where a number meets a noun, uk, ru and pl need the
 * noun's form for that number ("1 символ", "2 символи", "5 символів"), which only i18next's plural
 * forms give. So a number in a text is `{{count}}`, in a counted text whose keys carry the
 * language's plural suffixes (`_one`, `_few`, `_many`, `_other` in uk, ru and pl; `_one`, `_other`
 * in en); a number under any other name is allowed only where a reason says it meets no noun
 * ("Блок {{index}} з {{total}}", "{{seconds}} с"). The web's and the server's catalogue tests run
 * this check on each of their files.
 */

/** The suffixes i18next gives a counted text's keys (its cardinal plural categories). */
export const PLURAL_SUFFIX = /_(one|few|many|other)$/;

/** The forms a counted text needs in a language: its cardinal categories, as `Intl.PluralRules` has them. */
export function pluralFormsOf(language: string): string[] {
  return [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
}

/**
 * The variables that hold words, not numbers: names, titles, dates, lists, labels. Any other
 * variable is taken for a number, so that a text with a new numeric variable fails until it is
 * counted or allowed; a new word variable is added here. (The names, not the call sites' types:
 * t() takes its values untyped, and a name says what the text means by it.)
 */
export const WORD_VARIABLES: ReadonlySet<string> = new Set([
  // Names, titles, people and places.
  'name',
  'title',
  'email',
  'teacher',
  'child',
  'inviter',
  'project',
  'template',
  'theme',
  'deck',
  'folder',
  'card',
  'target',
  'label',
  'cue',
  'role',
  'roles',
  'names',
  'list',
  'by',
  'file',
  'language',
  // A lesson's story part: the story and the episode it comes from.
  'story',
  'episode',
  // A booking's mails (issue 28): the school, the parent and their phone.
  'school',
  'parent',
  'phone',
  // Dates and times, written out by the code ("12.03.2026", "10:30").
  'date',
  'from',
  'to',
  'since',
  'expires',
  'deadline',
  'time',
  'start',
  'end',
  'before',
  'after',
  'zone',
  'until',
  'birthdate',
  // Codes, kinds, values and lists of them as the code writes them ("general, custom", "a → b → a").
  'code',
  'key',
  'kind',
  'type',
  'method',
  'api',
  'envId',
  'workspaceId',
  'url',
  'message',
  'reason',
  'operator',
  'values',
  'value',
  'expected',
  'ids',
  'fields',
  'columns',
  'known',
  'cycle',
  'action',
  'interests',
  // A version's label ("v3"): it names a version, it counts nothing.
  'version',
  // An object's number ("report #12"): it names one, it counts nothing.
  'id',
]);

type Tree = { [key: string]: unknown };

/** A catalogue's texts by their dotted keys. */
export function flattenTexts(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : value !== null && typeof value === 'object'
          ? Object.entries(flattenTexts(value as Tree, `${prefix}${key}.`))
          : [],
    ),
  );
}

/** The `{{name}}` placeholders of a text. */
export const variablesOf = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? '');

/**
 * A text whose numbers need no plural forms, with the reason: its numeric variables that meet no
 * noun ("Блок {{index}} з {{total}}"), and `count` too where it stands alone after a label
 * ("Файлів: {{count}}").
 */
export interface UncountedNumbers {
  variables: readonly string[];
  reason: string;
}

export interface CountedTextsInput {
  /** The file's name, as the failures say it. */
  file: string;
  language: string;
  texts: Tree;
  /** By the text's key (without plural suffix): the numeric variables it may hold uncounted. */
  allowed: Readonly<Record<string, UncountedNumbers>>;
}

/**
 * What is wrong with one catalogue file's numbers, one line per problem, each naming the file, the
 * language and the key; empty when nothing is.
 */
export function countedTextProblems({ file, language, texts, allowed }: CountedTextsInput): string[] {
  const flat = flattenTexts(texts);
  const forms = pluralFormsOf(language);
  const byBase = new Map<string, { key: string; form: string | null; text: string }[]>();
  for (const [key, text] of Object.entries(flat)) {
    const form = PLURAL_SUFFIX.exec(key)?.[1] ?? null;
    const base = form === null ? key : key.slice(0, -form.length - 1);
    byBase.set(base, [...(byBase.get(base) ?? []), { key, form, text }]);
  }
  const problems: string[] = [];
  const say = (key: string, what: string) => problems.push(`${file} (${language}) ${key}: ${what}`);
  for (const [base, keys] of byBase) {
    const counted = keys.some((entry) => entry.form !== null);
    const allowedHere = allowed[base];
    if (counted) {
      const has = keys.map((entry) => entry.form ?? '(no suffix)').sort();
      if (has.join() !== forms.join())
        say(
          base,
          `a counted text needs exactly the forms ${forms.join(', ')} in ${language}, it has ${has.join(', ')}`,
        );
      for (const entry of keys)
        if (!variablesOf(entry.text).includes('count')) say(entry.key, 'a counted form without {{count}}');
    }
    const numbers = new Set(
      keys.flatMap((entry) => variablesOf(entry.text)).filter((name) => !WORD_VARIABLES.has(name)),
    );
    if (counted) numbers.delete('count');
    for (const name of numbers) {
      if (allowedHere?.variables.includes(name)) continue;
      say(
        base,
        name === 'count'
          ? `{{count}} without plural forms: give it the keys ${forms.map((form) => `${base}_${form}`).join(', ')}`
          : `the number {{${name}}} has no plural forms: name it {{count}} in a counted text (${forms
              .map((form) => `_${form}`)
              .join(', ')}), or allow it with a reason if it meets no noun`,
      );
    }
  }
  return problems;
}

/**
 * The allowances that no text of the catalogue uses any more (a text changed or went away): an
 * allowance stays only while it is needed.
 */
export function unusedAllowances(
  catalogues: readonly Tree[],
  allowed: Readonly<Record<string, UncountedNumbers>>,
): string[] {
  const used = new Map<string, Set<string>>();
  for (const texts of catalogues) {
    for (const [key, text] of Object.entries(flattenTexts(texts))) {
      const base = key.replace(PLURAL_SUFFIX, '');
      const names = used.get(base) ?? new Set<string>();
      for (const name of variablesOf(text)) names.add(name);
      used.set(base, names);
    }
  }
  return Object.entries(allowed).flatMap(([key, { variables }]) =>
    variables
      .filter((name) => !used.get(key)?.has(name))
      .map((name) => `${key}: the allowance for {{${name}}} is no longer needed`),
  );
}
