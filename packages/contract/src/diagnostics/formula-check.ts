import type { FormulaErrorCode } from './formula-errors.ts';
import {
  FORMULA_FUNCTIONS,
  FORMULA_ROUND_DIGITS_MAX,
  FORMULA_TYPES,
  type Formula,
  type FormulaFunction,
  type FormulaNode,
  type FormulaType,
} from './formula.ts';
import { fail, wordAt, type Result } from './formula-support.ts';

/*
 * Checking a formula against the types of its names (decision 023): numbers in arithmetic and
 * comparisons, lists only inside the functions that take them, texts only in answered(), yes/no
 * (or a number, 0 being no) as conditions, and a number as the result.
 */

type Typed = Result<{ type: FormulaType }>;

/**
 * Checks a formula against the types of the names it may use: every name known, every function
 * known with its number of arguments, every value used where its type fits, a number as the
 * result. Gives the names it uses, in the order they first appear.
 */
export function checkFormula(
  formula: Formula,
  types: Readonly<Record<string, FormulaType>>,
): Result<{ names: string[] }> {
  const names: string[] = [];
  const typed = typeOf(formula.root, { source: formula.source, types, names });
  if (!typed.ok) return typed;
  const result = needNumber(formula.root, typed.type, formula.source, 'result_not_number');
  if (!result.ok) return result;
  return { ok: true, names };
}

interface CheckContext {
  source: string;
  types: Readonly<Record<string, FormulaType>>;
  names: string[];
}

const typeIs = (type: FormulaType): Typed => ({ ok: true, type });

/** Where a number is needed: a list or a text names itself; a yes/no says so. */
function needNumber(
  node: FormulaNode,
  type: FormulaType,
  source: string,
  forBoolean: FormulaErrorCode = 'boolean_not_number',
): Result<object> {
  if (type === 'number') return { ok: true };
  if (type === 'boolean') return fail(forBoolean);
  const name = node.kind === 'name' ? node.name : '';
  return fail(type === 'list' ? 'list_not_number' : 'text_not_allowed', { name }, wordAt(source, name));
}

/** A condition is a yes/no, or a number as in a spreadsheet (0 is no, anything else yes). */
function needCondition(type: FormulaType): Result<object> {
  return type === 'boolean' || type === 'number' ? { ok: true } : fail('condition_expected');
}

function typeOf(node: FormulaNode, context: CheckContext): Typed {
  const { source, types, names } = context;
  switch (node.kind) {
    case 'number':
      return typeIs('number');
    case 'name': {
      const type = Object.hasOwn(types, node.name) ? types[node.name] : undefined;
      if (type === undefined || !FORMULA_TYPES.includes(type)) {
        return fail('unknown_name', { name: node.name }, wordAt(source, node.name));
      }
      if (!names.includes(node.name)) names.push(node.name);
      return typeIs(type);
    }
    case 'unary': {
      const argument = typeOf(node.argument, context);
      if (!argument.ok) return argument;
      const fits =
        node.operator === 'not'
          ? needCondition(argument.type)
          : needNumber(node.argument, argument.type, source);
      if (!fits.ok) return fits;
      return typeIs(node.operator === 'not' ? 'boolean' : 'number');
    }
    case 'binary':
      return binaryType(node, context);
    case 'call':
      return callType(node, context);
  }
}

function binaryType(node: Extract<FormulaNode, { kind: 'binary' }>, context: CheckContext): Typed {
  const left = typeOf(node.left, context);
  if (!left.ok) return left;
  const right = typeOf(node.right, context);
  if (!right.ok) return right;
  const { source } = context;
  switch (node.operator) {
    case 'and':
    case 'or': {
      const fits = needCondition(left.type);
      if (!fits.ok) return fits;
      const also = needCondition(right.type);
      return also.ok ? typeIs('boolean') : also;
    }
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=': {
      // Yes/no answers compare for (in)equality; everything else compares numbers.
      if (left.type === 'boolean' && (node.operator === '==' || node.operator === '!=')) {
        return right.type === 'boolean' ? typeIs('boolean') : fail('condition_expected');
      }
      const fits = needNumber(node.left, left.type, source);
      if (!fits.ok) return fits;
      const also = needNumber(node.right, right.type, source);
      return also.ok ? typeIs('boolean') : also;
    }
    default: {
      const fits = needNumber(node.left, left.type, source);
      if (!fits.ok) return fits;
      const also = needNumber(node.right, right.type, source);
      return also.ok ? typeIs('number') : also;
    }
  }
}

function callType(node: Extract<FormulaNode, { kind: 'call' }>, context: CheckContext): Typed {
  const { source } = context;
  const known = Object.hasOwn(FORMULA_FUNCTIONS, node.name)
    ? FORMULA_FUNCTIONS[node.name as FormulaFunction]
    : null;
  if (known === null) return fail('unknown_function', { name: node.name }, wordAt(source, node.name));
  if (node.args.length < known.min) return fail('too_few_arguments', { name: node.name, min: known.min });
  if (node.args.length > known.max) return fail('too_many_arguments', { name: node.name, max: known.max });
  const fn = node.name as FormulaFunction;
  if (fn === 'answered') {
    const [arg] = node.args;
    if (arg?.kind !== 'name') return fail('answered_needs_name');
    const typed = typeOf(arg, context);
    return typed.ok ? typeIs('number') : typed;
  }
  const typed: { node: FormulaNode; type: FormulaType }[] = [];
  for (const arg of node.args) {
    const one = typeOf(arg, context);
    if (!one.ok) return one;
    typed.push({ node: arg, type: one.type });
  }
  const number = (arg: { node: FormulaNode; type: FormulaType }) => needNumber(arg.node, arg.type, source);
  const [first, second, third] = typed;
  switch (fn) {
    case 'sum':
    case 'avg':
    case 'min':
    case 'max':
    case 'count':
      for (const arg of typed) {
        const fits = arg.type === 'list' ? { ok: true } : number(arg);
        if (!fits.ok) return fits as Typed;
      }
      return typeIs('number');
    case 'round': {
      const fits = first ? number(first) : { ok: true };
      if (!fits.ok) return fits as Typed;
      if (second !== undefined && !validDigits(second.node)) {
        return fail('round_digits', { max: FORMULA_ROUND_DIGITS_MAX });
      }
      return typeIs('number');
    }
    case 'abs': {
      const fits = first ? number(first) : { ok: true };
      return fits.ok ? typeIs('number') : (fits as Typed);
    }
    case 'if': {
      if (!first || !second || !third) return fail('too_few_arguments', { name: node.name, min: known.min });
      const condition = needCondition(first.type);
      if (!condition.ok) return condition;
      for (const branch of [second, third]) {
        if (branch.type === 'list' || branch.type === 'text') return number(branch) as Typed;
      }
      return second.type === third.type ? typeIs(second.type) : fail('branches_differ');
    }
  }
}

/** `round`'s digits: a whole number constant from 0 to FORMULA_ROUND_DIGITS_MAX. */
function validDigits(node: FormulaNode): boolean {
  return (
    node.kind === 'number' &&
    Number.isInteger(node.value) &&
    node.value >= 0 &&
    node.value <= FORMULA_ROUND_DIGITS_MAX
  );
}
