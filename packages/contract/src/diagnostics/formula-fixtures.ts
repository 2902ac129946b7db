import type { FormulaOutcome } from './formula-evaluate.ts';
import type { FormulaType, FormulaValue } from './formula.ts';

/*
 * Formulas with fixed answers and the outcomes written out by hand. The contract's tests, a web
 * test (jsdom, the web's build of the contract) and a server test evaluate them all, so a change on
 * one side that altered a value fails on that side. Imported as `@logoschool/contract/formula-fixtures`,
 * never by the app's code.
 */

/** The names the fixtures use, as a card's questions and computed blocks would give them. */
export const FORMULA_FIXTURE_TYPES: Record<string, FormulaType> = {
  sound_r: 'number',
  sound_l: 'number',
  scale_1: 'number',
  unanswered: 'number',
  picked: 'list',
  table_1: 'list',
  empty_list: 'list',
  notes: 'text',
  consent: 'boolean',
};

export const FORMULA_FIXTURE_VALUES: Record<string, FormulaValue | undefined> = {
  sound_r: 2,
  sound_l: 3,
  scale_1: -1,
  unanswered: undefined,
  picked: [1, 0, 2],
  table_1: [0.5, 0.25, 1, 1],
  empty_list: [],
  notes: 'lisps on /s/',
  consent: true,
};

/** Each formula and what it must give with FORMULA_FIXTURE_VALUES. */
export const FORMULA_FIXTURES: readonly { source: string; expected: FormulaOutcome }[] = [
  { source: 'sound_r + sound_l * 2', expected: { kind: 'value', value: 8 } },
  { source: '(sound_r + sound_l) * 2 - scale_1', expected: { kind: 'value', value: 11 } },
  { source: 'sum(picked, table_1, sound_r)', expected: { kind: 'value', value: 7.75 } },
  { source: 'avg(picked, table_1)', expected: { kind: 'value', value: 0.82 } },
  { source: 'min(picked, scale_1) + max(table_1)', expected: { kind: 'value', value: 0 } },
  { source: 'count(picked) + count(empty_list) + count(unanswered)', expected: { kind: 'value', value: 3 } },
  { source: 'sound_l / 3 * 100', expected: { kind: 'value', value: 100 } },
  { source: 'sound_r / 3', expected: { kind: 'value', value: 0.67 } },
  { source: 'round(1.005, 2) + round(2.5) + round(-2.5)', expected: { kind: 'value', value: 1.01 } },
  { source: '0.1 + 0.2', expected: { kind: 'value', value: 0.3 } },
  { source: 'abs(scale_1) * 7 / 3', expected: { kind: 'value', value: 2.33 } },
  {
    source: 'answered(notes) + answered(unanswered) + answered(empty_list)',
    expected: { kind: 'value', value: 1 },
  },
  { source: 'if(consent and sound_r >= 2, 10, 20)', expected: { kind: 'value', value: 10 } },
  { source: 'if(not consent or sound_l < 3, 10, 20)', expected: { kind: 'value', value: 20 } },
  { source: 'if(answered(unanswered), unanswered, sound_l)', expected: { kind: 'value', value: 3 } },
  { source: 'if(sound_r == 2 and sound_l != 2, 1, 0)', expected: { kind: 'value', value: 1 } },
  { source: 'sum(empty_list)', expected: { kind: 'value', value: 0 } },
  { source: 'unanswered + sound_r', expected: { kind: 'incomplete', missing: ['unanswered'] } },
  { source: 'avg(empty_list)', expected: { kind: 'incomplete', missing: ['empty_list'] } },
  { source: 'sound_r / (sound_l - 3)', expected: { kind: 'error', error: { code: 'division_by_zero' } } },
  {
    source: 'sum(notes)',
    expected: { kind: 'error', error: { code: 'text_not_allowed', params: { name: 'notes' }, at: 4 } },
  },
  { source: 'sound_r > 1', expected: { kind: 'error', error: { code: 'result_not_number' } } },
];
