import { checkFormula } from './formula-check.ts';
import type { FormulaError, FormulaErrorCode } from './formula-errors.ts';
import {
  FORMULA_RESULT_DECIMALS,
  type Formula,
  type FormulaFunction,
  type FormulaNode,
  type FormulaType,
  type FormulaValue,
} from './formula.ts';

/** What a formula gives: a number, the unanswered names it needs, or an error. */
export type FormulaOutcome =
  | { kind: 'value'; value: number }
  | { kind: 'incomplete'; missing: string[] }
  | { kind: 'error'; error: FormulaError };

type Runtime = number | boolean | readonly number[] | string;
type Step =
  | { kind: 'value'; value: Runtime }
  | { kind: 'incomplete'; missing: string[] }
  | { kind: 'error'; error: FormulaError };

/**
 * `x` rounded to `digits` decimals, half away from zero, in decimal (1.005 → 1.01): through the
 * number's shortest text, which every JavaScript engine writes the same way.
 */
export function roundTo(x: number, digits: number): number {
  // From 2^52 on every number is whole already (and shifting it could pass the largest number).
  if (!Number.isFinite(x) || Math.abs(x) >= 2 ** 52) return x;
  const shift = (value: number, by: number) => {
    const [mantissa, exponent = '0'] = String(value).split('e');
    return Number(`${mantissa}e${Number(exponent) + by}`);
  };
  const rounded = shift(Math.round(shift(Math.abs(x), digits)), -digits);
  return x < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Whether a value fits its declared type; no value (undefined or null) always does. */
function fitsType(value: unknown, type: FormulaType): boolean {
  if (value === undefined || value === null) return true;
  switch (type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'list':
      return Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isFinite(item));
    case 'text':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
  }
}

/**
 * Evaluates a formula with the names' values (`undefined` or a missing key: not answered). It is
 * checked against `types` first, so a formula that does not check is that error here too.
 *
 * Missing answers: an unanswered number, text or yes/no makes the result `incomplete`, naming it,
 * unless the part that needs it is not reached (`answered(x)`, `count(x)`, the branch `if` does not
 * take, the side of `and`/`or` that does not matter). An unanswered list is the empty list (sum 0,
 * count 0), but `avg`, `min` or `max` of nothing is `incomplete` naming the lists. Division by zero
 * and a result beyond the numbers are errors. The value is rounded to FORMULA_RESULT_DECIMALS.
 */
export function evaluateFormula(
  formula: Formula,
  values: Readonly<Record<string, FormulaValue | null | undefined>>,
  types: Readonly<Record<string, FormulaType>>,
): FormulaOutcome {
  const checked = checkFormula(formula, types);
  if (!checked.ok) return { kind: 'error', error: checked.error };
  const known: Record<string, { type: FormulaType; value: FormulaValue | undefined }> = Object.create(null);
  for (const name of checked.names) {
    const type = types[name];
    if (type === undefined) return { kind: 'error', error: { code: 'unknown_name', params: { name } } };
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (!fitsType(value, type)) return { kind: 'error', error: { code: 'bad_value', params: { name } } };
    known[name] = { type, value: value ?? undefined };
  }
  const step = run(formula.root, known);
  if (step.kind !== 'value') return step;
  if (typeof step.value !== 'number') return { kind: 'error', error: { code: 'result_not_number' } };
  const value = roundTo(step.value, FORMULA_RESULT_DECIMALS);
  return { kind: 'value', value: value === 0 ? 0 : value };
}

type Known = Record<string, { type: FormulaType; value: FormulaValue | undefined }>;

const valueStep = (v: Runtime): Step => ({ kind: 'value', value: v });
const missing = (names: string[]): Step => ({ kind: 'incomplete', missing: names });
const error = (code: FormulaErrorCode, params?: FormulaError['params']): Step => ({
  kind: 'error',
  error: params ? { code, params } : { code },
});

/** Several steps that all must be values: the first error, else every missing name, else the values. */
function all(steps: Step[]): Step | Runtime[] {
  const firstError = steps.find((step) => step.kind === 'error');
  if (firstError) return firstError;
  const names = steps.flatMap((step) => (step.kind === 'incomplete' ? step.missing : []));
  if (names.length > 0) return missing([...new Set(names)]);
  return steps.map((step) => (step as { value: Runtime }).value);
}

/** A condition's yes or no: a number is yes unless it is 0. */
const truth = (condition: Runtime): boolean =>
  typeof condition === 'number' ? condition !== 0 : condition === true;

/** A step as a condition: its value as yes or no. */
const asCondition = (step: Step): Step => (step.kind === 'value' ? valueStep(truth(step.value)) : step);

const finite = (result: number): Step =>
  Number.isFinite(result) ? valueStep(result === 0 ? 0 : result) : error('not_finite');

function run(node: FormulaNode, known: Known): Step {
  switch (node.kind) {
    case 'number':
      return valueStep(node.value);
    case 'name': {
      const entry = known[node.name];
      if (entry === undefined) return error('unknown_name', { name: node.name });
      if (entry.type === 'list') return valueStep(entry.value ?? []);
      return entry.value === undefined ? missing([node.name]) : valueStep(entry.value);
    }
    case 'unary': {
      const argument = run(node.argument, known);
      if (argument.kind !== 'value') return argument;
      return node.operator === 'not'
        ? valueStep(!truth(argument.value))
        : finite(-(argument.value as number));
    }
    case 'binary':
      return runBinary(node, known);
    case 'call':
      return runCall(node, known);
  }
}

function runBinary(node: Extract<FormulaNode, { kind: 'binary' }>, known: Known): Step {
  if (node.operator === 'and' || node.operator === 'or') {
    // Either side settles it when it is no (and) or yes (or); otherwise both are needed.
    const settles = node.operator === 'or';
    const left = asCondition(run(node.left, known));
    if (left.kind === 'error') return left;
    if (left.kind === 'value' && left.value === settles) return left;
    const right = asCondition(run(node.right, known));
    if (right.kind === 'value' && right.value === settles) return right;
    if (left.kind === 'value') return right;
    if (right.kind === 'error') return left;
    return right.kind === 'incomplete' ? missing([...new Set([...left.missing, ...right.missing])]) : left;
  }
  const both = all([run(node.left, known), run(node.right, known)]);
  if (!Array.isArray(both)) return both as Step;
  const [l, r] = both as [number | boolean, number | boolean];
  switch (node.operator) {
    case '+':
      return finite((l as number) + (r as number));
    case '-':
      return finite((l as number) - (r as number));
    case '*':
      return finite((l as number) * (r as number));
    case '/':
      return r === 0 ? error('division_by_zero') : finite((l as number) / (r as number));
    case '<':
      return valueStep(l < r);
    case '<=':
      return valueStep(l <= r);
    case '>':
      return valueStep(l > r);
    case '>=':
      return valueStep(l >= r);
    case '==':
      return valueStep(l === r);
    case '!=':
      return valueStep(l !== r);
  }
}

function runCall(node: Extract<FormulaNode, { kind: 'call' }>, known: Known): Step {
  const fn = node.name as FormulaFunction;
  const [first, second, third] = node.args;
  // Checked already; a call short of arguments is refused here too rather than trusted.
  const short = () => error('too_few_arguments', { name: node.name, min: node.args.length + 1 });
  switch (fn) {
    case 'answered': {
      const entry = first?.kind === 'name' ? known[first.name] : undefined;
      return valueStep(entry !== undefined && hasAnswer(entry.value) ? 1 : 0);
    }
    case 'count': {
      if (!first) return short();
      const arg = run(first, known);
      if (arg.kind === 'error') return arg;
      if (arg.kind === 'incomplete') return valueStep(0);
      return valueStep(Array.isArray(arg.value) ? arg.value.length : 1);
    }
    case 'if': {
      if (!first || !second || !third) return short();
      const condition = run(first, known);
      if (condition.kind !== 'value') return condition;
      return run(truth(condition.value) ? second : third, known);
    }
    default:
      break;
  }
  const args = all(node.args.map((arg) => run(arg, known)));
  if (!Array.isArray(args)) return args as Step;
  switch (fn) {
    case 'round':
      return finite(roundTo(args[0] as number, (args[1] as number | undefined) ?? 0));
    case 'abs':
      return finite(Math.abs(args[0] as number));
    case 'sum':
    case 'avg':
    case 'min':
    case 'max': {
      const numbers = (args as (number | readonly number[])[]).flat();
      if (fn === 'sum') return finite(numbers.reduce((total, item) => total + item, 0));
      if (numbers.length === 0) {
        return missing([...new Set(node.args.flatMap((arg) => (arg.kind === 'name' ? [arg.name] : [])))]);
      }
      if (fn === 'avg') return finite(numbers.reduce((total, item) => total + item, 0) / numbers.length);
      return valueStep(
        numbers.reduce((best, item) => (fn === 'min' ? Math.min(best, item) : Math.max(best, item))),
      );
    }
    default:
      return error('unknown_function', { name: node.name });
  }
}

/** An answer says something: a number or yes/no, a non-empty list, a text that is not blank. */
function hasAnswer(answer: FormulaValue | undefined): boolean {
  if (answer === undefined) return false;
  if (typeof answer === 'string') return answer.trim() !== '';
  if (Array.isArray(answer)) return answer.length > 0;
  return true;
}
