import { checkFormula } from './formula-check.ts';
import type { FormulaError } from './formula-errors.ts';
import { evaluateFormula, type FormulaOutcome } from './formula-evaluate.ts';
import { isFormulaName, parseFormula, type Formula, type FormulaType, type FormulaValue } from './formula.ts';

/*
 * Several formulas that may use each other's values (a card's computed blocks): each read and
 * checked, then put in an order where every one comes after the ones it uses, or the cycles named.
 */

/** A named formula: a computed block's code and its formula's text. */
export interface FormulaEntry {
  name: string;
  source: string;
}

/** One formula of an order, read and checked, with the names it uses. */
export interface OrderedFormula {
  name: string;
  formula: Formula;
  names: string[];
}

/** What is wrong with one entry (a cycle is told on the first entry of it). */
export interface FormulaEntryError {
  name: string;
  error: FormulaError;
}

export type FormulaOrder =
  | {
      ok: true;
      /** The formulas, each after every formula it uses; otherwise in the order given. */
      order: OrderedFormula[];
      /** The base types with every entry's name as a number. */
      types: Record<string, FormulaType>;
    }
  | { ok: false; errors: FormulaEntryError[] };

/**
 * Reads and checks every entry, against `baseTypes` (the answers' names) and the entries' own names
 * (each a number), and orders them. Errors: an entry's name that is no formula name or is taken,
 * each entry's reading or checking error, and each cycle (`a → b → a`; `a → a` for a formula
 * that uses itself).
 */
export function orderFormulas(
  entries: readonly FormulaEntry[],
  baseTypes: Readonly<Record<string, FormulaType>>,
): FormulaOrder {
  const errors: FormulaEntryError[] = [];
  const types: Record<string, FormulaType> = Object.assign(Object.create(null), baseTypes);
  const named = new Set<string>();
  /** The entries that name their formula (the first of a name that is free). */
  const naming = new Set<number>();
  entries.forEach(({ name }, index) => {
    if (!isFormulaName(name)) errors.push({ name, error: { code: 'invalid_name', params: { name } } });
    else if (named.has(name) || Object.hasOwn(baseTypes, name)) {
      errors.push({ name, error: { code: 'duplicate_name', params: { name } } });
    } else {
      named.add(name);
      naming.add(index);
      types[name] = 'number';
    }
  });
  const checked: OrderedFormula[] = [];
  for (const [index, { name, source }] of entries.entries()) {
    const parsed = parseFormula(source);
    if (!parsed.ok) {
      errors.push({ name, error: parsed.error });
      continue;
    }
    const check = checkFormula(parsed.formula, types);
    if (!check.ok) errors.push({ name, error: check.error });
    else if (naming.has(index)) checked.push({ name, formula: parsed.formula, names: check.names });
  }
  const { order, cycles } = sortByUse(checked, named);
  for (const [first = '', ...rest] of cycles) {
    errors.push({ name: first, error: { code: 'cycle', params: { cycle: [first, ...rest].join(' → ') } } });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, order, types };
}

/**
 * A stable topological order (each time the first formula, in the given order, whose formulas are
 * all placed), and the cycles among what cannot be placed. Formulas that failed are not in
 * `formulas`: one that uses them is placed as if they were answers.
 */
function sortByUse(formulas: OrderedFormula[], named: ReadonlySet<string>) {
  const present = new Set(formulas.map((formula) => formula.name));
  const waiting = new Map(
    formulas.map((formula) => [
      formula.name,
      { formula, uses: formula.names.filter((used) => named.has(used) && present.has(used)) },
    ]),
  );
  const placed = new Set<string>();
  const order: OrderedFormula[] = [];
  const cycles: string[][] = [];
  const place = () => {
    for (let moved = true; moved;) {
      moved = false;
      for (const [name, { formula, uses }] of waiting) {
        if (uses.every((used) => placed.has(used))) {
          order.push(formula);
          placed.add(name);
          waiting.delete(name);
          moved = true;
          break;
        }
      }
    }
  };
  place();
  while (waiting.size > 0) {
    // Every formula still waiting uses one that is waiting too: walking those leads into a cycle.
    const path: string[] = [];
    let at: string | undefined = waiting.keys().next().value;
    while (at !== undefined && !path.includes(at)) {
      path.push(at);
      at = waiting.get(at)?.uses.find((used) => waiting.has(used));
    }
    const cycle = at === undefined ? path : [...path.slice(path.indexOf(at)), at];
    cycles.push(cycle);
    // The cycle, and what waits for it, leave the order; what used the cycle is not at fault.
    const stuck = new Set(cycle);
    for (let grew = true; grew;) {
      grew = false;
      for (const [name, { uses }] of waiting) {
        if (!stuck.has(name) && uses.some((used) => stuck.has(used))) {
          stuck.add(name);
          grew = true;
        }
      }
    }
    for (const name of stuck) waiting.delete(name);
    place();
  }
  return { order, cycles };
}

/**
 * Evaluates ordered formulas one after another, each formula's value given to the ones after it
 * (an incomplete or failed one is unanswered for them).
 */
export function evaluateOrdered(
  order: Extract<FormulaOrder, { ok: true }>,
  values: Readonly<Record<string, FormulaValue | null | undefined>>,
): Record<string, FormulaOutcome> {
  // Without a prototype, so that a name such as `__proto__` is a name like any other.
  const known: Record<string, FormulaValue | null | undefined> = Object.assign(Object.create(null), values);
  const outcomes: Record<string, FormulaOutcome> = Object.create(null);
  for (const { name, formula } of order.order) {
    const outcome = evaluateFormula(formula, known, order.types);
    outcomes[name] = outcome;
    known[name] = outcome.kind === 'value' ? outcome.value : undefined;
  }
  return outcomes;
}
