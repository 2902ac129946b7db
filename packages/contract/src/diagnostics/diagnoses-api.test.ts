import { describe, expect, it } from 'vitest';
import type { DiagnosticCardContent, Question } from './card.ts';
import {
  answerFormulaValue,
  computedOutcomes,
  remoteDiagnosticianQuery,
  clientDiagnosticiansInput,
} from './diagnoses-api.ts';

const question = (code: string, values: Partial<Question>): Question => ({
  key: `k-${code}`,
  code,
  text: code,
  hint: '',
  required: false,
  type: 'short_text',
  variants: [],
  scale: null,
  rows: [],
  columns: [],
  multiple: false,
  ...values,
});

const r = question('r', {
  type: 'one_variant',
  variants: [
    { key: 'r0', label: 'Absent', score: 0 },
    { key: 'r2', label: 'Clear', score: 2 },
    { key: 'rx', label: 'Unscored', score: null },
  ],
});
const grid = question('grid', {
  type: 'table',
  rows: [
    { key: 'a', label: 'a' },
    { key: 'b', label: 'b' },
  ],
  columns: [
    { key: 'no', label: 'No', score: 0 },
    { key: 'yes', label: 'Yes', score: 1 },
  ],
});
const breath = question('breath', {
  type: 'scale',
  scale: { from: 0, to: 10, start_label: 'Weak', centre_label: '', end_label: 'Strong' },
});

const card = (formula: string, second = 'total * 2'): DiagnosticCardContent => ({
  title: 'Card',
  description: '',
  language: 'en',
  category_ids: [],
  blocks: [{ key: 'b', title: 'B', description: '', questions: [r, grid, breath] }],
  computed: [
    {
      key: 'c1',
      code: 'total',
      title: 'Total',
      description: '',
      formula,
      bands: [
        { from: 0, to: 3, label: 'Low', kind: 'violation', program_id: 4 },
        { from: 4, to: 100, label: 'Fine', kind: 'qualification', program_id: null },
      ],
      parents_visible: true,
    },
    {
      key: 'c2',
      code: 'double',
      title: 'Double',
      description: '',
      formula: second,
      bands: [],
      parents_visible: false,
    },
  ],
});

describe('a diagnosis’ computed blocks', () => {
  it('reads answers as formula values: scores, lists of scores, divisions, texts; unanswered is nothing', () => {
    expect(answerFormulaValue(r, { variant: 'r2' })).toBe(2);
    expect(answerFormulaValue(r, { variant: 'rx' })).toBe(0);
    expect(answerFormulaValue(grid, { cells: { a: ['yes'], b: ['no'] } })).toEqual([1, 0]);
    expect(answerFormulaValue(breath, { value: 7 })).toBe(7);
    expect(answerFormulaValue(question('t', {}), { text: '  ' })).toBeUndefined();
    expect(answerFormulaValue(r, undefined)).toBeUndefined();
  });

  it('evaluates each block in order, with its band, and names the answers still missing', () => {
    const content = card('r + breath + sum(grid)');
    const missing = computedOutcomes(content, {});
    expect(missing.map((result) => result.outcome)).toEqual([
      { kind: 'incomplete', missing: ['r', 'breath'] },
      { kind: 'incomplete', missing: ['total'] },
    ]);
    const low = computedOutcomes(content, { 'k-r': { variant: 'r0' }, 'k-breath': { value: 2 } });
    expect(low[0]).toMatchObject({
      outcome: { kind: 'value', value: 2 },
      band: { label: 'Low', program_id: 4 },
    });
    expect(low[1]).toMatchObject({ outcome: { kind: 'value', value: 4 }, band: null });
    const fine = computedOutcomes(content, {
      'k-r': { variant: 'r2' },
      'k-breath': { value: 5 },
      'k-grid': { cells: { a: ['yes'], b: ['yes'] } },
    });
    expect(fine[0]).toMatchObject({ outcome: { kind: 'value', value: 9 }, band: { label: 'Fine' } });
  });

  it('gives an error, not a throw, for a formula that fails', () => {
    const broken = computedOutcomes(card('r / 0'), { 'k-r': { variant: 'r2' } });
    expect(broken[0]?.outcome.kind).toBe('error');
    const cycle = computedOutcomes(card('double + 1', 'total'), {});
    expect(cycle.every((result) => result.outcome.kind === 'error')).toBe(true);
    // Each block of the cycle names it, so its text has the blocks, not a bare `{{cycle}}`.
    expect(cycle.map((result) => result.outcome.kind === 'error' && result.outcome.error)).toEqual([
      { code: 'cycle', params: { cycle: 'total → double → total' } },
      { code: 'cycle', params: { cycle: 'total → double → total' } },
    ]);
  });

  it('validates the assignment body and the CRM query', () => {
    expect(clientDiagnosticiansInput.safeParse({ user_ids: [1, 2] }).success).toBe(true);
    expect(clientDiagnosticiansInput.safeParse({ user_ids: [0] }).success).toBe(false);
    expect(
      clientDiagnosticiansInput.safeParse({ user_ids: Array.from({ length: 21 }, (_, i) => i + 1) }).success,
    ).toBe(false);
    expect(remoteDiagnosticianQuery.safeParse({ remote_id: 'crm-1' }).success).toBe(true);
    expect(remoteDiagnosticianQuery.safeParse({}).success).toBe(false);
  });
});
