import type { Language } from '@logoschool/contract';
import { text } from '../../i18n/index.ts';
import { composeMail, type ComposedMail } from '../../mail/compose.ts';
import { mailDay } from '../../mail/dates.ts';

/** What the mail to the parents says about the diagnosis. */
export interface DiagnosisMailFacts {
  teacher: string;
  child: string;
  card: string;
  /** The diagnosis' date, 'YYYY-MM-DD'. */
  date: string;
  link: string;
}

/**
 * The mail that gives the parents the link of their child's diagnostic card (issue 16 item 6), in
 * the student's language: who sends it, which card of which day, and the link.
 */
export function diagnosisMail(lang: Language, facts: DiagnosisMailFacts): ComposedMail {
  const params = {
    teacher: facts.teacher,
    child: facts.child,
    card: facts.card,
    date: mailDay(lang, facts.date),
  };
  return composeMail(lang, {
    subject: text(lang, 'mail.diagnosis.subject', params),
    paragraphs: [
      text(lang, 'mail.hello'),
      text(lang, 'mail.diagnosis.body', params),
      text(lang, 'mail.diagnosis.how'),
    ],
    action: { label: text(lang, 'mail.diagnosis.action'), url: facts.link },
    footer: text(lang, 'mail.diagnosis.footer'),
  });
}
