/**
 * The reminders (issue 28 item 4; decision 036): every minute, the confirmed bookings whose lesson
 * starts within 24 hours (or 1 hour) and is still ahead get their reminder once. Each is claimed
 * with a conditional `UPDATE … WHERE reminded_… IS NULL` before its mail goes, so that two workers,
 * or a run after a restart, never send one twice; a claimed reminder whose mail failed is not
 * repeated either (the mails table keeps it for root).
 */
import pino from 'pino';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/queue.ts';
import { createMailer, mailFrom, type Mailer } from '../../mail/mailer.ts';
import type { JobContext } from '../module.ts';
import { releaseExpired } from './booking-release.ts';
import { mailParent } from './booking.mail.ts';
import { bookingSessions, bookings } from './booking.schema.ts';

export const BOOKING_REMINDERS_JOB = 'booking-reminders';

const REMINDERS = [
  { hours: 24, column: bookings.reminded24At, mail: 'reminder_24' },
  { hours: 1, column: bookings.reminded1At, mail: 'reminder_1' },
] as const;

/**
 * Sends the reminders due now and answers how many of each went. The 24-hour one is not sent when
 * the 1-hour one is due already (a booking made late gets the nearer one only).
 */
export async function sendReminders(db: Db, mailer: Mailer, baseUrl: string) {
  const sent = { reminder_24: 0, reminder_1: 0 };
  // The nearer one first: a booking due for both gets only it, and its 24-hour one is marked done.
  for (const reminder of [...REMINDERS].reverse()) {
    const due = await db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(bookingSessions, eq(bookingSessions.id, bookings.sessionId))
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          isNull(reminder.column),
          gt(bookingSessions.startsAt, sql`now()`),
          lte(bookingSessions.startsAt, sql`now() + make_interval(hours => ${reminder.hours})`),
        ),
      );
    for (const { id } of due) {
      const claimed = await db
        .update(bookings)
        .set(
          reminder.hours === 1
            ? { reminded1At: sql`now()`, reminded24At: sql`coalesce(${bookings.reminded24At}, now())` }
            : { reminded24At: sql`now()` },
        )
        .where(and(eq(bookings.id, id), isNull(reminder.column), eq(bookings.status, 'confirmed')))
        .returning({ id: bookings.id });
      if (claimed.length === 0) continue;
      await mailParent({ db, mailer, baseUrl }, reminder.mail, id);
      sent[reminder.mail] += 1;
    }
  }
  return sent;
}

/** The web app's address for the links in a job's mails (no request to ask). */
export function jobBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/+$/, '') : `http://localhost:${config.PORT}`;
}

/** The booking module's jobs, every minute: reservations not confirmed in time free their slot; the reminders. */
export function bookingJobs({ config }: JobContext): readonly JobDefinition[] {
  let mailer: Mailer | undefined;
  return [
    {
      name: 'booking-release-reservations',
      cron: '* * * * *',
      handler: async (database) => ({
        released: await database.db.transaction((tx) => releaseExpired(tx, new Date())),
      }),
    },
    {
      name: BOOKING_REMINDERS_JOB,
      cron: '* * * * *',
      handler: async (database) => {
        mailer ??= createMailer({
          db: database.db,
          log: pino({ name: BOOKING_REMINDERS_JOB }),
          smtpUrl: config.SMTP_URL,
          from: mailFrom(config),
        });
        return sendReminders(database.db, mailer, jobBaseUrl(config));
      },
    },
  ];
}
