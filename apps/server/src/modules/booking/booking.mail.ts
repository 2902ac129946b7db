/**
 * A booking's mails (issue 28 item 4; decision 036): the parent's (confirmed, moved, cancelled by
 * the school or as asked, cancelled by the system because the child is under 3 on the lesson's
 * date — spec §8 — and the reminders 24 hours and 1 hour before) in the language the parent booked
 * in, and the teacher's (a new booking, moved, cancelled) in the lesson's language. Each gives the
 * lesson's time in the parent's zone and the teacher's, the manage link where there is one, and the
 * parent's a calendar file.
 */
import { BOOKING_MANAGE_PAGE, bookingManageLinks } from './booking-links.ts';
import {
  DEFAULT_BOOKING_SETTINGS,
  LANGUAGES,
  oldEnoughFrom,
  publicLinkUrl,
  type BookingKind,
  type BookingStatus,
  type CancelledBy,
  type Language,
  LANGUAGE_LOCALES,
} from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users, workspaces } from '../../db/schema/index.ts';
import { text } from '../../i18n/index.ts';
import { composeMail } from '../../mail/compose.ts';
import type { MailOutcome, Mailer, OutgoingMail } from '../../mail/mailer.ts';
import { mailDay } from '../../mail/dates.ts';
import { liveTokenOf } from '../public-links/index.ts';
import { bookingSessions, bookingSettings, bookings, teacherAvailability } from './booking.schema.ts';

/** The parent's mails. */
export type ParentMail = 'confirmed' | 'moved' | 'cancelled' | 'too_young' | 'reminder_24' | 'reminder_1';
/** The teacher's mails. */
export type TeacherMail = 'new' | 'moved' | 'cancelled';

/** What a booking's mails say, read from its tables (`bookingMailFacts`). */
export interface BookingMailFacts {
  bookingId: number;
  status: BookingStatus;
  kind: BookingKind;
  school: string;
  teacherName: string;
  teacherEmail: string;
  teacherTimeZone: string;
  parentName: string;
  email: string;
  phone: string;
  /** The parent's time zone. */
  timeZone: string;
  /** The lesson's language: the teacher's mails speak it. */
  language: Language;
  /** The language the parent booked in: the parent's mails speak it. */
  interfaceLanguage: Language;
  childName: string;
  birthdate: string;
  startsAt: Date;
  endsAt: Date;
  cancelledBy: CancelledBy | null;
  /** Until when the parent may still cancel or move it. */
  changeableUntil: Date;
  /** The manage page's address while its link is live. */
  manageUrl: string | null;
  /** Grows with every change of the booking (the calendar's SEQUENCE). */
  sequence: number;
}

const asLanguage = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'uk';

/** An instant written in a language and a zone: "Tuesday, 1 December 2026 at 15:00 (Europe/London)". */
export function mailTime(lang: Language, instant: Date, timeZone: string): string {
  const written = new Intl.DateTimeFormat(LANGUAGE_LOCALES[lang], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(instant);
  return `${written} (${timeZone})`;
}

/** The lines with the lesson's time: the reader's zone first, the other's when its clock differs. */
function timeLines(lang: Language, facts: BookingMailFacts, readerIsParent: boolean): string {
  const [own, other] = readerIsParent
    ? [facts.timeZone, facts.teacherTimeZone]
    : [facts.teacherTimeZone, facts.timeZone];
  const lines = [text(lang, 'mail.booking.time', { time: mailTime(lang, facts.startsAt, own) })];
  const clock = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: zone }).format(
      facts.startsAt,
    );
  if (clock(own) !== clock(other)) {
    const key = readerIsParent ? 'mail.booking.teacherTime' : 'mail.booking.parentTime';
    lines.push(text(lang, key, { time: mailTime(lang, facts.startsAt, other) }));
  }
  return lines.join('\n');
}

function details(lang: Language, facts: BookingMailFacts): string {
  return text(lang, 'mail.booking.details', {
    kind: text(lang, `mail.booking.kind.${facts.kind}`),
    child: facts.childName,
    teacher: facts.teacherName,
    school: facts.school,
  });
}

/** The token in a manage URL, hidden in the kept copy of a delivered mail. */
const secretsOf = (url: string | null) => (url ? [url.slice(url.lastIndexOf('/') + 1)] : []);

/** The parent's mail of a kind, with its calendar file (a request, or a cancellation). */
export function parentMail(what: ParentMail, facts: BookingMailFacts): OutgoingMail {
  const lang = facts.interfaceLanguage;
  const subjectParams = {
    child: facts.childName,
    time: mailTime(lang, facts.startsAt, facts.timeZone),
  };
  const live = what === 'confirmed' || what === 'moved' || what === 'reminder_24' || what === 'reminder_1';
  const paragraphs = [text(lang, 'mail.hello')];
  let subject: string;
  switch (what) {
    case 'confirmed':
    case 'moved':
      subject = text(lang, `mail.booking.${what}.subject`, subjectParams);
      paragraphs.push(text(lang, `mail.booking.${what}.body`));
      break;
    case 'cancelled':
      subject = text(lang, 'mail.booking.cancelled.subject', subjectParams);
      paragraphs.push(
        text(
          lang,
          facts.cancelledBy === 'parent' ? 'mail.booking.cancelled.parent' : 'mail.booking.cancelled.school',
        ),
      );
      break;
    case 'too_young': {
      const lessonDay = new Intl.DateTimeFormat('en-CA', { timeZone: facts.timeZone }).format(facts.startsAt);
      subject = text(lang, 'mail.booking.tooYoung.subject', { child: facts.childName });
      paragraphs.push(
        text(lang, 'mail.booking.tooYoung.body', {
          child: facts.childName,
          date: mailDay(lang, lessonDay),
          from: mailDay(lang, oldEnoughFrom('free_lesson', facts.birthdate)),
        }),
      );
      break;
    }
    case 'reminder_24':
    case 'reminder_1': {
      const count = what === 'reminder_24' ? 24 : 1;
      subject = text(lang, 'mail.booking.reminder.subject', { count, child: facts.childName });
      paragraphs.push(text(lang, 'mail.booking.reminder.body', { count }));
      break;
    }
  }
  paragraphs.push(details(lang, facts), timeLines(lang, facts, true));
  const manage = live && facts.manageUrl ? facts.manageUrl : null;
  if (manage) {
    paragraphs.push(
      text(lang, 'mail.booking.manageNote', { until: mailTime(lang, facts.changeableUntil, facts.timeZone) }),
    );
  }
  const calendar = what === 'confirmed' || what === 'moved' || what === 'cancelled' || what === 'too_young';
  if (calendar && live) paragraphs.push(text(lang, 'mail.booking.calendar'));
  const composed = composeMail(lang, {
    subject,
    paragraphs,
    ...(manage ? { action: { label: text(lang, 'mail.booking.manage'), url: manage } } : {}),
    footer: text(lang, 'mail.booking.footer'),
  });
  return {
    to: facts.email,
    ...composed,
    secrets: secretsOf(manage),
    ...(calendar
      ? {
          attachments: [
            {
              filename: 'lesson.ics',
              content: bookingCalendar(calendarFacts(facts, live ? 'REQUEST' : 'CANCEL')),
              contentType: `text/calendar; charset=utf-8; method=${live ? 'REQUEST' : 'CANCEL'}`,
            },
          ],
        }
      : {}),
  };
}

/** The teacher's mail of a kind: the booking, the times in her zone and the parent's, the contacts. */
export function teacherMail(what: TeacherMail, facts: BookingMailFacts): OutgoingMail {
  const lang = facts.language;
  const params = { child: facts.childName, time: mailTime(lang, facts.startsAt, facts.teacherTimeZone) };
  const composed = composeMail(lang, {
    subject: text(lang, `mail.booking.teacher.${what}.subject`, params),
    paragraphs: [
      text(lang, 'mail.hello'),
      text(lang, `mail.booking.teacher.${what}.body`),
      details(lang, facts),
      timeLines(lang, facts, false),
      text(lang, 'mail.booking.teacher.contacts', {
        parent: facts.parentName,
        email: facts.email,
        phone: facts.phone,
        language:
          new Intl.DisplayNames([LANGUAGE_LOCALES[lang]], { type: 'language' }).of(facts.language) ??
          facts.language,
        birthdate: mailDay(lang, facts.birthdate),
      }),
    ],
    footer: text(lang, 'mail.booking.teacher.footer', { school: facts.school }),
  });
  return { to: facts.teacherEmail, ...composed };
}

// ——— The calendar file ———

/** What a calendar file says of a booking. */
export interface CalendarFacts {
  /** Stable per booking: a moved or cancelled booking updates the same event. */
  uid: string;
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** DTSTAMP; now unless a test fixes it. */
  stamp?: Date;
}

export function calendarFacts(facts: BookingMailFacts, method: CalendarFacts['method']): CalendarFacts {
  const lang = facts.interfaceLanguage;
  return {
    uid: `booking-${facts.bookingId}@logoschool`,
    method,
    sequence: facts.sequence,
    start: facts.startsAt,
    end: facts.endsAt,
    summary: `${facts.school}: ${text(lang, `mail.booking.kind.${facts.kind}`)} — ${facts.childName}`,
    description: details(lang, facts),
    organizer: { name: facts.teacherName, email: facts.teacherEmail },
    attendee: { name: facts.parentName, email: facts.email },
  };
}

/** An instant as iCalendar's UTC date-time: 20261201T150000Z. */
const icsTime = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value (a name) in quotes, without the characters a quoted value cannot hold. */
const icsParam = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): each continuation starts with a space, and a
 * UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; a continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * The booking as an iCalendar file (RFC 5545): one VEVENT whose UID stays the booking's, so that a
 * move (REQUEST with a greater SEQUENCE) or a cancellation (CANCEL) updates the event the parent
 * added. Written here rather than with the `ics` package (3.12): that one brings yup and nanoid to
 * validate what the contract has validated already, and one event with METHOD and SEQUENCE is a
 * few lines.
 */
export function bookingCalendar(facts: CalendarFacts): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Logoschool//Booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${facts.method}`,
    'BEGIN:VEVENT',
    `UID:${facts.uid}`,
    `SEQUENCE:${facts.sequence}`,
    `DTSTAMP:${icsTime(facts.stamp ?? new Date())}`,
    `DTSTART:${icsTime(facts.start)}`,
    `DTEND:${icsTime(facts.end)}`,
    `SUMMARY:${icsText(facts.summary)}`,
    `DESCRIPTION:${icsText(facts.description)}`,
    `ORGANIZER;CN=${icsParam(facts.organizer.name)}:mailto:${facts.organizer.email}`,
    `ATTENDEE;CN=${icsParam(facts.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${facts.attendee.email}`,
    `STATUS:${facts.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

// ——— Reading and sending ———

/** What a booking's mails say, read in `tx`; undefined for an unknown booking. */
export async function bookingMailFacts(
  tx: Tx,
  baseUrl: string,
  bookingId: number,
): Promise<BookingMailFacts | undefined> {
  const [row] = await tx
    .select({
      booking: bookings,
      session: bookingSessions,
      teacherName: users.name,
      teacherEmail: users.email,
      school: workspaces.title,
      teacherTimeZone: teacherAvailability.timeZone,
      changeNotice: bookingSettings.changeNoticeMinutes,
    })
    .from(bookings)
    .innerJoin(bookingSessions, eq(bookingSessions.id, bookings.sessionId))
    .innerJoin(users, eq(users.id, bookingSessions.teacherId))
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
    .leftJoin(
      teacherAvailability,
      and(
        eq(teacherAvailability.workspaceId, bookings.workspaceId),
        eq(teacherAvailability.teacherId, bookingSessions.teacherId),
      ),
    )
    .leftJoin(bookingSettings, eq(bookingSettings.workspaceId, bookings.workspaceId))
    .where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  const { booking, session } = row;
  const token = await liveTokenOf(tx, bookingManageLinks, booking.id);
  const notice = row.changeNotice ?? DEFAULT_BOOKING_SETTINGS.change_notice_minutes;
  return {
    bookingId: booking.id,
    status: booking.status,
    kind: session.kind,
    school: row.school,
    teacherName: row.teacherName,
    teacherEmail: row.teacherEmail,
    teacherTimeZone: row.teacherTimeZone ?? booking.timeZone,
    parentName: booking.parentName,
    email: booking.email,
    phone: booking.phone,
    timeZone: booking.timeZone,
    language: asLanguage(booking.language),
    interfaceLanguage: asLanguage(booking.interfaceLanguage),
    childName: booking.childName,
    birthdate: booking.birthdate,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    cancelledBy: booking.cancelledBy,
    changeableUntil: new Date(session.startsAt.getTime() - notice * 60_000),
    manageUrl: token ? publicLinkUrl(baseUrl, BOOKING_MANAGE_PAGE, token) : null,
    // Seconds from its making to its last change: grows with every change, a move included.
    sequence: Math.max(0, Math.floor((booking.updatedAt.getTime() - booking.createdAt.getTime()) / 1000)),
  };
}

/** What sending a booking's mail needs: where to read it, how to send it, the web app's address. */
export interface BookingMailContext {
  db: Tx;
  mailer: Mailer;
  baseUrl: string;
}

/** Mails the parent of a booking (`what`); null for an unknown booking. Never throws for the mail. */
export async function mailParent(
  context: BookingMailContext,
  what: ParentMail,
  bookingId: number,
): Promise<MailOutcome | null> {
  const facts = await bookingMailFacts(context.db, context.baseUrl, bookingId);
  return facts ? context.mailer.sendMail(parentMail(what, facts)) : null;
}

/** Mails the teacher of a booking (`what`); null for an unknown booking. */
export async function mailTeacher(
  context: BookingMailContext,
  what: TeacherMail,
  bookingId: number,
): Promise<MailOutcome | null> {
  const facts = await bookingMailFacts(context.db, context.baseUrl, bookingId);
  return facts ? context.mailer.sendMail(teacherMail(what, facts)) : null;
}
