import type { AnswerType } from './card.ts';
import { checkFormula } from './formula-check.ts';
import type { FormulaError } from './formula-errors.ts';
import { FORMULA_RESERVED_WORDS, parseFormula, type FormulaType } from './formula.ts';

/**
 * What a card's schema cannot see (issue 16 item 2): each computed block's formula reads, names
 * only the card's questions and other computed blocks, and fits their types; computed blocks do not
 * depend on each other in a circle; a block's bands do not overlap. The server checks a card with
 * it on every save (a 422 at the field paths below) and the builder as the moderator types, so
 * both say the same thing.
 */

/** A formula name's type by the answer type of its question (computed blocks are numbers). */
export const ANSWER_FORMULA_TYPES: Record<AnswerType, FormulaType> = {
  short_text: 'text',
  long_text: 'text',
  one_variant: 'number',
  scale: 'number',
  many_variants: 'list',
  table: 'list',
};

/** What card-check reads of a card: the codes and types of its questions, its computed blocks. */
export interface CheckedCard {
  blocks: readonly { questions: readonly { code: string; type?: AnswerType | null | undefined }[] }[];
  computed: readonly {
    code: string;
    formula: string;
    bands: readonly { from: number; to: number }[];
  }[];
}

/** One problem, at its field's path (`computed.2.formula`, `computed.0.bands.1.from`). */
export interface CardProblem {
  path: string;
  error: FormulaError;
}

const RESERVED: ReadonlySet<string> = new Set(FORMULA_RESERVED_WORDS);

/** The type of every name a card's formulas may use: its questions' codes and its computed blocks'. */
export function cardFormulaTypes(card: CheckedCard): Record<string, FormulaType> {
  const types: Record<string, FormulaType> = Object.create(null);
  for (const block of card.blocks) {
    for (const question of block.questions) {
      if (question.type) types[question.code.trim()] = ANSWER_FORMULA_TYPES[question.type];
    }
  }
  for (const computed of card.computed) types[computed.code.trim()] = 'number';
  return types;
}

/**
 * The first circle among computed blocks that use each other, as its codes with the first again
 * at the end (`a → b → a`), or null.
 */
function findCycle(uses: ReadonlyMap<string, readonly string[]>): string[] | null {
  const open = new Set<string>();
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (name: string): string[] | null => {
    open.add(name);
    trail.push(name);
    for (const next of uses.get(name) ?? []) {
      if (!uses.has(next) || done.has(next)) continue;
      if (open.has(next)) return [...trail.slice(trail.indexOf(next)), next];
      const found = visit(next);
      if (found) return found;
    }
    trail.pop();
    open.delete(name);
    done.add(name);
    return null;
  };
  for (const name of uses.keys()) {
    if (done.has(name)) continue;
    const found = visit(name);
    if (found) return found;
  }
  return null;
}

/**
 * Every problem of a card's formulas and bands, in the order of its computed blocks. An empty list:
 * the card's formulas can all be evaluated, in some order.
 */
export function checkCard(card: CheckedCard): CardProblem[] {
  const problems: CardProblem[] = [];
  card.blocks.forEach((block, b) =>
    block.questions.forEach((question, q) => {
      if (RESERVED.has(question.code.trim())) {
        problems.push({
          path: `blocks.${b}.questions.${q}.code`,
          error: { code: 'reserved_word', params: { name: question.code.trim() } },
        });
      }
    }),
  );
  const types = cardFormulaTypes(card);
  const computedCodes = new Set(card.computed.map((computed) => computed.code.trim()));
  const uses = new Map<string, string[]>();
  const firstAt = new Map<string, number>();
  card.computed.forEach((computed, c) => {
    const code = computed.code.trim();
    if (RESERVED.has(code)) {
      problems.push({ path: `computed.${c}.code`, error: { code: 'reserved_word', params: { name: code } } });
    }
    if (!firstAt.has(code)) firstAt.set(code, c);
    const parsed = parseFormula(computed.formula);
    const checked = parsed.ok ? checkFormula(parsed.formula, types) : parsed;
    if (!checked.ok) {
      problems.push({ path: `computed.${c}.formula`, error: checked.error });
    } else {
      uses.set(
        code,
        checked.names.filter((name) => computedCodes.has(name)),
      );
    }
    problems.push(...bandProblems(computed.bands, c));
  });
  const cycle = findCycle(uses);
  if (cycle) {
    const at = firstAt.get(cycle[0] ?? '') ?? 0;
    problems.push({
      path: `computed.${at}.formula`,
      error: { code: 'cycle', params: { cycle: cycle.join(' → ') } },
    });
  }
  return problems;
}

/** A computed block's bands: each from ≤ to, and no two sharing a value (both ends belong to a band). */
function bandProblems(bands: readonly { from: number; to: number }[], c: number): CardProblem[] {
  const problems: CardProblem[] = [];
  bands.forEach((band, i) => {
    if (band.to < band.from) {
      problems.push({
        path: `computed.${c}.bands.${i}.to`,
        error: { code: 'band_reversed', params: { band: i + 1 } },
      });
      return;
    }
    for (let j = 0; j < i; j += 1) {
      const other = bands[j];
      if (!other || other.to < other.from) continue;
      if (band.from <= other.to && other.from <= band.to) {
        problems.push({
          path: `computed.${c}.bands.${i}.from`,
          error: { code: 'band_overlap', params: { band: i + 1, other: j + 1 } },
        });
        break;
      }
    }
  });
  return problems;
}
