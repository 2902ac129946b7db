import { describe, expect, it } from 'vitest';
import {
  diagnosisFileName,
  parentAnswerSchema,
  parentDiagnosisSchema,
  sendDiagnosisInput,
} from './sharing.ts';

describe('sharing a diagnosis', () => {
  it('names the PDF after the card, the child and the date, without what file systems refuse', () => {
    expect(diagnosisFileName('Мовленнєвий скринінг', 'Марко Петренко', '2026-10-20')).toBe(
      'Мовленнєвий скринінг - Марко Петренко - 2026-10-20.pdf',
    );
    expect(diagnosisFileName('a/b: "c"?', ' x\ty\n', '2026-01-02')).toBe('a b c - x y - 2026-01-02.pdf');
    expect(diagnosisFileName('', '', '')).toBe('diagnosis.pdf');
    expect(diagnosisFileName('x'.repeat(300), 'y', 'z').length).toBeLessThan(100);
  });

  it('takes one diagnosis id to send, and nothing else', () => {
    expect(sendDiagnosisInput.parse({ diagnosis_id: 5 })).toEqual({ diagnosis_id: 5 });
    expect(sendDiagnosisInput.safeParse({ diagnosis_id: 5, email: 'a@b.c' }).success).toBe(false);
    expect(sendDiagnosisInput.safeParse({ diagnosis_id: 0 }).success).toBe(false);
  });

  it("drops from the parents' page every field it does not name", () => {
    const page = parentDiagnosisSchema.parse({
      language: 'uk',
      card_title: 'Card',
      card_description: '',
      child_name: 'Марко',
      diagnosed_on: '2026-10-20',
      notes: 'STAFF ONLY',
      blocks: [
        {
          title: 'B',
          description: '',
          block_marks: {},
          questions: [{ text: 'Q', answer: { kind: 'none' } }],
        },
      ],
      results: [],
    });
    expect(JSON.stringify(page)).not.toContain('STAFF');
    expect(JSON.stringify(page)).not.toContain('block_marks');
    expect(parentAnswerSchema.safeParse({ kind: 'variants', labels: ['a'] }).success).toBe(true);
    expect(parentAnswerSchema.safeParse({ kind: 'formula' }).success).toBe(false);
  });
});
