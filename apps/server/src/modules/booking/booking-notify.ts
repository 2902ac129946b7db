/**
 * After a confirmation, a move or a cancellation has committed: the mails to the parent (in the
 * interface language they booked in, with the `.ics` and the manage link) and to the teacher. A
 * mail that fails is recorded by the mailer and does not undo the booking.
 */
import { DEFAULT_API_LANGUAGE, publicLinkUrl, type Language } from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users, workspaces } from '../../db/schema/index.ts';
import { text } from '../../i18n/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { readBookingSettings } from './booking-settings.ts';
import { calendarFile } from './booking-ics.ts';
import { BOOKING_MANAGE_PAGE, bookingManageLinks } from './booking-links.ts';
import { cancellationMail, confirmationMail, teacherMail, type BookingMailFacts } from './booking-mail.ts';
import { bookingSessions, bookings, teacherAvailability } from './booking.schema.ts';
import { DEFAULT_TEACHER_ZONE } from './availability.service.ts';
import { liveTokenOf } from '../public-links/index.ts';

const MINUTE = 60_000;

export interface NotifyContext {
  db: Tx;
  mailer: Mailer;
  baseUrl: string;
}

/** Everything the mails and the calendar file say of a booking. */
async function factsOf(ctx: NotifyContext, bookingId: number) {
  const [row] = await ctx.db
    .select({
      booking: bookings,
      session: bookingSessions,
      teacher: users,
      zone: teacherAvailability.timeZone,
      school: workspaces.title,
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
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`booking ${bookingId} is gone`);
  const settings = await readBookingSettings(ctx.db, row.booking.workspaceId);
  const token = await liveTokenOf(ctx.db, bookingManageLinks, bookingId);
  const manageUrl = token ? publicLinkUrl(ctx.baseUrl, BOOKING_MANAGE_PAGE, token) : '';
  const facts: BookingMailFacts & { teacherEmail: string } = {
    school: row.school,
    parent: row.booking.parentName,
    child: row.booking.childName,
    email: row.booking.email,
    phone: row.booking.phone,
    teacher: row.teacher.name,
    start: row.session.startsAt,
    parentZone: row.booking.timeZone,
    teacherZone: row.zone ?? DEFAULT_TEACHER_ZONE,
    changeableUntil: new Date(row.session.startsAt.getTime() - settings.change_notice_minutes * MINUTE),
    manageUrl,
    teacherEmail: row.teacher.email,
  };
  return { ...row, facts, token, lang: row.booking.interfaceLanguage as Language };
}

/** The booking's calendar file: one event, its UID stable per booking, a sequence that grows with each change. */
export async function bookingCalendar(ctx: NotifyContext, bookingId: number): Promise<string> {
  const { booking, session, facts, lang } = await factsOf(ctx, bookingId);
  return calendarFile({
    uid: `booking-${booking.id}@logoschool`,
    start: session.startsAt,
    end: session.endsAt,
    summary: `${facts.school}: ${facts.child}`,
    description: `${text(lang, 'mail.booking.body', { parent: facts.parent, school: facts.school, child: facts.child, teacher: facts.teacher })}`,
    ...(facts.manageUrl ? { url: facts.manageUrl } : {}),
    sequence: Math.floor(booking.updatedAt.getTime() / 1000),
    stamp: booking.updatedAt,
    cancelled: booking.status === 'cancelled',
  });
}

/** The confirmation (or the move) to the parent, with the `.ics`; the news to the teacher. */
export async function mailBooked(ctx: NotifyContext, bookingId: number, moved = false): Promise<void> {
  const { booking, facts, token, lang } = await factsOf(ctx, bookingId);
  const calendar = await bookingCalendar(ctx, bookingId);
  await ctx.mailer.sendMail({
    to: booking.email,
    ...confirmationMail(lang, facts, moved),
    secrets: token ? [token] : [],
    attachments: [
      { filename: 'booking.ics', content: calendar, contentType: 'text/calendar; charset=utf-8' },
    ],
  });
  await ctx.mailer.sendMail({ to: facts.teacherEmail, ...teacherMail(DEFAULT_API_LANGUAGE, facts) });
}

/** The cancellation, to the parent and the teacher. */
export async function mailCancelled(ctx: NotifyContext, bookingId: number): Promise<void> {
  const { booking, facts, lang } = await factsOf(ctx, bookingId);
  await ctx.mailer.sendMail({ to: booking.email, ...cancellationMail(lang, facts, facts.parentZone) });
  await ctx.mailer.sendMail({
    to: facts.teacherEmail,
    ...cancellationMail(DEFAULT_API_LANGUAGE, facts, facts.teacherZone),
  });
}
