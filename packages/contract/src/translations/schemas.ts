import { z } from 'zod';
import { pageQuery } from '../common/envelope.ts';
import { hasForbiddenText } from '../common/text.ts';
import { PLURAL_SUFFIX, pluralFormsOf, variablesOf } from '../i18n/counted-texts.ts';
import { LANGUAGES, type Language } from '../i18n/languages.ts';

/**
 * The localization editor (issue 33 item 3): root changes the interface's texts without a build.
 * The shipped texts are the web app's catalogues; a change is a draft until published, then an
 * override the API serves (`GET /texts/:language`) and the app merges over the shipped texts.
 */

/** The longest text the editor takes (the longest shipped one is well under it). */
export const TRANSLATION_TEXT_MAX = 2000;
export const TRANSLATION_KEY_MAX = 200;
export const TRANSLATION_SEARCH_MAX = 200;
/** How many texts of a refused import its answer names (the rest are the same kind of mistake). */
export const TRANSLATION_IMPORT_ERRORS_MAX = 50;
/** The largest language file an import takes: the whole Ukrainian catalogue is about a quarter of it. */
export const TRANSLATION_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Which texts a list shows, judged in its `language`: every text, the ones with a form missing,
 * the ones identical to English (not yet translated), the ones changed from the shipped text
 * (published), the ones with an unpublished draft.
 */
export const TRANSLATION_FILTERS = ['all', 'missing', 'same', 'overridden', 'draft'] as const;
export type TranslationFilter = (typeof TRANSLATION_FILTERS)[number];

/** A text's dotted key (`nav.users`, `lessons.count_one`). */
export const translationKey = z
  .string()
  .min(1)
  .max(TRANSLATION_KEY_MAX)
  .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/);

export const languageParams = z.object({ language: z.enum(LANGUAGES) });

/** `GET /translations`: texts found by key or by words in any language, filtered in one language. */
export const translationsQuery = pageQuery.extend({
  search: z.string().trim().max(TRANSLATION_SEARCH_MAX).optional(),
  language: z.enum(LANGUAGES).default('uk'),
  filter: z.enum(TRANSLATION_FILTERS).default('all'),
});
export type TranslationsQuery = z.infer<typeof translationsQuery>;

/** One form of a text in one language: the whole key (`…_few` for a plural form). */
export const translationFormSchema = z.object({
  key: z.string(),
  /** The plural form (`one`, `few`, `many`, `other`), or null for a text that counts nothing. */
  form: z.string().nullable(),
  /** What the build ships; null where the language lacks it. */
  shipped: z.string().nullable(),
  /** The published change, null when the shipped text is in use. */
  published: z.string().nullable(),
  /** The unpublished change, null when there is none. */
  draft: z.string().nullable(),
});
export type TranslationForm = z.infer<typeof translationFormSchema>;

export const translationLanguageSchema = z.object({
  forms: z.array(translationFormSchema),
  /** A form has no text (neither shipped nor published). */
  missing: z.boolean(),
  /** The text is the English one, word for word (not English itself). */
  same: z.boolean(),
});

/** A text: its key (without plural suffix), whether it counts, and its forms in every language. */
export const translationEntrySchema = z.object({
  key: z.string(),
  counted: z.boolean(),
  /** The `{{names}}` of the English text, which every language keeps. */
  placeholders: z.array(z.string()),
  languages: z.record(z.enum(LANGUAGES), translationLanguageSchema),
});
export type TranslationEntry = z.infer<typeof translationEntrySchema>;

/** Per language: how many texts there are, and how many are missing, identical to English, changed, drafted. */
export const translationCountsSchema = z.object({
  total: z.number().int(),
  missing: z.number().int(),
  same: z.number().int(),
  overridden: z.number().int(),
  draft: z.number().int(),
});
export const translationSummarySchema = z.object({
  languages: z.record(z.enum(LANGUAGES), translationCountsSchema),
  /** The published version the app's texts carry (0 before the first publication). */
  version: z.number().int(),
});
export type TranslationSummary = z.infer<typeof translationSummarySchema>;

/**
 * `PUT /translations/drafts`: a text's draft in one language, every form of it. Saving the text
 * that is in use drops the draft; saving the shipped text drafts going back to it.
 */
export const translationDraftInput = z.strictObject({
  language: z.enum(LANGUAGES),
  key: translationKey,
  texts: z.record(translationKey, z.string().max(TRANSLATION_TEXT_MAX)),
});
export type TranslationDraftInput = z.infer<typeof translationDraftInput>;

/** `DELETE /translations/drafts`: drop a text's draft in one language. */
export const translationDraftQuery = z.object({ language: z.enum(LANGUAGES), key: translationKey });

/** What a publication or an import did. */
export const translationPublishSchema = z.object({ published: z.number().int(), version: z.number().int() });
export const translationImportSchema = z.object({
  /** Texts that differ from what is in use, now drafts. */
  drafted: z.number().int(),
  unchanged: z.number().int(),
});

/** `GET /texts/:language` (public): the published changes over the shipped texts, by key. */
export const publishedTextsSchema = z.object({
  version: z.number().int(),
  texts: z.record(z.string(), z.string()),
});
export type PublishedTexts = z.infer<typeof publishedTextsSchema>;

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** `GET /translations/history`: published changes, newest first, for one text or all. */
export const translationHistoryQuery = pageQuery.extend({
  key: translationKey.optional(),
  language: z.enum(LANGUAGES).optional(),
});
export const translationChangeSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  language: z.enum(LANGUAGES),
  key: z.string(),
  before: z.string(),
  after: z.string(),
  /** Who wrote the change (the draft's author). */
  edited_by: person,
  published_by: person,
  published_at: z.string(),
});
export type TranslationChange = z.infer<typeof translationChangeSchema>;

/** The keys a text has in a language: itself, or one per plural form of the language. */
export function translationKeysOf(language: string, key: string, counted: boolean): string[] {
  return counted ? pluralFormsOf(language).map((form) => `${key}_${form}`) : [key];
}

/** A key without its plural suffix. */
export const baseKeyOf = (key: string): string => key.replace(PLURAL_SUFFIX, '');

/** The plural form a key names, or null. */
export const pluralFormOf = (key: string): string | null => PLURAL_SUFFIX.exec(key)?.[1] ?? null;

/** The distinct `{{names}}` of some texts, sorted. */
export function placeholdersOf(texts: readonly string[]): string[] {
  return [...new Set(texts.flatMap(variablesOf))].sort();
}

export const TRANSLATION_PROBLEMS = [
  'unknown',
  'missingForm',
  'required',
  'tooLong',
  'forbidden',
  'count',
  'placeholders',
] as const;
export type TranslationProblemKind = (typeof TRANSLATION_PROBLEMS)[number];

export interface TranslationProblem {
  /** The whole key of the form that is wrong. */
  key: string;
  problem: TranslationProblemKind;
  /** For `placeholders`, the English ones as the text should have them (`{{name}}, {{count}}`). */
  values?: string;
}

export interface TranslationCheckInput {
  language: Language;
  /** The text's key without plural suffix. */
  key: string;
  counted: boolean;
  /** The shipped English forms of the text, whose placeholders every language keeps. */
  english: readonly string[];
  /** The texts given, by whole key. */
  texts: Readonly<Record<string, string>>;
}

/**
 * What is wrong with a text's forms in a language, one problem per form at most: a form it does
 * not have or one it lacks, an empty or too long text, characters that cannot be stored, a plural
 * form without `{{count}}`, placeholders other than the English text's. The editor's form and the
 * server judge alike.
 */
export function translationProblems({
  language,
  key,
  counted,
  english,
  texts,
}: TranslationCheckInput): TranslationProblem[] {
  const expected = translationKeysOf(language, key, counted);
  const wanted = placeholdersOf(english);
  const written = wanted.map((name) => `{{${name}}}`).join(', ');
  const problems: TranslationProblem[] = [];
  for (const given of Object.keys(texts)) {
    if (!expected.includes(given)) problems.push({ key: given, problem: 'unknown' });
  }
  for (const form of expected) {
    const text = texts[form];
    if (text === undefined) problems.push({ key: form, problem: 'missingForm' });
    else if (text.trim() === '') problems.push({ key: form, problem: 'required' });
    else if (text.length > TRANSLATION_TEXT_MAX) problems.push({ key: form, problem: 'tooLong' });
    else if (hasForbiddenText(text)) problems.push({ key: form, problem: 'forbidden' });
    else if (counted && !variablesOf(text).includes('count')) problems.push({ key: form, problem: 'count' });
    else if (placeholdersOf([text]).join() !== wanted.join())
      problems.push({ key: form, problem: 'placeholders', values: written });
  }
  return problems;
}
