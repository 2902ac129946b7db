import jsep from 'jsep';
import type { FormulaError } from './formula-errors.ts';
import { fail, wordAt, type Result } from './formula-support.ts';

/**
 * The formula language of a diagnostic card's computed blocks (issue 16 item 2, decision 023): a
 * small, safe expression language that server and web both evaluate with this module, so a value
 * is the same wherever it is shown. jsep reads the text into its tree; we turn that tree into ours
 * (refusing what the language does not have), check it against the names' types and evaluate it.
 * Nothing here runs JavaScript from a formula (no `eval`, no `new Function`), and the module knows
 * nothing about cards: it works on names and typed values.
 */

/** Longest formula (characters). */
export const FORMULA_SOURCE_MAX = 1000;
/** Deepest nesting of parentheses and calls. */
export const FORMULA_NESTING_MAX = 32;
/** Deepest tree (a long chain of `+` is a deep tree too); keeps every walk far from the stack's end. */
export const FORMULA_TREE_DEPTH_MAX = 400;
/** A result is rounded to this many decimals, half away from zero, on server and web alike. */
export const FORMULA_RESULT_DECIMALS = 2;
/** Most decimals `round(x, digits)` takes. */
export const FORMULA_ROUND_DIGITS_MAX = 6;

/** What a name holds: one-variant and scale answers are numbers, many-variants and tables lists… */
export const FORMULA_TYPES = ['number', 'list', 'text', 'boolean'] as const;
export type FormulaType = (typeof FORMULA_TYPES)[number];
/** A name's value: a number, a list of numbers, a text or a yes/no. */
export type FormulaValue = number | readonly number[] | string | boolean;

/** The functions, with how many arguments each takes. */
export const FORMULA_FUNCTIONS = {
  sum: { min: 1, max: Infinity },
  avg: { min: 1, max: Infinity },
  min: { min: 1, max: Infinity },
  max: { min: 1, max: Infinity },
  count: { min: 1, max: 1 },
  round: { min: 1, max: 2 },
  abs: { min: 1, max: 1 },
  answered: { min: 1, max: 1 },
  if: { min: 3, max: 3 },
} as const;
export type FormulaFunction = keyof typeof FORMULA_FUNCTIONS;

/** Words that cannot name a question or a computed block. */
export const FORMULA_RESERVED_WORDS = ['and', 'or', 'not', 'true', 'false', 'null', 'this'] as const;

export type UnaryOperator = '-' | 'not';
export type BinaryOperator = '+' | '-' | '*' | '/' | '<' | '<=' | '>' | '>=' | '==' | '!=' | 'and' | 'or';

/** A formula's tree. */
export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'name'; name: string }
  | { kind: 'unary'; operator: UnaryOperator; argument: FormulaNode }
  | { kind: 'binary'; operator: BinaryOperator; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; name: string; args: FormulaNode[] };

/** A formula as read: its text and its tree. */
export interface Formula {
  source: string;
  root: FormulaNode;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED: ReadonlySet<string> = new Set(FORMULA_RESERVED_WORDS);

/** Whether a text can name a question or computed block in a formula (and is not a reserved word). */
export function isFormulaName(name: string): boolean {
  return NAME.test(name) && !RESERVED.has(name);
}

const BINARY: Record<string, BinaryOperator> = {
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '==': '==',
  '!=': '!=',
  and: 'and',
  or: 'or',
};
const UNARY: Record<string, UnaryOperator> = { '-': '-', not: 'not' };

/** Where an expression read by jsep ends (a property our hook adds; jsep's nodes have no places). */
const END = 'formulaEnd';

let jsepReady = false;
/**
 * The word operators, and a hook that marks where each expression ends. jsep keeps its operators
 * and hooks in one shared table: nothing else in the project uses jsep, and this runs once.
 */
function readyJsep() {
  if (jsepReady) return;
  jsep.addBinaryOp('or', 1);
  jsep.addBinaryOp('and', 2);
  jsep.addUnaryOp('not');
  jsep.hooks.add(
    'after-expression',
    function markEnd(this: { index: number }, env: { node?: jsep.Expression }) {
      if (env.node) env.node[END] = this.index;
    },
  );
  jsepReady = true;
}

/** The first place where parentheses or brackets nest deeper than FORMULA_NESTING_MAX, if any. */
function tooDeepAt(source: string): number | undefined {
  let depth = 0;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (char === '(' || char === '[') {
      depth += 1;
      if (depth > FORMULA_NESTING_MAX) return index;
    } else if (char === ')' || char === ']') {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

/** Reads a formula. Never throws: a text it cannot read is an error with its code and, when known, its place. */
export function parseFormula(source: string): Result<{ formula: Formula }> {
  if (typeof source !== 'string' || source.trim() === '') return fail('empty');
  if (source.length > FORMULA_SOURCE_MAX) return fail('too_long', { count: FORMULA_SOURCE_MAX });
  const deep = tooDeepAt(source);
  if (deep !== undefined) return fail('too_deep', { count: FORMULA_NESTING_MAX }, deep);
  readyJsep();
  let tree: jsep.Expression;
  try {
    tree = jsep(source);
  } catch (thrown) {
    const { index, description } = thrown as { index?: unknown; description?: unknown };
    const at = typeof index === 'number' ? Math.min(Math.max(index, 0), source.length) : undefined;
    if (typeof description === 'string' && /^(Unclosed \(|Expected \))/.test(description)) {
      return fail('unclosed_parenthesis', undefined, at);
    }
    if (typeof description === 'string' && description.startsWith('Unclosed quote')) {
      return fail('unsupported_syntax', undefined, at);
    }
    return fail('syntax', { position: (at ?? 0) + 1 }, at);
  }
  const converted = convert(tree, source, 0);
  if (!converted.ok) return converted;
  return { ok: true, formula: { source, root: converted.node } };
}

function convert(node: jsep.Expression, source: string, depth: number): Result<{ node: FormulaNode }> {
  if (depth > FORMULA_TREE_DEPTH_MAX) return fail('too_deep', { count: FORMULA_NESTING_MAX });
  const inner = (child: jsep.Expression) => convert(child, source, depth + 1);
  switch (node.type) {
    case 'Literal': {
      const { value, raw } = node as jsep.Literal;
      if (typeof value !== 'number') {
        const at = typeof raw === 'string' ? source.indexOf(raw) : -1;
        if (typeof value === 'boolean' || value === null)
          return fail('reserved_word', { name: String(raw) }, wordAt(source, String(raw)));
        return fail('unsupported_syntax', undefined, at >= 0 ? at : undefined);
      }
      if (!Number.isFinite(value))
        return fail('bad_number', { number: String(raw) }, source.indexOf(String(raw)));
      return { ok: true, node: { kind: 'number', value } };
    }
    case 'Identifier': {
      const { name } = node as jsep.Identifier;
      if (RESERVED.has(name)) return fail('reserved_word', { name }, wordAt(source, name));
      if (!NAME.test(name)) return fail('invalid_name', { name }, wordAt(source, name));
      return { ok: true, node: { kind: 'name', name } };
    }
    case 'ThisExpression':
      return fail('reserved_word', { name: 'this' }, wordAt(source, 'this'));
    case 'UnaryExpression': {
      const { operator, argument } = node as jsep.UnaryExpression;
      const ours = Object.hasOwn(UNARY, operator) ? UNARY[operator] : undefined;
      if (ours === undefined) return unsupportedOperator(operator);
      const converted = inner(argument);
      if (!converted.ok) return converted;
      return { ok: true, node: { kind: 'unary', operator: ours, argument: converted.node } };
    }
    case 'BinaryExpression': {
      const { operator, left, right } = node as jsep.BinaryExpression;
      const ours = Object.hasOwn(BINARY, operator) ? BINARY[operator] : undefined;
      if (ours === undefined) return unsupportedOperator(operator);
      const l = inner(left);
      if (!l.ok) return l;
      const r = inner(right);
      if (!r.ok) return r;
      return { ok: true, node: { kind: 'binary', operator: ours, left: l.node, right: r.node } };
    }
    case 'CallExpression': {
      const { callee, arguments: args } = node as jsep.CallExpression;
      if (callee.type !== 'Identifier') return fail('unsupported_syntax');
      const { name } = callee as jsep.Identifier;
      if (!NAME.test(name)) return fail('invalid_name', { name }, wordAt(source, name));
      const converted: FormulaNode[] = [];
      for (const arg of args) {
        const one = inner(arg);
        if (!one.ok) return one;
        converted.push(one.node);
      }
      return { ok: true, node: { kind: 'call', name, args: converted } };
    }
    case 'Compound': {
      // Two expressions side by side ("a b", "a; b"): the second is where reading went wrong.
      const [first] = (node as jsep.Compound).body;
      const end = typeof first?.[END] === 'number' ? first[END] : 0;
      return fail('syntax', { position: end + 1 }, end);
    }
    default:
      return fail('unsupported_syntax');
  }
}

function unsupportedOperator(operator: string): { ok: false; error: FormulaError } {
  return fail('unsupported_operator', { operator });
}

// ---- Printing ----

const PRECEDENCE: Record<BinaryOperator, number> = {
  or: 1,
  and: 2,
  '==': 6,
  '!=': 6,
  '<': 7,
  '<=': 7,
  '>': 7,
  '>=': 7,
  '+': 9,
  '-': 9,
  '*': 10,
  '/': 10,
};

/**
 * A tree as text that reads back into the same tree, with only the parentheses it needs (a
 * negative number constant, which the reader never makes, prints as `(-n)`).
 */
export function printFormula(formula: Formula | FormulaNode): string {
  const node = 'root' in formula ? formula.root : formula;
  switch (node.kind) {
    case 'number':
      return node.value < 0 || Object.is(node.value, -0) ? `(-${String(-node.value)})` : String(node.value);
    case 'name':
      return node.name;
    case 'unary': {
      const argument = printFormula(node.argument);
      const wrapped =
        node.argument.kind === 'binary' || node.argument.kind === 'unary' ? `(${argument})` : argument;
      return node.operator === 'not' ? `not ${wrapped}` : `-${wrapped}`;
    }
    case 'binary': {
      const own = PRECEDENCE[node.operator];
      const side = (child: FormulaNode, right: boolean) => {
        const text = printFormula(child);
        if (child.kind !== 'binary') return text;
        const theirs = PRECEDENCE[child.operator];
        return theirs < own || (right && theirs === own) ? `(${text})` : text;
      };
      return `${side(node.left, false)} ${node.operator} ${side(node.right, true)}`;
    }
    case 'call':
      return `${node.name}(${node.args.map((arg) => printFormula(arg)).join(', ')})`;
  }
}
