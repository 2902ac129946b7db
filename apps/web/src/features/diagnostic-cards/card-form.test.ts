import { diagnosticCardInput } from '@logoschool/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  cardCheckErrors,
  cardValidate,
  newComputed,
  newQuestion,
  toBody,
  valuesOf,
  type CardValues,
} from './card-form.ts';

/** A t that names the key and its values, so a test reads which message a field got. */
const t = ((key: string, options?: { replace?: Record<string, unknown> }) =>
  options?.replace && Object.keys(options.replace).length > 0
    ? `${key} ${JSON.stringify(options.replace)}`
    : key) as unknown as TFunction;

function card(): CardValues {
  const values = valuesOf(null, 'uk');
  values.title = 'Screening';
  const block = values.blocks[0]!;
  block.title = 'Sounds';
  const question = block.questions[0]!;
  question.text = 'How does the child say R?';
  question.type = 'one_variant';
  question.variants[0]!.label = 'Clearly';
  question.variants[0]!.score = 2;
  question.variants[1]!.label = 'Replaced';
  return values;
}

describe('the card builder form', () => {
  it('starts a card in the user’s language with one block and a question coded q1, its type not chosen', () => {
    const values = valuesOf(null, 'pl');
    expect(values.language).toBe('pl');
    expect(values.blocks[0]?.questions[0]).toMatchObject({ code: 'q1', type: null });
    expect(newQuestion(values).code).toBe('q2');
    expect(newComputed(values).code).toBe('score1');
  });

  it('sends what the question’s type needs and nothing typed for another type', () => {
    const values = card();
    values.blocks[0]!.questions[0]!.rows[0]!.label = 'left over';
    const body = toBody(values);
    expect(diagnosticCardInput.safeParse(body).success).toBe(true);
    expect(body.blocks[0]?.questions[0]).toMatchObject({
      type: 'one_variant',
      variants: [
        { label: 'Clearly', score: 2 },
        { label: 'Replaced', score: null },
      ],
      rows: [],
      columns: [],
      scale: null,
    });
  });

  it('says "choose an answer type" and names an empty variant at their fields (§5)', () => {
    const values = card();
    values.blocks[0]!.questions[0]!.variants[1]!.label = '';
    values.blocks[0]!.questions.push({ ...newQuestion(values), text: 'Untyped' });
    const errors = cardValidate(t)(values);
    expect(errors['blocks.0.questions.0.variants.1.label']).toBe('fields.required');
    expect(errors['blocks.0.questions.1.type']).toBe('fields.answerTypeRequired');
  });

  it('checks formulas as they are typed: unknown names, cycles, overlapping bands', () => {
    const values = card();
    values.computed = [
      { ...newComputed(values), title: 'A', code: 'a', formula: 'b + q1' },
      { ...newComputed(values), title: 'B', code: 'b', formula: 'a' },
      {
        ...newComputed(values),
        title: 'C',
        code: 'c',
        formula: 'nope',
        bands: [
          { uid: 'x', from: 0, to: 4, label: 'Low', kind: 'violation', program_id: null },
          { uid: 'y', from: 3, to: 8, label: 'High', kind: 'qualification', program_id: null },
        ],
      },
    ];
    const errors = cardCheckErrors(values, t);
    expect(errors['computed.0.formula']).toBe('diagnostics.formula.cycle {"cycle":"a → b → a"}');
    expect(errors['computed.2.formula']).toBe('diagnostics.formula.unknown_name {"name":"nope"}');
    expect(errors['computed.2.bands.1.from']).toBe('diagnostics.formula.band_overlap {"band":2,"other":1}');
  });
});
