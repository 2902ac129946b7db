import type { Answers, BlockMarks, DiagnosticCardContent } from '@logoschool/contract';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../testing/render.tsx';
import { ComputedResults } from './computed-results.tsx';
import { DiagnosisForm } from './diagnosis-form.tsx';

const q = (key: string, over: Partial<DiagnosticCardContent['blocks'][number]['questions'][number]>) => ({
  key,
  code: key,
  text: `Question ${key}`,
  hint: '',
  required: false,
  type: 'short_text' as const,
  variants: [],
  scale: null,
  rows: [],
  columns: [],
  multiple: false,
  ...over,
});

const CARD: DiagnosticCardContent = {
  title: 'Speech screening',
  description: '',
  language: 'en',
  category_ids: [],
  blocks: [
    {
      key: 'b1',
      title: 'Sounds',
      description: '',
      questions: [
        q('name', { text: 'What the child says first', required: true }),
        q('notes', { type: 'long_text', text: 'Notes' }),
        q('r', {
          type: 'one_variant',
          text: 'The sound R',
          variants: [
            { key: 'r0', label: 'Absent', score: 0 },
            { key: 'r2', label: 'Clear', score: 2 },
          ],
        }),
        q('many', {
          type: 'many_variants',
          text: 'Which sounds are replaced',
          variants: [
            { key: 'm1', label: 'S', score: 1 },
            { key: 'm2', label: 'Sh', score: 1 },
          ],
        }),
        q('breath', {
          type: 'scale',
          text: 'Breathing',
          scale: { from: 0, to: 4, start_label: 'Weak', centre_label: 'Average', end_label: 'Strong' },
        }),
        q('grid', {
          type: 'table',
          text: 'Syllables',
          rows: [
            { key: 'ra', label: 'ra' },
            { key: 'ro', label: 'ro' },
          ],
          columns: [
            { key: 'no', label: 'No', score: 0 },
            { key: 'yes', label: 'Yes', score: 1 },
          ],
        }),
      ],
    },
  ],
  computed: [
    {
      key: 'c1',
      code: 'total',
      title: 'Total',
      description: '',
      formula: 'r + breath + sum(grid)',
      bands: [
        { from: 0, to: 3, label: 'Severe', kind: 'violation', program_id: 7 },
        { from: 4, to: 100, label: 'Typical', kind: 'qualification', program_id: null },
      ],
      parents_visible: true,
    },
  ],
};

function Harness({ onAnswers }: { onAnswers: (answers: Answers) => void }) {
  const [answers, setAnswers] = useState<Answers>({});
  const [marks, setMarks] = useState<BlockMarks>({});
  return (
    <>
      <DiagnosisForm
        content={CARD}
        answers={answers}
        onAnswersChange={(next) => {
          setAnswers(next);
          onAnswers(next);
        }}
        missing={new Set(['name'])}
        blockMarks={marks}
        onBlockMarksChange={setMarks}
      />
      <ComputedResults content={CARD} answers={answers} programs={[{ id: 7, name: 'Sound R program' }]} />
    </>
  );
}

describe('DiagnosisForm', () => {
  it('fills every answer type, says which required one is missing, and computes the results', async () => {
    const onAnswers = vi.fn();
    await renderInApp(<Harness onAnswers={onAnswers} />);
    expect(screen.getByText(/This question is required/)).toBeTruthy();
    expect(screen.getByText(/Needs answers to: The sound R; Breathing/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/What the child says first/), { target: { value: 'mama' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Absent' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sh' }));
    fireEvent.click(screen.getByRole('radio', { name: '1' }));
    fireEvent.click(screen.getByRole('radio', { name: 'ra: Yes' }));
    const last = onAnswers.mock.calls.at(-1)?.[0] as Answers;
    expect(last).toEqual({
      name: { text: 'mama' },
      r: { variant: 'r0' },
      many: { variants: ['m2'] },
      breath: { value: 1 },
      grid: { cells: { ra: ['yes'] } },
    });
    const total = document.querySelector('[data-computed-block="total"]');
    expect(total?.textContent).toContain('2');
    expect(total?.textContent).toContain('Severe');
    expect(total?.textContent).toContain('Sound R program');

    fireEvent.click(screen.getByRole('radio', { name: 'At the start' }));
    expect(screen.getByRole('radio', { name: 'Further examination' })).toBeTruthy();
  }, 30_000);

  it('shows a read-only diagnosis without inputs that change it', async () => {
    await renderInApp(
      <DiagnosisForm content={CARD} answers={{ r: { variant: 'r2' } }} readOnly onAnswersChange={() => {}} />,
    );
    expect((screen.getByRole('radio', { name: 'Clear' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Clear' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Clear the answer/ })).toBeNull();
  });
});
