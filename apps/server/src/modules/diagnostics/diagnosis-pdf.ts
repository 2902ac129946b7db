import { diagnosisFileName, type ParentAnswer, type ParentDiagnosis } from '@logoschool/contract';
import { createPdf } from '../../files/pdf.ts';
import { text } from '../../i18n/index.ts';
import { mailDay } from '../../mail/dates.ts';

/** A value as people write it: no trailing zeros (2.5, 3). */
const number = (value: number) => String(value);

/** An answer as one line of text, or a table's rows for a table. */
function answerText(parent: ParentDiagnosis, answer: ParentAnswer): string {
  const lang = parent.language;
  switch (answer.kind) {
    case 'none':
      return text(lang, 'pdf.diagnosis.noAnswer');
    case 'text':
      return answer.text;
    case 'variants':
      return answer.labels.join('; ');
    case 'scale':
      return text(lang, 'pdf.diagnosis.scale', {
        value: number(answer.value),
        from: number(answer.scale.from),
        to: number(answer.scale.to),
        start: answer.scale.start_label,
        end: answer.scale.end_label,
      });
    case 'table':
      return '';
  }
}

/**
 * The filled diagnostic card as a PDF (issue 16 item 6): the same content as the parents' page —
 * the card's title, the child and the date, each block's questions with their answers, and the
 * results meant for parents with their band and program — in the student's language.
 */
export async function diagnosisPdf(parent: ParentDiagnosis): Promise<{ bytes: Buffer; fileName: string }> {
  const lang = parent.language;
  const t = (key: Parameters<typeof text>[1], params?: Record<string, string | number>) =>
    text(lang, key, params);
  const pdf = createPdf({ title: `${parent.card_title} — ${parent.child_name}`, lang });

  pdf.heading(parent.card_title, 1);
  pdf.field(t('pdf.diagnosis.child'), parent.child_name);
  pdf.field(t('pdf.diagnosis.date'), mailDay(lang, parent.diagnosed_on));
  if (parent.card_description) pdf.paragraph(parent.card_description, { muted: true });
  pdf.rule();

  if (parent.results.length > 0) {
    pdf.heading(t('pdf.diagnosis.results'), 2);
    for (const result of parent.results) {
      pdf.paragraph(result.title, { bold: true });
      if (result.description) pdf.paragraph(result.description, { muted: true, small: true });
      pdf.field(
        t('pdf.diagnosis.value'),
        result.value === null ? t('pdf.diagnosis.notComputed') : number(result.value),
      );
      if (result.band) pdf.field(t(`pdf.diagnosis.${result.band.kind}`), result.band.label);
      if (result.program) pdf.field(t('pdf.diagnosis.program'), result.program);
      pdf.space(0.4);
    }
    pdf.rule();
  }

  for (const block of parent.blocks) {
    pdf.heading(block.title, 2);
    if (block.description) pdf.paragraph(block.description, { muted: true, small: true });
    for (const question of block.questions) {
      pdf.paragraph(question.text, { bold: true });
      if (question.answer.kind === 'table') {
        pdf.table(
          [t('pdf.diagnosis.row'), t('pdf.diagnosis.answer')],
          question.answer.rows.map((row) => [row.label, row.picked.join('; ') || '—']),
          [1, 1],
        );
      } else {
        pdf.paragraph(answerText(parent, question.answer), { muted: question.answer.kind === 'none' });
      }
      pdf.space(0.2);
    }
  }

  pdf.space();
  pdf.paragraph(t('pdf.diagnosis.made', { date: mailDay(lang, new Date().toISOString().slice(0, 10)) }), {
    muted: true,
    small: true,
  });
  return {
    bytes: await pdf.finish(),
    fileName: diagnosisFileName(parent.card_title, parent.child_name, parent.diagnosed_on),
  };
}
