/**
 * A booking as an iCalendar event (RFC 5545), for the confirmation mail and the manage page.
 * Written here rather than with the npm `ics` package: one VEVENT of a few lines, while `ics`
 * brings a validation library with it and a lockfile change shared with the other work on booking;
 * the text is escaped and folded as RFC 5545 §3.3.11 and §3.1 ask.
 */

export interface CalendarEvent {
  /** Stable per booking, so that a calendar replaces the event when it is sent again (moved). */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url?: string;
  /** Increases with each change, so that calendars take the newer one. */
  sequence: number;
  stamp: Date;
  /** A cancelled booking's event, so that a calendar removes it. */
  cancelled?: boolean;
}

/** An instant in UTC as iCalendar writes it: 20261128T145000Z. */
const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 §3.3.11: backslash, semicolon, comma and new lines escaped. */
const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and a space). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The calendar file of one event. */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Logoschool//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
