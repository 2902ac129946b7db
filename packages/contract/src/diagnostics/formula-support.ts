import type { FormulaError, FormulaErrorCode } from './formula-errors.ts';

/** What the formula module's steps give: their result, or the first error. Not exported from the contract. */
export type Result<T> = ({ ok: true } & T) | { ok: false; error: FormulaError };

/** A failed step, with the error's values and place when given. */
export function fail(
  code: FormulaErrorCode,
  params?: FormulaError['params'],
  at?: number,
): { ok: false; error: FormulaError } {
  return { ok: false, error: { code, ...(params ? { params } : {}), ...(at !== undefined ? { at } : {}) } };
}

/** Where a name (or any word) first stands as a whole word in the source. */
export function wordAt(source: string, word: string): number | undefined {
  const escaped = word.replace(/[$]/g, '\\$');
  const found = new RegExp(`(?<![A-Za-z0-9_$.])${escaped}(?![A-Za-z0-9_$])`).exec(source);
  return found ? found.index : undefined;
}
