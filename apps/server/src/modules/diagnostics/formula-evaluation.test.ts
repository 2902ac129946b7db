import {
  FORMULA_ERROR_CODES,
  LANGUAGES,
  evaluateFormula,
  formulaErrorKey,
  parseFormula,
} from '@logoschool/contract';
import {
  FORMULA_FIXTURES,
  FORMULA_FIXTURE_TYPES,
  FORMULA_FIXTURE_VALUES,
} from '@logoschool/contract/formula-fixtures';
import { describe, expect, it } from 'vitest';
import { text } from '../../i18n/index.ts';

/*
 * The server evaluates a card's formulas with the contract, as the web does: the same fixtures give
 * the same outcomes here as in the web's twin test, `apps/web/src/lib/formula-evaluation.test.ts`.
 * No database.
 */

describe('formulas on the server', () => {
  it.each(FORMULA_FIXTURES)('$source', ({ source, expected }) => {
    const parsed = parseFormula(source);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(evaluateFormula(parsed.formula, FORMULA_FIXTURE_VALUES, FORMULA_FIXTURE_TYPES)).toEqual(expected);
  });

  it.each(LANGUAGES)('says every formula error in %s', (lang) => {
    for (const code of FORMULA_ERROR_CODES) {
      const said = text(lang, formulaErrorKey({ code }), {
        name: 'q1',
        max: 2,
        min: 1,
        position: 3,
        count: 2,
      });
      expect(said, `${lang}: ${code}`).not.toBe(formulaErrorKey({ code }));
      expect(said, `${lang}: ${code}`).not.toMatch(/\{\{(name|max|min|position|count)\}\}/);
    }
  });
});
