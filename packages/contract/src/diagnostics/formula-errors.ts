/**
 * What can go wrong with a diagnostic card's formulas (decision 023), as stable codes with values for
 * their texts: the server and the web each turn a code into its `diagnostics.formula.<code>` text.
 */

/**
 * Stable codes of what can go wrong, read (parse), checked, evaluated, ordered, or in bands. The
 * server and the web turn each into their `diagnostics.formula.<code>` text, its `{{…}}`
 * placeholders filled from `params`.
 */
export const FORMULA_ERROR_CODES = [
  // Reading.
  'empty',
  'too_long',
  'too_deep',
  'syntax',
  'unclosed_parenthesis',
  'unsupported_operator',
  'unsupported_syntax',
  'invalid_name',
  'reserved_word',
  'bad_number',
  // Checking.
  'unknown_name',
  'unknown_function',
  'too_few_arguments',
  'too_many_arguments',
  'list_not_number',
  'text_not_allowed',
  'boolean_not_number',
  'condition_expected',
  'branches_differ',
  'answered_needs_name',
  'round_digits',
  'result_not_number',
  // Evaluating.
  'division_by_zero',
  'not_finite',
  'bad_value',
  // Ordering computed blocks.
  'cycle',
  'duplicate_name',
  // Bands.
  'band_reversed',
  'band_overlap',
] as const;
export type FormulaErrorCode = (typeof FORMULA_ERROR_CODES)[number];

/** One problem: its code, the values for its text, and where in the source it is (0-based), when known. */
export interface FormulaError {
  code: FormulaErrorCode;
  params?: Record<string, string | number>;
  at?: number;
}

/** The i18n key of an error's text on server and web. */
export function formulaErrorKey(
  error: Pick<FormulaError, 'code'>,
): `diagnostics.formula.${FormulaErrorCode}` {
  return `diagnostics.formula.${error.code}`;
}
