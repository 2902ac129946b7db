import { LANGUAGES, type Language } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import {
  bookingCalendar,
  foldLine,
  parentMail,
  teacherMail,
  type BookingMailFacts,
  type CalendarFacts,
  type ParentMail,
} from './booking.mail.ts';

const FACTS: BookingMailFacts = {
  bookingId: 42,
  status: 'confirmed',
  kind: 'free_lesson',
  school: 'Logoschool Kyiv',
  teacherName: 'Oksana Melnyk',
  teacherEmail: 'oksana@example.test',
  teacherTimeZone: 'Europe/London',
  parentName: 'Miriam Levi',
  email: 'miriam@example.test',
  phone: '+972501234567',
  timeZone: 'Asia/Jerusalem',
  language: 'uk',
  interfaceLanguage: 'en',
  childName: 'Noa',
  birthdate: '2021-06-01',
  // 23:30 in London, 01:30 the next day in Tel Aviv.
  startsAt: new Date('2026-12-01T23:30:00Z'),
  endsAt: new Date('2026-12-02T00:15:00Z'),
  cancelledBy: null,
  changeableUntil: new Date('2026-11-30T23:30:00Z'),
  manageUrl: 'https://school.example/appointment/manage/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  sequence: 3,
};

const PARENT_MAILS: ParentMail[] = [
  'confirmed',
  'moved',
  'cancelled',
  'too_young',
  'reminder_24',
  'reminder_1',
];

/** The content lines of a calendar file, unfolded (RFC 5545 §3.1). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);

describe('the parent’s mails', () => {
  it.each(LANGUAGES)('are written in %s, every kind, with both times and no key left', (lang: Language) => {
    for (const what of PARENT_MAILS) {
      const mail = parentMail(what, { ...FACTS, interfaceLanguage: lang });
      expect(mail.to).toBe(FACTS.email);
      expect(mail.subject).not.toMatch(/mail\.booking|\{\{/);
      expect(mail.text).not.toMatch(/mail\.booking|\{\{/);
      expect(mail.text).toContain('(Asia/Jerusalem)');
      expect(mail.text).toContain('(Europe/London)');
      expect(mail.text).toContain('Noa');
    }
  });

  it('gives the manage link while the booking lives, hides its token in the kept copy, and attaches the .ics', () => {
    const confirmed = parentMail('confirmed', FACTS);
    expect(confirmed.subject).toMatch(/^Booking confirmed: Noa, /);
    expect(confirmed.text).toContain(FACTS.manageUrl);
    expect(confirmed.secrets).toEqual(['abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG']);
    expect(confirmed.attachments?.[0]).toMatchObject({ filename: 'lesson.ics' });
    expect(confirmed.attachments?.[0]?.content).toContain('METHOD:REQUEST');
    const cancelled = parentMail('cancelled', { ...FACTS, status: 'cancelled', cancelledBy: 'school' });
    expect(cancelled.text).not.toContain(FACTS.manageUrl);
    expect(cancelled.text).toContain('The school has cancelled this booking');
    expect(cancelled.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    expect(parentMail('reminder_1', FACTS).attachments).toBeUndefined();
  });

  it('counts the hours of a reminder in each language', () => {
    expect(parentMail('reminder_24', { ...FACTS, interfaceLanguage: 'uk' }).subject).toContain(
      'через 24 години',
    );
    expect(parentMail('reminder_1', { ...FACTS, interfaceLanguage: 'uk' }).subject).toContain(
      'через 1 годину',
    );
    expect(parentMail('reminder_24', { ...FACTS, interfaceLanguage: 'ru' }).subject).toContain(
      'через 24 часа',
    );
    expect(parentMail('reminder_24', { ...FACTS, interfaceLanguage: 'pl' }).subject).toContain(
      'za 24 godziny',
    );
    expect(parentMail('reminder_1', { ...FACTS, interfaceLanguage: 'en' }).subject).toContain('in 1 hour —');
  });

  it('explains a cancellation for a child under 3 and the first day to book again (spec §8)', () => {
    const mail = parentMail('too_young', { ...FACTS, interfaceLanguage: 'uk', birthdate: '2024-03-10' });
    expect(mail.subject).toBe('Запис скасовано: Noa ще немає трьох років');
    expect(mail.text).toContain('Індивідуальні уроки ми проводимо для дітей від трьох років');
    expect(mail.text).toContain('10 березня 2027');
  });
});

describe('the teacher’s mails', () => {
  it.each(['new', 'moved', 'cancelled'] as const)(
    '%s: in the lesson language, her time first, the parent’s contacts',
    (what) => {
      const mail = teacherMail(what, FACTS);
      expect(mail.to).toBe('oksana@example.test');
      expect(mail.text).not.toMatch(/mail\.booking|\{\{/);
      expect(mail.text.indexOf('(Europe/London)')).toBeLessThan(mail.text.indexOf('(Asia/Jerusalem)'));
      expect(mail.text).toContain('Miriam Levi, miriam@example.test, +972501234567');
      expect(mail.text).toContain('Logoschool Kyiv');
    },
  );
});

describe('bookingCalendar', () => {
  const calendar: CalendarFacts = {
    uid: 'booking-42@logoschool',
    method: 'REQUEST',
    sequence: 3,
    start: FACTS.startsAt,
    end: FACTS.endsAt,
    summary:
      'Школа логопедії «Зірочка»: безкоштовне пробне заняття — Ноа; ще трохи тексту, щоб рядок був довгим',
    description: 'Line one\nLine two, with a comma; and a semicolon\\',
    organizer: { name: 'Oksana "O" Melnyk', email: 'oksana@example.test' },
    attendee: { name: 'Miriam Levi', email: 'miriam@example.test' },
    stamp: new Date('2026-11-28T10:00:00.123Z'),
  };

  it('is one VEVENT of RFC 5545 lines: CRLF, folded at 75 octets, UTC times', () => {
    const ics = bookingCalendar(calendar);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const lines = unfold(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'UID:booking-42@logoschool',
        'SEQUENCE:3',
        'DTSTAMP:20261128T100000Z',
        'DTSTART:20261201T233000Z',
        'DTEND:20261202T001500Z',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'DESCRIPTION:Line one\\nLine two\\, with a comma\\; and a semicolon\\\\',
        'ORGANIZER;CN="Oksana O Melnyk":mailto:oksana@example.test',
      ]),
    );
    // Unfolded, the long Ukrainian summary is whole again, its ';' and ',' escaped.
    expect(lines.find((line) => line.startsWith('SUMMARY:'))).toBe(
      `SUMMARY:${calendar.summary.replace(/[;,]/g, (char) => `\\${char}`)}`,
    );
  });

  it('cancels the same event', () => {
    const lines = unfold(bookingCalendar({ ...calendar, method: 'CANCEL', sequence: 4 }));
    expect(lines).toEqual(
      expect.arrayContaining([
        'METHOD:CANCEL',
        'STATUS:CANCELLED',
        'UID:booking-42@logoschool',
        'SEQUENCE:4',
      ]),
    );
  });

  it('folds without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'ї'.repeat(100)}`);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'ї'.repeat(100)}`);
  });
});
