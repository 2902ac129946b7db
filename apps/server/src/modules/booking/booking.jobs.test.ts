import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mails, publicLinks } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { buildBooking } from '../../test/booking.ts';
import { buildMember, buildWorkspace } from '../../test/factories.ts';
import { mailParent } from './booking.mail.ts';
import { bookingJobs, sendReminders } from './booking.jobs.ts';
import { bookings } from './booking.schema.ts';

const t = useTestApp();
const BASE = 'https://school.example';
const MINUTE = 60_000;

const mailsTo = (email: string) => t.db.select().from(mails).where(eq(mails.to, email));

async function teacher() {
  const workspace = await buildWorkspace(t.db);
  const user = await buildMember(t.db, workspace, ['teacher']);
  return { workspaceId: workspace.id, teacherId: user.id };
}

describe('the reminders', () => {
  it('mails each due reminder once, even run twice (as after a restart)', async () => {
    const who = await teacher();
    const tomorrow = await buildBooking(t.db, {
      ...who,
      email: 'tomorrow@example.test',
      interfaceLanguage: 'en',
      startsAt: new Date(Date.now() + 23 * 60 * MINUTE),
    });
    // Another teacher's, so that tomorrow's lesson can move next to it below.
    const soon = await buildBooking(t.db, {
      ...(await teacher()),
      email: 'soon@example.test',
      interfaceLanguage: 'uk',
      startsAt: new Date(Date.now() + 40 * MINUTE),
    });
    await buildBooking(t.db, {
      ...who,
      email: 'later@example.test',
      startsAt: new Date(Date.now() + 30 * 60 * MINUTE),
    });
    await buildBooking(t.db, {
      ...who,
      email: 'cancelled@example.test',
      status: 'cancelled',
      startsAt: new Date(Date.now() + 2 * 60 * MINUTE),
    });
    await buildBooking(t.db, {
      ...who,
      email: 'past@example.test',
      startsAt: new Date(Date.now() - 30 * MINUTE),
    });

    const first = await sendReminders(t.db, t.app.mailer, BASE);
    const again = await sendReminders(t.db, t.app.mailer, BASE);
    expect(first.reminder_24).toBeGreaterThanOrEqual(1);
    expect(again).toEqual({ reminder_24: 0, reminder_1: 0 });

    const tomorrows = await mailsTo('tomorrow@example.test');
    expect(tomorrows.map((mail) => mail.subject)).toEqual([
      'Reminder: the lesson is in 24 hours — ' + (await childOf(tomorrow.id)),
    ]);
    // The lesson in 40 minutes gets the nearer reminder only.
    const soons = await mailsTo('soon@example.test');
    expect(soons).toHaveLength(1);
    expect(soons[0]?.subject).toContain('через 1 годину');
    expect(await mailsTo('later@example.test')).toEqual([]);
    expect(await mailsTo('cancelled@example.test')).toEqual([]);
    expect(await mailsTo('past@example.test')).toEqual([]);
    const [marked] = await t.db.select().from(bookings).where(eq(bookings.id, soon.id));
    expect(marked?.reminded1At).not.toBeNull();
    expect(marked?.reminded24At).not.toBeNull();

    // An hour before the lesson of tomorrow, its second reminder goes, once.
    await t.db.execute(
      sql`update booking_sessions set starts_at = now() + interval '50 minutes', ends_at = now() + interval '95 minutes',
        blocks_until = now() + interval '95 minutes' where id = ${tomorrow.sessionId}`,
    );
    await sendReminders(t.db, t.app.mailer, BASE);
    await sendReminders(t.db, t.app.mailer, BASE);
    expect((await mailsTo('tomorrow@example.test')).map((mail) => mail.subject)).toHaveLength(2);
  });

  it('runs every minute as a job of the module, beside the sweep of unconfirmed reservations', () => {
    const jobs = bookingJobs({ config: t.app.config, files: t.app.files });
    expect(jobs.map((job) => ({ name: job.name, cron: job.cron }))).toEqual([
      { name: 'booking-release-reservations', cron: '* * * * *' },
      { name: 'booking-reminders', cron: '* * * * *' },
    ]);
  });
});

async function childOf(id: number) {
  const [row] = await t.db.select({ child: bookings.childName }).from(bookings).where(eq(bookings.id, id));
  return row?.child ?? '';
}

describe('mailParent', () => {
  it("reads the booking and gives the manage link's live token", async () => {
    const who = await teacher();
    const booked = await buildBooking(t.db, {
      ...who,
      email: 'linked@example.test',
      interfaceLanguage: 'pl',
    });
    const token = 'a'.repeat(43);
    await t.db.insert(publicLinks).values({
      workspaceId: who.workspaceId,
      kind: 'booking-manage',
      subjectId: booked.id,
      token,
    });
    const outcome = await mailParent(
      { db: t.db, mailer: t.app.mailer, baseUrl: BASE },
      'confirmed',
      booked.id,
    );
    expect(outcome?.delivery).toBe('outbox');
    const [mail] = await mailsTo('linked@example.test');
    expect(mail?.subject).toMatch(/^Rezerwacja potwierdzona/);
    expect(mail?.text).toContain(`${BASE}/appointment/manage/${token}`);
    expect(
      await mailParent({ db: t.db, mailer: t.app.mailer, baseUrl: BASE }, 'confirmed', 2_000_000_000),
    ).toBeNull();
  });
});
