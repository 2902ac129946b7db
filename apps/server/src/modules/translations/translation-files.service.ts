/**
 * A language's texts as one file (issue 33 item 3; decision 045): exported as the catalogues are
 * nested, and imported as drafts, refused whole when any key or text is wrong.
 */
import {
  TRANSLATION_IMPORT_ERRORS_MAX,
  baseKeyOf,
  translationKeysOf,
  translationProblems,
  type Language,
  type TranslationProblem,
} from '@logoschool/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { englishOf, shippedTexts, type ShippedText } from './shipped-texts.ts';
import { inUse, readChanges, refuse, writeDrafts } from './translations.service.ts';

type Tree = { [key: string]: string | Tree };

/** A language's texts in use, as one nested file like the catalogues (`{ "nav": { "users": … } }`). */
export async function exportLanguage(db: Tx, language: Language): Promise<Tree> {
  const changes = await readChanges(db);
  const tree: Tree = {};
  for (const key of Object.keys(shippedTexts().texts[language]).sort()) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = typeof next === 'object' ? next : (node[part] = {});
    }
    node[parts.at(-1) ?? key] = inUse(changes, language, key) ?? '';
  }
  return tree;
}

/** A file's texts by whole key, or the places that hold no text. */
function flattenFile(value: unknown, prefix: string, into: Record<string, string>, wrong: string[]) {
  if (typeof value === 'string') {
    into[prefix] = value;
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value))
      flattenFile(inner, prefix ? `${prefix}.${key}` : key, into, wrong);
  } else {
    wrong.push(prefix || 'body');
  }
}

/**
 * A language's file (the export's shape, nested or by dotted keys, whole or in part) made into
 * drafts: refused whole (422) for a key the language has no text under, a value that is no text,
 * or a text the editor would refuse; texts that read as the ones in use draft nothing.
 */
export async function importLanguage(
  db: Db,
  lang: Language,
  language: Language,
  file: unknown,
  editorId: number,
) {
  if (file === null || typeof file !== 'object' || Array.isArray(file)) {
    throw new AppError('validation_failed', {}, { body: [fieldMessage(lang, 'jsonObject')] });
  }
  const given: Record<string, string> = {};
  const wrong: string[] = [];
  flattenFile(file, '', given, wrong);
  const shipped = shippedTexts();
  const errors: Record<string, string[]> = {};
  const say = (key: string, message: string) => {
    if (Object.keys(errors).length < TRANSLATION_IMPORT_ERRORS_MAX) (errors[key] ??= []).push(message);
  };
  for (const key of wrong) say(key, fieldMessage(lang, 'type', { expected: 'string' }));
  const unknown = Object.keys(given).filter((key) => shipped.texts[language][key] === undefined);
  for (const key of unknown) say(key, fieldMessage(lang, 'translationUnknownKey'));
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', {}, errors);

  return db.transaction(async (tx) => {
    const changes = await readChanges(tx);
    const byText = new Map<ShippedText, Record<string, string>>();
    for (const [key, value] of Object.entries(given)) {
      const text = shipped.byKey.get(baseKeyOf(key));
      if (!text) continue;
      byText.set(text, { ...byText.get(text), [key]: value });
    }
    const problems: TranslationProblem[] = [];
    const accepted: Record<string, string> = {};
    for (const [text, texts] of byText) {
      // A file may give some forms of a plural text: the others stay as they are in use.
      const whole = Object.fromEntries(
        translationKeysOf(language, text.key, text.counted).map((key) => [
          key,
          texts[key] ?? inUse(changes, language, key) ?? '',
        ]),
      );
      const found = translationProblems({
        language,
        key: text.key,
        counted: text.counted,
        english: englishOf(text),
        texts: whole,
      });
      problems.push(...found.filter((problem) => problem.key in texts));
      Object.assign(accepted, texts);
    }
    if (problems.length > 0) refuse(lang, problems);
    const drafted = await writeDrafts(tx, changes, language, accepted, editorId);
    return { drafted, unchanged: Object.keys(accepted).length - drafted };
  });
}
