import { describe, expect, it } from 'vitest';
import { bandFor, checkBands } from './bands.ts';
import { checkFormula } from './formula-check.ts';
import { FORMULA_ERROR_CODES, formulaErrorKey, type FormulaError } from './formula-errors.ts';
import { evaluateFormula, roundTo } from './formula-evaluate.ts';
import { FORMULA_FIXTURES, FORMULA_FIXTURE_TYPES, FORMULA_FIXTURE_VALUES } from './formula-fixtures.ts';
import { evaluateOrdered, orderFormulas } from './formula-order.ts';
import {
  FORMULA_NESTING_MAX,
  FORMULA_SOURCE_MAX,
  isFormulaName,
  parseFormula,
  printFormula,
  type Formula,
  type FormulaType,
  type FormulaValue,
} from './formula.ts';

const TYPES: Record<string, FormulaType> = {
  a: 'number',
  b: 'number',
  c: 'number',
  l: 'list',
  m: 'list',
  t: 'text',
  yes: 'boolean',
};

function read(source: string): Formula {
  const parsed = parseFormula(source);
  if (!parsed.ok) throw new Error(`${source}: ${JSON.stringify(parsed.error)}`);
  return parsed.formula;
}

function parseError(source: string): FormulaError {
  const parsed = parseFormula(source);
  if (parsed.ok) throw new Error(`${source} was read`);
  return parsed.error;
}

function checkError(source: string, types: Record<string, FormulaType> = TYPES): FormulaError {
  const checked = checkFormula(read(source), types);
  if (checked.ok) throw new Error(`${source} checked`);
  return checked.error;
}

const evaluate = (source: string, values: Record<string, FormulaValue | undefined> = {}) =>
  evaluateFormula(read(source), values, TYPES);

describe('parseFormula', () => {
  it('reads precedence and associativity as arithmetic does', () => {
    expect(printFormula(read('1 + 2 * 3'))).toBe('1 + 2 * 3');
    expect(printFormula(read('(1 + 2) * 3'))).toBe('(1 + 2) * 3');
    expect(printFormula(read('10 - (4 - 3)'))).toBe('10 - (4 - 3)');
    expect(printFormula(read('((10 - 4)) - 3'))).toBe('10 - 4 - 3');
    expect(read('a + b > 2 and c < 1 or yes').root).toMatchObject({
      kind: 'binary',
      operator: 'or',
      left: { operator: 'and', left: { operator: '>', left: { operator: '+' } }, right: { operator: '<' } },
      right: { kind: 'name', name: 'yes' },
    });
    expect(read('-a * 2').root).toMatchObject({ operator: '*', left: { kind: 'unary', operator: '-' } });
    expect(read('not yes').root).toMatchObject({ kind: 'unary', operator: 'not' });
  });

  it('reads numbers, names and calls', () => {
    expect(read('2.5').root).toEqual({ kind: 'number', value: 2.5 });
    expect(read('articulation_1').root).toEqual({ kind: 'name', name: 'articulation_1' });
    expect(read('sum(a, l, 3)').root).toMatchObject({ kind: 'call', name: 'sum', args: [{}, {}, {}] });
    // A word operator inside a name is part of the name.
    expect(read('android + notes + order').root).toMatchObject({ left: { left: { name: 'android' } } });
  });

  it('gives the place of what it cannot read', () => {
    expect(parseError('a +')).toEqual({ code: 'syntax', params: { position: 4 }, at: 3 });
    expect(parseError('a b')).toEqual({ code: 'syntax', params: { position: 3 }, at: 2 });
    expect(parseError('a # b')).toMatchObject({ code: 'syntax', at: 2 });
    expect(parseError('(a + 1')).toMatchObject({ code: 'unclosed_parenthesis', at: 6 });
    expect(parseError('sum(a, 1')).toMatchObject({ code: 'unclosed_parenthesis' });
    expect(parseError('  ')).toEqual({ code: 'empty' });
  });

  it('refuses what the language does not have', () => {
    expect(parseError('a && b')).toEqual({ code: 'unsupported_operator', params: { operator: '&&' } });
    expect(parseError('!yes')).toEqual({ code: 'unsupported_operator', params: { operator: '!' } });
    expect(parseError('a % 2')).toEqual({ code: 'unsupported_operator', params: { operator: '%' } });
    expect(parseError('a === 2')).toEqual({ code: 'unsupported_operator', params: { operator: '===' } });
    for (const source of ['a.b', 'a[0]', '[1, 2]', 'yes ? 1 : 2', '"text"', 'Math.max(1)']) {
      expect(parseError(source).code, source).toBe('unsupported_syntax');
    }
    expect(parseError('true + 1')).toEqual({ code: 'reserved_word', params: { name: 'true' }, at: 0 });
    expect(parseError('1 + this')).toMatchObject({ code: 'reserved_word', params: { name: 'this' } });
    expect(parseError('1 + $x')).toEqual({ code: 'invalid_name', params: { name: '$x' }, at: 4 });
    expect(parseError('2 * 1e999')).toMatchObject({ code: 'bad_number', at: 4 });
  });

  it('limits the length and the nesting', () => {
    expect(parseError('1+'.repeat(FORMULA_SOURCE_MAX) + '1')).toEqual({
      code: 'too_long',
      params: { count: FORMULA_SOURCE_MAX },
    });
    const deep = (levels: number) => '('.repeat(levels) + '1' + ')'.repeat(levels);
    expect(read(deep(FORMULA_NESTING_MAX)).root).toEqual({ kind: 'number', value: 1 });
    expect(parseError(deep(FORMULA_NESTING_MAX + 1))).toEqual({
      code: 'too_deep',
      params: { count: FORMULA_NESTING_MAX },
      at: FORMULA_NESTING_MAX,
    });
    expect(parseError('-'.repeat(900) + '1').code).toBe('too_deep');
    // A long sum is a deep tree, but one a clinician may write.
    expect(checkFormula(read(Array.from({ length: 150 }, () => 'a').join(' + ')), TYPES).ok).toBe(true);
  });

  it('tells which texts can be names', () => {
    expect(isFormulaName('speech_2')).toBe(true);
    expect(isFormulaName('_x')).toBe(true);
    for (const name of ['2x', 'a-b', 'and', 'not', 'true', '', 'ä'])
      expect(isFormulaName(name), name).toBe(false);
  });
});

describe('checkFormula', () => {
  it('gives the names used, in the order they appear', () => {
    expect(checkFormula(read('if(answered(t), sum(l, b), a + b)'), TYPES)).toEqual({
      ok: true,
      names: ['t', 'l', 'b', 'a'],
    });
  });

  it('names an unknown name or function and where it is', () => {
    expect(checkError('a + speech')).toEqual({ code: 'unknown_name', params: { name: 'speech' }, at: 4 });
    expect(checkError('a + median(l)')).toEqual({
      code: 'unknown_function',
      params: { name: 'median' },
      at: 4,
    });
    // Names are not looked up on Object's prototype.
    expect(checkError('constructor + 1').code).toBe('unknown_name');
    expect(checkError('__proto__ + 1').code).toBe('unknown_name');
  });

  it('counts the arguments', () => {
    expect(checkError('sum()')).toEqual({ code: 'too_few_arguments', params: { name: 'sum', min: 1 } });
    expect(checkError('abs(a, b)')).toEqual({ code: 'too_many_arguments', params: { name: 'abs', max: 1 } });
    expect(checkError('if(yes, 1)')).toMatchObject({ code: 'too_few_arguments', params: { min: 3 } });
    expect(checkError('round(a, 1, 2)')).toMatchObject({ code: 'too_many_arguments', params: { max: 2 } });
  });

  it('refuses values where their type does not fit', () => {
    expect(checkError('l + 1')).toEqual({ code: 'list_not_number', params: { name: 'l' }, at: 0 });
    expect(checkError('a * t')).toEqual({ code: 'text_not_allowed', params: { name: 't' }, at: 4 });
    expect(checkError('sum(t)')).toMatchObject({ code: 'text_not_allowed' });
    expect(checkError('abs(l)')).toMatchObject({ code: 'list_not_number' });
    expect(checkError('(a > 1) + 1')).toEqual({ code: 'boolean_not_number' });
    expect(checkError('not a > 3')).toEqual({ code: 'boolean_not_number' });
    expect(checkError('if(l, 1, 2)')).toEqual({ code: 'condition_expected' });
    expect(checkError('t and yes')).toEqual({ code: 'condition_expected' });
    expect(checkError('if(yes, 1, a > 2)')).toEqual({ code: 'branches_differ' });
    expect(checkError('if(yes, l, 2)')).toMatchObject({ code: 'list_not_number' });
    expect(checkError('yes == 1')).toEqual({ code: 'condition_expected' });
    expect(checkError('answered(a + 1)')).toEqual({ code: 'answered_needs_name' });
    expect(checkError('answered(nothing)')).toMatchObject({ code: 'unknown_name' });
    expect(checkError('round(a, 7)')).toEqual({ code: 'round_digits', params: { max: 6 } });
    expect(checkError('round(a, b)')).toMatchObject({ code: 'round_digits' });
    expect(checkError('round(a, 1.5)')).toMatchObject({ code: 'round_digits' });
  });

  it('wants a number as the result', () => {
    expect(checkError('a > 2')).toEqual({ code: 'result_not_number' });
    expect(checkError('yes')).toEqual({ code: 'result_not_number' });
    expect(checkError('l')).toMatchObject({ code: 'list_not_number' });
    expect(checkError('t')).toMatchObject({ code: 'text_not_allowed' });
  });

  it('takes yes/no or a number as a condition', () => {
    for (const source of [
      'if(answered(a), a, 0)',
      'if(yes and a > 1 or not b, 1, 0)',
      'if(yes == (a > 1), 1, 0)',
    ]) {
      expect(checkFormula(read(source), TYPES).ok, source).toBe(true);
    }
  });
});

describe('evaluateFormula', () => {
  const value = (result: number) => ({ kind: 'value', value: result });

  it('computes arithmetic and comparisons', () => {
    expect(evaluate('1 + 2 * 3 - 4 / 2')).toEqual(value(5));
    expect(evaluate('-a + 10', { a: 3 })).toEqual(value(7));
    expect(evaluate('if(a >= 3 and a != 4, 1, 2)', { a: 3 })).toEqual(value(1));
    expect(evaluate('if(a < 3 or a == 5, 1, 2)', { a: 5 })).toEqual(value(1));
    expect(evaluate('if(a <= 2, 1, 2)', { a: 3 })).toEqual(value(2));
    expect(evaluate('if(not (a > 2), 1, 2)', { a: 3 })).toEqual(value(2));
    expect(evaluate('if(a, 1, 2)', { a: 0 })).toEqual(value(2));
    expect(evaluate('if(yes, 1, 2)', { yes: true })).toEqual(value(1));
  });

  it('has each function', () => {
    const values = { a: 2, b: -3, l: [1, 2, 6], m: [] };
    expect(evaluate('sum(l, a, 10)', values)).toEqual(value(21));
    expect(evaluate('avg(l, a)', values)).toEqual(value(2.75));
    expect(evaluate('min(l, b)', values)).toEqual(value(-3));
    expect(evaluate('max(l, b, m)', values)).toEqual(value(6));
    expect(evaluate('count(l) + count(m) + count(a)', values)).toEqual(value(4));
    expect(evaluate('count(c)', values)).toEqual(value(0));
    expect(evaluate('abs(b)', values)).toEqual(value(3));
    expect(evaluate('round(2.5) + round(-2.5)', values)).toEqual(value(0));
    expect(evaluate('round(2.5)', values)).toEqual(value(3));
    expect(evaluate('round(1.005, 2)', values)).toEqual(value(1.01));
    expect(evaluate('round(10 / 3, 1)', values)).toEqual(value(3.3));
    expect(evaluate('answered(a) + answered(c) + answered(l) + answered(m) + answered(t)', values)).toEqual(
      value(2),
    );
    expect(evaluate('answered(t) + answered(yes)', { t: 'said "r"', yes: false })).toEqual(value(2));
    expect(evaluate('answered(t)', { t: '  ' })).toEqual(value(0));
  });

  it('rounds the result to two decimals', () => {
    expect(evaluate('10 / 3')).toEqual(value(3.33));
    expect(evaluate('2 / 3')).toEqual(value(0.67));
    expect(evaluate('0.1 + 0.2')).toEqual(value(0.3));
    expect(evaluate('-1 / 1000')).toEqual(value(0));
    expect(Object.is((evaluate('-1 / 1000') as { value: number }).value, 0)).toBe(true);
    expect(roundTo(1e-7, 2)).toBe(0);
    expect(roundTo(123456789.125, 2)).toBe(123456789.13);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(1e308, 2)).toBe(1e308);
    expect(roundTo(2 ** 53 + 2, 6)).toBe(2 ** 53 + 2);
  });

  it('is incomplete without a number it needs, naming every one', () => {
    expect(evaluate('a + b * c', { b: 1 })).toEqual({ kind: 'incomplete', missing: ['a', 'c'] });
    expect(evaluate('sum(a, a, l)')).toEqual({ kind: 'incomplete', missing: ['a'] });
    expect(evaluate('if(yes, 1, 2)')).toEqual({ kind: 'incomplete', missing: ['yes'] });
    expect(evaluate('a + 1', { a: null as unknown as undefined })).toEqual({
      kind: 'incomplete',
      missing: ['a'],
    });
  });

  it('does not need what it does not reach', () => {
    expect(evaluate('answered(a) * 5')).toEqual(value(0));
    expect(evaluate('if(answered(a), a, 0)')).toEqual(value(0));
    expect(evaluate('if(answered(a), a, b)')).toEqual({ kind: 'incomplete', missing: ['b'] });
    expect(evaluate('if(answered(a) and a > 2, 1, 0)')).toEqual(value(0));
    expect(evaluate('if(a > 2 and b > 2, 1, 0)', { b: 1 })).toEqual(value(0));
    expect(evaluate('if(a > 2 or b > 2, 1, 0)', { b: 3 })).toEqual(value(1));
    expect(evaluate('if(a > 2 or b > 2, 1, 0)', { b: 1 })).toEqual({ kind: 'incomplete', missing: ['a'] });
    expect(evaluate('if(a > 2 or b > 2, 1, 0)')).toEqual({ kind: 'incomplete', missing: ['a', 'b'] });
    expect(evaluate('if(b != 0 and a / b > 1, 1, 0)', { a: 1, b: 0 })).toEqual(value(0));
  });

  it('takes an unanswered list as empty, but avg, min and max of nothing are incomplete', () => {
    expect(evaluate('sum(l) + count(l)')).toEqual(value(0));
    expect(evaluate('avg(l)')).toEqual({ kind: 'incomplete', missing: ['l'] });
    expect(evaluate('min(l, m)', { m: [] })).toEqual({ kind: 'incomplete', missing: ['l', 'm'] });
    expect(evaluate('max(l, m)', { m: [4] })).toEqual(value(4));
  });

  it('fails on division by zero, numbers out of range and values of the wrong type', () => {
    expect(evaluate('a / (b - b)', { a: 1, b: 2 })).toEqual({
      kind: 'error',
      error: { code: 'division_by_zero' },
    });
    expect(evaluate('a * a * a', { a: 1e200 })).toEqual({ kind: 'error', error: { code: 'not_finite' } });
    expect(evaluate('a + 1', { a: '3' })).toEqual({
      kind: 'error',
      error: { code: 'bad_value', params: { name: 'a' } },
    });
    expect(evaluate('sum(l)', { l: [1, Number.NaN] })).toMatchObject({ error: { code: 'bad_value' } });
    expect(evaluate('a + 1', { a: Number.POSITIVE_INFINITY })).toMatchObject({
      error: { code: 'bad_value' },
    });
    // Errors win over missing answers: the formula is wrong whatever the answers.
    expect(evaluate('a + 1 / 0')).toEqual({ kind: 'error', error: { code: 'division_by_zero' } });
  });

  it('gives the checking error of a formula that does not check', () => {
    expect(evaluate('a + nothing', { a: 1 })).toMatchObject({
      kind: 'error',
      error: { code: 'unknown_name' },
    });
  });
});

describe('orderFormulas', () => {
  const base: Record<string, FormulaType> = { q1: 'number', q2: 'list' };

  it('puts each formula after the ones it uses, otherwise as given', () => {
    const order = orderFormulas(
      [
        { name: 'total', source: 'part + other' },
        { name: 'part', source: 'q1 * 2' },
        { name: 'other', source: 'sum(q2) + part' },
        { name: 'free', source: '1' },
      ],
      base,
    );
    expect(order.ok && order.order.map((entry) => entry.name)).toEqual(['part', 'other', 'total', 'free']);
    if (!order.ok) return;
    expect(evaluateOrdered(order, { q1: 2, q2: [1, 1] })).toEqual({
      part: { kind: 'value', value: 4 },
      other: { kind: 'value', value: 6 },
      total: { kind: 'value', value: 10 },
      free: { kind: 'value', value: 1 },
    });
    expect(evaluateOrdered(order, {})).toMatchObject({
      part: { kind: 'incomplete', missing: ['q1'] },
      other: { kind: 'incomplete', missing: ['part'] },
      free: { kind: 'value', value: 1 },
    });
  });

  it('names a cycle, a formula that uses itself, and each entry’s own error', () => {
    const order = orderFormulas(
      [
        { name: 'a', source: 'b + 1' },
        { name: 'b', source: 'c + q1' },
        { name: 'c', source: 'a' },
        { name: 'self', source: 'self + 1' },
        { name: 'after', source: 'a + 1' },
        { name: 'broken', source: 'q1 +' },
        { name: 'wrong', source: 'q2 + 1' },
        { name: 'q1', source: '1' },
        { name: 'a', source: '2' },
        { name: 'not', source: '2' },
        { name: 'fine', source: 'broken + 1' },
      ],
      base,
    );
    expect(order.ok).toBe(false);
    if (order.ok) return;
    expect(order.errors).toEqual([
      { name: 'q1', error: { code: 'duplicate_name', params: { name: 'q1' } } },
      { name: 'a', error: { code: 'duplicate_name', params: { name: 'a' } } },
      { name: 'not', error: { code: 'invalid_name', params: { name: 'not' } } },
      { name: 'broken', error: { code: 'syntax', params: { position: 5 }, at: 4 } },
      { name: 'wrong', error: { code: 'list_not_number', params: { name: 'q2' }, at: 0 } },
      { name: 'a', error: { code: 'cycle', params: { cycle: 'a → b → c → a' } } },
      { name: 'self', error: { code: 'cycle', params: { cycle: 'self → self' } } },
    ]);
  });

  it('takes a name like __proto__ as any other', () => {
    const order = orderFormulas([{ name: '__proto__', source: 'constructor + 1' }], {
      constructor: 'number' as const,
    });
    expect(order.ok).toBe(true);
    if (order.ok)
      expect(evaluateOrdered(order, { constructor: 1 })['__proto__']).toEqual({ kind: 'value', value: 2 });
  });
});

describe('bands', () => {
  const bands = [
    { from: 0, to: 4 },
    { from: 5, to: 8 },
    { from: 9, to: 9 },
  ];

  it('finds the band holding a value, both ends included', () => {
    expect(bandFor(0, bands)).toBe(0);
    expect(bandFor(4, bands)).toBe(0);
    expect(bandFor(5, bands)).toBe(1);
    expect(bandFor(9, bands)).toBe(2);
    expect(bandFor(4.5, bands)).toBeNull();
    expect(bandFor(-1, bands)).toBeNull();
    expect(bandFor(1, [])).toBeNull();
  });

  it('finds reversed and overlapping bands', () => {
    expect(checkBands(bands)).toEqual([]);
    expect(
      checkBands([
        { from: 0, to: 4 },
        { from: 4, to: 8 },
        { from: 10, to: 9 },
        { from: 2, to: 3 },
      ]),
    ).toEqual([
      { index: 1, error: { code: 'band_overlap', params: { band: 2, other: 1 } } },
      { index: 2, error: { code: 'band_reversed', params: { band: 3 } } },
      { index: 3, error: { code: 'band_overlap', params: { band: 4, other: 1 } } },
    ]);
  });
});

describe('the fixtures server and web compare', () => {
  it.each(FORMULA_FIXTURES)('$source', ({ source, expected }) => {
    expect(evaluateFormula(read(source), FORMULA_FIXTURE_VALUES, FORMULA_FIXTURE_TYPES)).toEqual(expected);
  });
});

describe('error codes', () => {
  it('each name a text key of the diagnostics.formula family', () => {
    expect(new Set(FORMULA_ERROR_CODES).size).toBe(FORMULA_ERROR_CODES.length);
    expect(formulaErrorKey({ code: 'cycle' })).toBe('diagnostics.formula.cycle');
  });
});
