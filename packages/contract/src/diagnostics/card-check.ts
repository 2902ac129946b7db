import type { AnswerType } from './card.ts';
import { checkBands } from './bands.ts';
import type { FormulaError } from './formula-errors.ts';
import { orderFormulas } from './formula-order.ts';
import type { FormulaType } from './formula.ts';

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
 * Every problem of a card's formulas and bands: the formulas' as the formula language orders them
 * (`orderFormulas`), then each block's bands (`checkBands`), each at its field's path. An empty
 * list: the card's formulas can all be evaluated, in some order. A code's own rules (a formula
 * name, not a reserved word, not taken) are the card schema's.
 */
export function checkCard(card: CheckedCard): CardProblem[] {
  const baseTypes = cardFormulaTypes({ blocks: card.blocks, computed: [] });
  const entries = card.computed.map((computed) => ({ name: computed.code.trim(), source: computed.formula }));
  const firstAt = new Map<string, number>();
  entries.forEach(({ name }, c) => {
    if (!firstAt.has(name)) firstAt.set(name, c);
  });
  const problems: CardProblem[] = [];
  const order = orderFormulas(entries, baseTypes);
  if (!order.ok) {
    for (const { name, error } of order.errors) {
      // A code that is no free formula name is the schema's message on the code field.
      if (error.code === 'invalid_name' || error.code === 'duplicate_name') continue;
      problems.push({ path: `computed.${firstAt.get(name) ?? 0}.formula`, error });
    }
  }
  card.computed.forEach((computed, c) => {
    for (const { index, error } of checkBands(computed.bands)) {
      const field = error.code === 'band_reversed' ? 'to' : 'from';
      problems.push({ path: `computed.${c}.bands.${index}.${field}`, error });
    }
  });
  return problems;
}
