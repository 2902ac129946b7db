import { describe, expect, it } from 'vitest';
import { cardFormulaTypes, checkCard, type CheckedCard } from './card-check.ts';
import { diagnosticCardInput } from './card.ts';
import { diagnosticCardActions } from './cards-api.ts';

const card = (computed: CheckedCard['computed']): CheckedCard => ({
  blocks: [
    {
      questions: [
        { code: 'note', type: 'short_text' },
        { code: 'r_sound', type: 'one_variant' },
        { code: 'errors', type: 'many_variants' },
        { code: 'attention', type: 'scale' },
        { code: 'pairs', type: 'table' },
        { code: 'untyped', type: null },
      ],
    },
  ],
  computed,
});
const block = (code: string, formula: string, bands: { from: number; to: number }[] = []) => ({
  code,
  formula,
  bands,
});
const codes = (problems: ReturnType<typeof checkCard>) =>
  problems.map(({ path, error }) => [path, error.code]);

describe('card-check', () => {
  it('types the names: numbers, lists, texts; computed blocks are numbers; untyped questions are unknown', () => {
    expect({ ...cardFormulaTypes(card([block('total', '1')])) }).toEqual({
      note: 'text',
      r_sound: 'number',
      errors: 'list',
      attention: 'number',
      pairs: 'list',
      total: 'number',
    });
  });

  it('passes formulas over questions and other computed blocks, in any order', () => {
    expect(
      checkCard(
        card([
          block('share', 'round(total / 10 * 100)'),
          block('total', 'r_sound + attention + sum(pairs) - count(errors) + answered(note)', [
            { from: 0, to: 4 },
            { from: 5, to: 9 },
            { from: 10, to: 10 },
          ]),
        ]),
      ),
    ).toEqual([]);
  });

  it('names the formula at fault: unreadable, unknown name or function, type mismatch', () => {
    expect(
      codes(
        checkCard(
          card([
            block('a', 'r_sound +'),
            block('b', 'nope + 1'),
            block('c', 'median(errors)'),
            block('d', 'note + 1'),
            block('e', 'errors * 2'),
            block('f', 'r_sound > 1'),
            block('g', 'untyped + 1'),
          ]),
        ),
      ),
    ).toEqual([
      ['computed.0.formula', 'syntax'],
      ['computed.1.formula', 'unknown_name'],
      ['computed.2.formula', 'unknown_function'],
      ['computed.3.formula', 'text_not_allowed'],
      ['computed.4.formula', 'list_not_number'],
      ['computed.5.formula', 'result_not_number'],
      ['computed.6.formula', 'unknown_name'],
    ]);
  });

  it('names a cycle between computed blocks, a block using itself included', () => {
    const problems = checkCard(
      card([block('a', 'b + 1'), block('b', 'c'), block('c', 'a * 2'), block('d', 'a')]),
    );
    expect(problems).toEqual([
      { path: 'computed.0.formula', error: { code: 'cycle', params: { cycle: 'a → b → c → a' } } },
    ]);
    expect(checkCard(card([block('self', 'self + 1')]))).toEqual([
      { path: 'computed.0.formula', error: { code: 'cycle', params: { cycle: 'self → self' } } },
    ]);
  });

  it('refuses overlapping and reversed bands (both ends belong to a band)', () => {
    expect(
      codes(
        checkCard(
          card([
            block('a', 'r_sound', [
              { from: 0, to: 4 },
              { from: 4, to: 8 },
              { from: 9, to: 7 },
              { from: 10, to: 12 },
              { from: -3, to: 0.5 },
            ]),
          ]),
        ),
      ),
    ).toEqual([
      ['computed.0.bands.1.from', 'band_overlap'],
      ['computed.0.bands.2.to', 'band_reversed'],
      ['computed.0.bands.4.from', 'band_overlap'],
    ]);
  });

  it('refuses reserved words as codes in the card schema, at the code field', () => {
    const parsed = diagnosticCardInput.safeParse({
      title: 'Card',
      language: 'en',
      blocks: [{ title: 'Block', questions: [{ code: 'and', text: 'Question', type: 'short_text' }] }],
      computed: [{ ...block('not', '1'), title: 'Total' }],
    });
    expect(parsed.success).toBe(false);
    expect(
      parsed.error?.issues
        .filter((issue) => issue.message === 'reservedWord')
        .map((issue) => issue.path.join('.')),
    ).toEqual(['blocks.0.questions.0.code', 'computed.0.code']);
  });

  it('a draft may be published; a published card only edited or deleted', () => {
    expect(diagnosticCardActions('draft')).toEqual(['edit', 'publish', 'delete']);
    expect(diagnosticCardActions('published')).toEqual(['edit', 'delete']);
  });
});
