import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, flattenTexts, type Language } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { textFiles } from '../../texts-plugin.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER = path.resolve(ROOT, 'apps/server/src/i18n/locales');

/** A word that stands alone (`\b` knows only Latin letters). */
const word = (stem: string) => new RegExp(`(?<!\\p{L})${stem}(?!\\p{L})`, 'iu');

/**
 * One term per concept in each language (issue 27): the variants a text must not use, each with the
 * term it should say instead. The glossary:
 * - diagnostic card: uk «діагностична картка», ru «диагностическая карта», en "diagnostic card",
 *   pl „karta diagnostyczna”;
 * - lesson: uk «урок», ru «урок», en "lesson", pl „lekcja” (not «заняття», «занятие», „zajęcia”);
 * - the student: uk «учень», ru «ученик», en "student", pl „uczeń” (the client is the parent who
 *   signed the child up; the child is the student as the parents see them);
 * - project: uk «проєкт», ru «проект», en "project", pl „projekt”.
 */
const FORBIDDEN: Record<Language, { variant: RegExp; say: string }[]> = {
  uk: [
    { variant: word('карт(а|и|у|ою|і|ах|ам|ами)?'), say: 'картка (діагностична картка)' },
    { variant: word('занятт?(я|ь|ям|ях|ями)'), say: 'урок' },
    { variant: word('проект\\p{L}*'), say: 'проєкт' },
    { variant: word('(учениц|школяр)\\p{L}*'), say: 'учень' },
  ],
  ru: [
    { variant: /диагностическ\p{L}* карточк/iu, say: 'диагностическая карта' },
    { variant: word('заняти(е|я|й|ю|ем|ям|ях|ями)'), say: 'урок' },
    { variant: word('(проэкт|проєкт)\\p{L}*'), say: 'проект' },
    { variant: word('(школьник|учащ)\\p{L}*'), say: 'ученик' },
  ],
  en: [
    { variant: /\bdiagnostic (map|chart|sheet)s?\b/i, say: 'diagnostic card' },
    { variant: /\b(pupil|learner)s?\b/i, say: 'student' },
  ],
  pl: [
    { variant: word('zaję(cia|ć|ciach|ciami|ciom)'), say: 'lekcja' },
    { variant: /diagnostyczn\p{L}* (map|kartk)/iu, say: 'karta diagnostyczna' },
  ],
};

const files = LANGUAGES.flatMap((language) => [
  ...textFiles(language).map((file) => ({ language, file })),
  { language, file: path.join(SERVER, `${language}.json`) },
]);

describe('one term per concept', () => {
  it.each(files.map(({ language, file }) => [path.relative(ROOT, file), language, file] as const))(
    '%s uses the glossary’s terms',
    (name, language, file) => {
      const texts = flattenTexts(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
      const found = Object.entries(texts).flatMap(([key, text]) =>
        FORBIDDEN[language]
          .filter(({ variant }) => variant.test(text))
          .map(
            ({ variant, say }) => `${name} (${language}) ${key}: “${variant.exec(text)?.[0]}”, say ${say}`,
          ),
      );
      expect(found).toEqual([]);
    },
  );

  it('knows a variant when it sees one', () => {
    expect(FORBIDDEN.uk[0]!.variant.test('Діагностичні карти')).toBe(true);
    expect(FORBIDDEN.uk[0]!.variant.test('Діагностичні картки з картинками')).toBe(false);
    expect(FORBIDDEN.uk[1]!.variant.test('Статистика занять')).toBe(true);
    expect(FORBIDDEN.ru[1]!.variant.test('Место занято')).toBe(false);
  });
});
