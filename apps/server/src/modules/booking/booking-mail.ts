/**
 * Booking's mails (issue 28 item 4): the parent's confirmation (in the interface language they
 * booked in, the time in their zone and the teacher's, the manage link, the `.ics`), the move and
 * the cancellation, and the note to the teacher.
 */
import type { Language } from '@logoschool/contract';
import { text } from '../../i18n/index.ts';
import { composeMail, type ComposedMail } from '../../mail/compose.ts';

const LOCALES: Record<Language, string> = { uk: 'uk-UA', ru: 'ru-RU', en: 'en-GB', pl: 'pl-PL' };

/** An instant as a reader in a zone reads it: "Monday, 30 November 2026 at 10:00". */
export function mailTime(lang: Language, instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    instant,
  );
}

const mailDate = (lang: Language, instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone }).format(instant);

/** What the mails say about a booking. */
export interface BookingMailFacts {
  school: string;
  parent: string;
  child: string;
  email: string;
  phone: string;
  teacher: string;
  start: Date;
  parentZone: string;
  teacherZone: string;
  /** Until when the parent can change it. */
  changeableUntil: Date;
  manageUrl: string;
}

/** The parent's confirmation (or, `moved`, the new time). */
export function confirmationMail(lang: Language, facts: BookingMailFacts, moved = false): ComposedMail {
  const date = mailDate(lang, facts.start, facts.parentZone);
  const paragraphs = [
    text(lang, 'mail.hello'),
    text(lang, 'mail.booking.body', {
      parent: facts.parent,
      school: facts.school,
      child: facts.child,
      teacher: facts.teacher,
    }),
    text(lang, 'mail.booking.when', {
      time: mailTime(lang, facts.start, facts.parentZone),
      zone: facts.parentZone,
    }),
  ];
  if (facts.teacherZone !== facts.parentZone) {
    paragraphs.push(
      text(lang, 'mail.booking.teacherWhen', {
        time: mailTime(lang, facts.start, facts.teacherZone),
        zone: facts.teacherZone,
      }),
    );
  }
  paragraphs.push(
    text(lang, 'mail.booking.how', { until: mailTime(lang, facts.changeableUntil, facts.parentZone) }),
  );
  return composeMail(lang, {
    subject: text(lang, moved ? 'mail.booking.movedSubject' : 'mail.booking.subject', { date }),
    paragraphs,
    action: { label: text(lang, 'mail.booking.action'), url: facts.manageUrl },
    footer: text(lang, 'mail.booking.footer'),
  });
}

/** The parent's note that the booking is cancelled. */
export function cancellationMail(lang: Language, facts: BookingMailFacts, zone: string): ComposedMail {
  return composeMail(lang, {
    subject: text(lang, 'mail.booking.cancelledSubject'),
    paragraphs: [
      text(lang, 'mail.hello'),
      text(lang, 'mail.booking.cancelledBody', {
        child: facts.child,
        time: mailTime(lang, facts.start, zone),
        zone,
      }),
    ],
  });
}

/** The teacher's note of a new (or moved) booking, in her zone. */
export function teacherMail(lang: Language, facts: BookingMailFacts): ComposedMail {
  return composeMail(lang, {
    subject: text(lang, 'mail.booking.teacherSubject', {
      date: mailDate(lang, facts.start, facts.teacherZone),
    }),
    paragraphs: [
      text(lang, 'mail.hello'),
      text(lang, 'mail.booking.teacherBody', {
        parent: facts.parent,
        child: facts.child,
        time: mailTime(lang, facts.start, facts.teacherZone),
        zone: facts.teacherZone,
        email: facts.email,
        phone: facts.phone,
      }),
    ],
  });
}
