import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFormula } from './formula-check.ts';
import { FORMULA_ERROR_CODES } from './formula-errors.ts';
import { evaluateFormula, roundTo, type FormulaOutcome } from './formula-evaluate.ts';
import { evaluateOrdered, orderFormulas } from './formula-order.ts';
import {
  FORMULA_FUNCTIONS,
  parseFormula,
  printFormula,
  type BinaryOperator,
  type FormulaNode,
  type FormulaType,
  type FormulaValue,
} from './formula.ts';

/*
 * Formulas made at random, from the grammar over known names and from garbage, are always read,
 * checked and evaluated into a typed result, never an exception; a tree printed and read again is
 * the same tree with the same value; and the list functions keep their laws.
 */

const TYPES: Record<string, FormulaType> = {
  n1: 'number',
  n2: 'number',
  l1: 'list',
  l2: 'list',
  t1: 'text',
  b1: 'boolean',
};
const NAMES = [...Object.keys(TYPES), 'unknown_x'];
const FUNCTIONS = [...Object.keys(FORMULA_FUNCTIONS), 'median'];
const BINARY: BinaryOperator[] = ['+', '-', '*', '/', '<', '<=', '>', '>=', '==', '!=', 'and', 'or'];
const CODES: ReadonlySet<string> = new Set(FORMULA_ERROR_CODES);

const numberNode = fc
  .oneof(fc.integer({ min: 0, max: 20 }), fc.double({ min: 0, max: 1e6, noNaN: true }))
  .map((value): FormulaNode => ({ kind: 'number', value }));

const { node: nodeArbitrary } = fc.letrec<{ node: FormulaNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 5, depthSize: 'small' },
    numberNode,
    fc.constantFrom(...NAMES).map((name): FormulaNode => ({ kind: 'name', name })),
    fc.record({
      kind: fc.constant('unary' as const),
      operator: fc.constantFrom('-' as const, 'not' as const),
      argument: tie('node'),
    }),
    fc.record({
      kind: fc.constant('binary' as const),
      operator: fc.constantFrom(...BINARY),
      left: tie('node'),
      right: tie('node'),
    }),
    fc.record({
      kind: fc.constant('call' as const),
      name: fc.constantFrom(...FUNCTIONS),
      args: fc.array(tie('node'), { maxLength: 4 }),
    }),
  ),
}));

const numbers = fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 12 });
const valuesArbitrary: fc.Arbitrary<Record<string, FormulaValue | undefined>> = fc.record(
  {
    n1: fc.oneof(fc.integer({ min: -50, max: 50 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })),
    n2: fc.integer({ min: -5, max: 5 }),
    l1: numbers,
    l2: numbers,
    t1: fc.string({ maxLength: 5 }),
    b1: fc.boolean(),
  },
  { requiredKeys: [] },
);

/**
 * An outcome is one of the three kinds, with a finite value rounded to two decimals, known missing
 * names, or a known code. Missing names are the form's fields, or (for ordered formulas) the earlier
 * formulas `formulas` names: an incomplete or failed formula is unanswered for the ones after it.
 */
function expectTyped(outcome: FormulaOutcome, formulas: readonly string[] = []) {
  switch (outcome.kind) {
    case 'value':
      expect(Number.isFinite(outcome.value)).toBe(true);
      expect(roundTo(outcome.value, 2)).toBe(outcome.value);
      expect(Object.is(outcome.value, -0)).toBe(false);
      break;
    case 'incomplete':
      expect(outcome.missing.length).toBeGreaterThan(0);
      for (const name of outcome.missing) expect([...Object.keys(TYPES), ...formulas]).toContain(name);
      break;
    case 'error':
      expect(CODES.has(outcome.error.code), outcome.error.code).toBe(true);
      break;
    default:
      throw new Error(`not an outcome: ${JSON.stringify(outcome)}`);
  }
}

/** Reads, checks and evaluates a text; any exception fails the property. */
function wholeWay(source: string, values: Record<string, FormulaValue | undefined>) {
  const parsed = parseFormula(source);
  if (!parsed.ok) {
    expect(CODES.has(parsed.error.code), parsed.error.code).toBe(true);
    if (parsed.error.at !== undefined) {
      expect(parsed.error.at).toBeGreaterThanOrEqual(0);
      expect(parsed.error.at).toBeLessThanOrEqual(source.length);
    }
    return;
  }
  const checked = checkFormula(parsed.formula, TYPES);
  if (!checked.ok) expect(CODES.has(checked.error.code)).toBe(true);
  const outcome = evaluateFormula(parsed.formula, values, TYPES);
  expectTyped(outcome);
  if (!checked.ok) expect(outcome).toEqual({ kind: 'error', error: checked.error });
}

const RUNS = { numRuns: 300 };
/** Room for a busy machine: each property runs a few hundred formulas. */
const SLOW = { timeout: 30_000 };

describe('formulas at random', SLOW, () => {
  it('from the grammar: printed and read again, the same tree and the same outcome', () => {
    fc.assert(
      fc.property(nodeArbitrary, valuesArbitrary, (root, values) => {
        const source = printFormula(root);
        const parsed = parseFormula(source);
        expect(parsed.ok, source).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.formula.root).toEqual(root);
        expect(printFormula(parsed.formula)).toBe(source);
        const outcome = evaluateFormula({ source, root }, values, TYPES);
        expectTyped(outcome);
        expect(evaluateFormula(parsed.formula, values, TYPES)).toEqual(outcome);
      }),
      RUNS,
    );
  });

  it('from tokens in any order: a typed result, never an exception', () => {
    const token = fc.constantFrom(
      ...NAMES,
      ...FUNCTIONS,
      ...BINARY,
      'not',
      '(',
      ')',
      ',',
      '1',
      '0',
      '2.5',
      '1e308',
      '&&',
      '!',
      '?',
      ':',
      '.',
      '"',
      '[',
      ']',
      ';',
    );
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 25 }),
        fc.boolean(),
        valuesArbitrary,
        (tokens, spaced, values) => {
          wholeWay(tokens.join(spaced ? ' ' : ''), values);
        },
      ),
      RUNS,
    );
  });

  it('from garbage text: a typed result, never an exception', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.string({ maxLength: 1200 }),
        ),
        valuesArbitrary,
        (source, values) => wholeWay(source, values),
      ),
      RUNS,
    );
  });

  it('ordering random entries: ordered or errors by name, never an exception', () => {
    const entry = fc.record({
      name: fc.constantFrom('c1', 'c2', 'c3', 'n1', '1x', 'not'),
      source: fc.oneof(
        nodeArbitrary.map((node) => printFormula(node)),
        fc.constantFrom('c1 + 1', 'c2 * 2', 'c3 - n1', 'sum(l1) + c1'),
      ),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), valuesArbitrary, (entries, values) => {
        const order = orderFormulas(entries, TYPES);
        if (!order.ok) {
          expect(order.errors.length).toBeGreaterThan(0);
          for (const { error } of order.errors) expect(CODES.has(error.code)).toBe(true);
          return;
        }
        const outcomes = evaluateOrdered(order, values);
        for (const { name, names } of order.order) {
          expectTyped(
            outcomes[name]!,
            order.order.map((one) => one.name),
          );
          // Each formula comes after the formulas it uses.
          const at = order.order.findIndex((one) => one.name === name);
          for (const used of names) {
            const usedAt = order.order.findIndex((one) => one.name === used);
            expect(usedAt).toBeLessThan(at);
          }
        }
      }),
      RUNS,
    );
  });
});

describe('the list functions’ laws', SLOW, () => {
  const TYPES_LISTS: Record<string, FormulaType> = { l1: 'list', l2: 'list' };
  const run = (source: string, l1: number[], l2: number[]) => {
    const parsed = parseFormula(source);
    if (!parsed.ok) throw new Error(source);
    return evaluateFormula(parsed.formula, { l1, l2 }, TYPES_LISTS);
  };
  const valueOf = (outcome: FormulaOutcome) => (outcome.kind === 'value' ? outcome.value : null);

  it('sum and count add up over lists, in any order', () => {
    fc.assert(
      fc.property(numbers, numbers, (l1, l2) => {
        const sum = l1.reduce((total, item) => total + item, 0) + l2.reduce((total, item) => total + item, 0);
        expect(valueOf(run('sum(l1, l2)', l1, l2))).toBe(sum);
        expect(valueOf(run('sum(l1) + sum(l2)', l1, l2))).toBe(sum);
        expect(valueOf(run('sum(l2, l1)', l1, l2))).toBe(sum);
        expect(valueOf(run('sum(l1, l2)', [...l1].reverse(), l2))).toBe(sum);
        expect(valueOf(run('count(l1) + count(l2)', l1, l2))).toBe(l1.length + l2.length);
      }),
      RUNS,
    );
  });

  it('avg is sum over count, between min and max; min and max split over lists', () => {
    fc.assert(
      fc.property(numbers, numbers, (l1, l2) => {
        const all = [...l1, ...l2];
        if (all.length === 0) {
          for (const fn of ['avg', 'min', 'max']) {
            expect(run(`${fn}(l1, l2)`, l1, l2)).toEqual({ kind: 'incomplete', missing: ['l1', 'l2'] });
          }
          return;
        }
        const avg = valueOf(run('avg(l1, l2)', l1, l2))!;
        const min = valueOf(run('min(l1, l2)', l1, l2))!;
        const max = valueOf(run('max(l1, l2)', l1, l2))!;
        expect(avg).toBe(roundTo(all.reduce((total, item) => total + item, 0) / all.length, 2));
        expect(min).toBe(Math.min(...all));
        expect(max).toBe(Math.max(...all));
        expect(min).toBeLessThanOrEqual(avg);
        expect(avg).toBeLessThanOrEqual(max);
        if (l1.length > 0 && l2.length > 0) {
          expect(valueOf(run('min(min(l1), min(l2))', l1, l2))).toBe(min);
          expect(valueOf(run('max(max(l1), max(l2))', l1, l2))).toBe(max);
        }
      }),
      RUNS,
    );
  });
});
