import fs from 'node:fs';
import path from 'node:path';
import {
  LANGUAGES,
  countedTextProblems,
  unusedAllowances,
  type UncountedNumbers,
} from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { text } from './index.ts';

const LOCALES = path.resolve(import.meta.dirname, 'locales');
const ROOT = path.resolve(import.meta.dirname, '../../../..');

const LABEL = 'a label and its number ("максимум презентацій: 5"): the noun is the label, in its own form';
const BARE = 'a number alone ("щонайменше 3", "від 2 до 5"): no noun follows it';
const ORDINAL = 'says which one ("діапазон 2", "біля символу 12"): an ordinal, no count';
const UNIT = 'an abbreviated unit ("30 с"), which takes no plural form';
const SIZE = 'a size with its unit, written by the code ("5 MB")';
const TEXT = 'a text the code writes (a list of names or numbers)';
const allow = (reason: string, ...variables: string[]): UncountedNumbers => ({ variables, reason });

/**
 * The server's texts (errors, field messages, mails) whose numbers meet no noun, so need no plural
 * forms, by key, with the reason. Every other number in a text is `{{count}}` in a counted text.
 */
const ALLOWED: Record<string, UncountedNumbers> = {
  'errors.payload_too_large': allow(SIZE, 'limit'),
  'errors.rate_limited': allow(UNIT, 'seconds'),
  'errors.too_many_login_attempts': allow(UNIT, 'seconds'),
  'errors.program_in_use': allow(TEXT, 'cards'),
  'errors.lesson_overlaps_booking': allow(ORDINAL, 'number'),
  'fields.tooSmallNumber': allow(BARE, 'min'),
  'fields.tooBigNumber': allow(BARE, 'max'),
  'fields.minAboveMax': allow(BARE, 'min'),
  'fields.dateTooEarly': allow('a date', 'min'),
  'fields.boundsOutsideTemplate': allow(BARE, 'min', 'max'),
  'fields.lessonBlockBelowMin': allow(LABEL, 'min'),
  'fields.lessonBlockAboveMax': allow(LABEL, 'max'),
  'fields.lessonUsageExceeded': allow(LABEL, 'usage'),
  'fields.lessonBlockCannotFill': allow(LABEL, 'min', 'available'),
  'fields.programBlockFull': allow(LABEL, 'max'),
  'fields.programUsageExceeded': allow(LABEL, 'usage'),
  'fields.planSupplyShort': allow(BARE, 'supply', 'lessons'),
  'fields.planSupplyFixAdd': allow(LABEL, 'usage'),
  'fields.planSupplyShared': allow(TEXT, 'blocks'),
  'fields.planSupplyFixLower': allow(BARE, 'min'),
  'fields.presentationTooManyParts': allow(BARE, 'max'),
  'fields.presentationUnpacksTooLarge': allow(SIZE, 'limit'),
  'autoModeration.rules.no_empty_slides': allow(TEXT, 'slides'),
  'diagnostics.formula.syntax': allow(ORDINAL, 'position'),
  'diagnostics.formula.bad_number': allow('the number as the formula writes it', 'number'),
  'diagnostics.formula.too_few_arguments': allow(BARE, 'min'),
  'diagnostics.formula.too_many_arguments': allow(BARE, 'max'),
  'diagnostics.formula.round_digits': allow(BARE, 'max'),
  'diagnostics.formula.band_reversed': allow(ORDINAL, 'band'),
  'diagnostics.formula.band_overlap': allow(ORDINAL, 'band', 'other'),
  // Acts (issue 33 item 2): an act's or a contract's number as written ("1/2026", "K-17"), an
  // amount with its currency, a currency's code: no noun agrees with them.
  'pdf.act.title': allow(TEXT, 'number'),
  'pdf.act.contract': allow(TEXT, 'number'),
  'pdf.act.total': allow(TEXT, 'amount'),
  'alternatives.actRateMissing': allow(TEXT, 'currency'),
  'alternatives.actItemIssued': allow(TEXT, 'number'),
};

const read = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, `${lang}.json`), 'utf8')) as Record<string, unknown>;

describe('the numbers in the server texts and mails', () => {
  it.each(LANGUAGES)('%s says each counted noun in its plural forms', (language) => {
    const file = path.relative(ROOT, path.join(LOCALES, `${language}.json`));
    expect(countedTextProblems({ file, language, texts: read(language), allowed: ALLOWED })).toEqual([]);
  });

  it('allows no uncounted number that no text has any more', () => {
    expect(unusedAllowances(LANGUAGES.map(read), ALLOWED)).toEqual([]);
  });

  it('says 1, 2, 5, 21, 22 and 25 each in its form', () => {
    const say = (key: Parameters<typeof text>[1]) =>
      [1, 2, 5, 21, 22, 25].map((count) => text('uk', key, { count }));
    expect(say('fields.tooLongString')).toEqual([
      'Щонайбільше 1 символ.',
      'Щонайбільше 2 символи.',
      'Щонайбільше 5 символів.',
      'Щонайбільше 21 символ.',
      'Щонайбільше 22 символи.',
      'Щонайбільше 25 символів.',
    ]);
    expect(say('fields.rangeTooLong')).toEqual([
      'Оберіть щонайбільше 1 день.',
      'Оберіть щонайбільше 2 дні.',
      'Оберіть щонайбільше 5 днів.',
      'Оберіть щонайбільше 21 день.',
      'Оберіть щонайбільше 22 дні.',
      'Оберіть щонайбільше 25 днів.',
    ]);
  });

  it("counts the lessons in the plan's mail", () => {
    const facts = { teacher: 'Олена', child: 'Андрій', template: 'Звук Р', deadline: '31 грудня 2026 р.' };
    const body = (count: number) => text('uk', 'mail.plan.body', { ...facts, count });
    expect(body(1)).toContain('план із 1 уроку «Звук Р»');
    expect(body(12)).toContain('план із 12 уроків «Звук Р»');
    expect(body(21)).toContain('план із 21 уроку «Звук Р»');
    expect(text('en', 'mail.plan.body', { ...facts, count: 1 })).toContain('a plan of 1 lesson:');
  });
});
