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
import en from 'virtual:texts/en';
import pl from 'virtual:texts/pl';
import ru from 'virtual:texts/ru';
import uk from 'virtual:texts/uk';

/*
 * The web evaluates a card's formulas with the contract, as the server does: the same fixtures give
 * the same outcomes here (jsdom, the web's resolution of the contract and of jsep) as in the server's
 * twin test, `apps/server/src/modules/diagnostics/formula-evaluation.test.ts`.
 */

describe('formulas on the web', () => {
  it.each(FORMULA_FIXTURES)('$source', ({ source, expected }) => {
    const parsed = parseFormula(source);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(evaluateFormula(parsed.formula, FORMULA_FIXTURE_VALUES, FORMULA_FIXTURE_TYPES)).toEqual(expected);
  });

  it.each(LANGUAGES)('has a %s text for every formula error', (lang) => {
    const texts = { uk, ru, en, pl }[lang] as unknown as Record<
      string,
      Record<string, Record<string, string>>
    >;
    for (const code of FORMULA_ERROR_CODES) {
      const [, family, key] = formulaErrorKey({ code }).split('.');
      const said = texts.diagnostics?.[family!];
      // A counted problem ("at most 500 characters") is there in its plural forms.
      expect(said?.[key!] ?? said?.[`${key!}_other`], `${lang}: ${code}`).toBeTruthy();
    }
  });
});
