import type { Language } from '@logoschool/contract';
import { text } from '../../i18n/index.ts';
import { composeMail, type ComposedMail } from '../../mail/compose.ts';
import { mailDay } from '../../mail/dates.ts';

/** What the mail to the parents says about the plan. */
export interface PlanMailFacts {
  teacher: string;
  child: string;
  template: string;
  deadline: string;
  lessons: number;
  link: string;
}

/**
 * The mail that gives the parents their plan's link (issue 14 "send plan"), in the student's lesson
 * language: who sends it, for which child, the template and the deadline, and the link.
 */
export function planMail(lang: Language, facts: PlanMailFacts): ComposedMail {
  const params = {
    teacher: facts.teacher,
    child: facts.child,
    template: facts.template,
    // The number of lessons picks the form of "lesson" (`mail.plan.body_one`, `…_few`…).
    count: facts.lessons,
    deadline: mailDay(lang, facts.deadline),
  };
  return composeMail(lang, {
    subject: text(lang, 'mail.plan.subject', params),
    paragraphs: [text(lang, 'mail.hello'), text(lang, 'mail.plan.body', params), text(lang, 'mail.plan.how')],
    action: { label: text(lang, 'mail.plan.action'), url: facts.link },
    footer: text(lang, 'mail.plan.footer'),
  });
}
