import type { ParentDiagnosis } from '@logoschool/contract';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diagnosisPdf } from './diagnosis-pdf.ts';

/** A filled card as the parents' page shows it, in Ukrainian, with every kind of answer. */
const PARENT: ParentDiagnosis = {
  language: 'uk',
  card_title: 'Мовленнєвий скринінг',
  card_description: 'Коротка перевірка звуковимови та розбірливості мовлення.',
  child_name: 'Марко Петренко',
  diagnosed_on: '2026-10-20',
  blocks: [
    {
      title: 'Звуки',
      description: 'Дитина повторює за логопедом.',
      questions: [
        { text: 'Як дитина називає себе?', answer: { kind: 'text', text: 'Марко' } },
        { text: 'Звук Р', answer: { kind: 'variants', labels: ['Замінює на Л'] } },
        { text: 'Які помилки?', answer: { kind: 'variants', labels: ['Заміна', 'Пропуск'] } },
        {
          text: 'Розбірливість мовлення',
          answer: {
            kind: 'scale',
            value: 3,
            scale: { from: 0, to: 10, start_label: 'Нерозбірливо', centre_label: '', end_label: 'Чітко' },
          },
        },
        {
          text: 'Склади',
          answer: {
            kind: 'table',
            rows: [
              { label: 'ра', picked: ['так'] },
              { label: 'ро', picked: [] },
            ],
          },
        },
        { text: 'Розповідь за картинкою', answer: { kind: 'none' } },
      ],
    },
  ],
  results: [
    {
      key: 'k1',
      title: 'Загальний бал',
      description: 'Сума балів за звуки та склади.',
      value: 4,
      band: { from: 0, to: 5, label: 'Значні труднощі', kind: 'violation' },
      program: 'Програма «Звук Р»',
      bands: [],
    },
    {
      key: 'k2',
      title: 'Фонематичний слух',
      description: '',
      value: null,
      band: null,
      program: null,
      bands: [],
    },
  ],
};

const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;

describe('the diagnosis PDF', () => {
  it('is a PDF with the card, the child, every answer and the results, in the Cyrillic font', async () => {
    const { bytes, fileName } = await diagnosisPdf(PARENT);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(fileName).toBe('Мовленнєвий скринінг - Марко Петренко - 2026-10-20.pdf');
    // Set DIAGNOSIS_PDF_OUT to keep the file and look at it (pdftoppm -png -r 80 file.pdf page).
    if (process.env.DIAGNOSIS_PDF_OUT) fs.writeFileSync(process.env.DIAGNOSIS_PDF_OUT, bytes);
    if (!hasPoppler) return;
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');
    for (const expected of [
      'Мовленнєвий скринінг',
      'Дитина: Марко Петренко',
      '20 жовтня 2026',
      'Замінює на Л',
      'Заміна; Пропуск',
      '3 (шкала від 0 «Нерозбірливо» до 10 «Чітко»)',
      'Немає відповіді',
      'Порушення: Значні труднощі',
      'Рекомендована програма: Програма «Звук Р»',
      'Значення: Недостатньо відповідей для обчислення',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
