import type { Language } from '@logoschool/contract';
import { text } from '../../i18n/index.ts';
import { composeMail, type ComposedMail } from '../../mail/compose.ts';

/** What the mail to the parents says about their dashboard. */
export interface FamilyMailFacts {
  teacher: string;
  child: string;
  school: string;
  link: string;
}

/**
 * The mail that gives the family its dashboard's link (issue 29 item 1), in the child's lesson
 * language: who sends it, for which child, what the page holds, and the link.
 */
export function familyMail(lang: Language, facts: FamilyMailFacts): ComposedMail {
  const params = { teacher: facts.teacher, child: facts.child, school: facts.school };
  return composeMail(lang, {
    subject: text(lang, 'mail.family.subject', params),
    paragraphs: [
      text(lang, 'mail.hello'),
      text(lang, 'mail.family.body', params),
      text(lang, 'mail.family.how'),
    ],
    action: { label: text(lang, 'mail.family.action'), url: facts.link },
    footer: text(lang, 'mail.family.footer'),
  });
}
