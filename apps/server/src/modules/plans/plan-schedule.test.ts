import type { PlanSchedule } from '@logoschool/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import type { Member } from '../../test/factories.ts';
import { buildBooking } from '../../test/booking.ts';
import { buildLessonSchool, dataOf, lessonsOfPlan } from '../../test/lessons.ts';
import { weeklyDates } from './plan-schedule.ts';

const t = useTestApp();
const as = (who: Member) => apiAs(t.app, who);

/** The weekday (1 Monday … 7 Sunday) and the wall clock time of an instant in a time zone. */
function local(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1;
  return {
    weekday,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

describe('weeklyDates', () => {
  it('gives n lessons n distinct dates in order, each on a chosen weekday at the time in the zone, from the start on', () => {
    const zones = [
      'Europe/Kyiv',
      'Europe/Warsaw',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Sydney',
      'UTC',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 15, 30, 45),
        fc.date({ min: new Date('2025-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (count, weekdays, hour, minute, start, zone) => {
          // Hours a clock change skips (2–3 at night) have no wall clock time to keep.
          fc.pre(hour < 1 || hour > 3);
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const startDate = start.toISOString().slice(0, 10);
          const dates = weeklyDates(count, weekdays, time, startDate, zone);
          expect(dates).toHaveLength(count);
          expect(new Set(dates.map((date) => date.getTime())).size).toBe(count);
          for (let index = 1; index < dates.length; index += 1)
            expect(dates[index]!.getTime()).toBeGreaterThan(dates[index - 1]!.getTime());
          for (const date of dates) {
            const seen = local(date, zone);
            expect(weekdays).toContain(seen.weekday);
            expect(seen.time).toBe(time);
            expect(seen.date >= startDate).toBe(true);
          }
          // None skipped: no chosen weekday between the start and the last date is left out.
          const last = local(dates.at(-1)!, zone).date;
          const days = new Set(dates.map((date) => local(date, zone).date));
          for (
            let day = new Date(`${startDate}T12:00:00Z`);
            day.toISOString().slice(0, 10) <= last;
            day.setUTCDate(day.getUTCDate() + 1)
          ) {
            const iso = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
            if (weekdays.includes(iso)) expect(days.has(day.toISOString().slice(0, 10))).toBe(true);
          }
        },
      ),
      { numRuns: 300, seed: 5 },
    );
  });

  it('keeps the time across a change of summer time', () => {
    // Kyiv moves its clocks on 29 March 2026: 16:00 is 14:00 UTC before and 13:00 UTC after.
    expect(
      weeklyDates(2, [1, 3], '16:00', '2026-03-25', 'Europe/Kyiv').map((date) => date.toISOString()),
    ).toEqual(['2026-03-25T14:00:00.000Z', '2026-03-30T13:00:00.000Z']);
  });
});

describe('POST /api/protocols/:id/schedule and /move-lesson', () => {
  const schedule = (who: Member, planId: number, body: object) =>
    as(who).post(`/api/protocols/${planId}/schedule`, body);
  const body = { weekdays: [1, 3], time: '16:00', start_date: '2030-01-01', time_zone: 'Europe/Kyiv' };

  it('dates the ten lessons weekly on Mondays and Wednesdays at 16:00 in one step, and moves one alone', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { lessons } = dataOf<PlanSchedule>(await schedule(s.teacher, s.plan.id, body));
    expect(lessons.map((lesson) => lesson.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // 1 January 2030 is a Tuesday; Kyiv is UTC+2 in winter.
    expect(lessons.map((lesson) => lesson.starts_at)).toEqual([
      '2030-01-02T14:00:00.000Z',
      '2030-01-07T14:00:00.000Z',
      '2030-01-09T14:00:00.000Z',
      '2030-01-14T14:00:00.000Z',
      '2030-01-16T14:00:00.000Z',
      '2030-01-21T14:00:00.000Z',
      '2030-01-23T14:00:00.000Z',
      '2030-01-28T14:00:00.000Z',
      '2030-01-30T14:00:00.000Z',
      '2030-02-04T14:00:00.000Z',
    ]);
    // The lessons list says the same.
    const listed = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    expect(listed.map((lesson) => lesson.starts_at)).toEqual(lessons.map((lesson) => lesson.starts_at));

    const third = lessons[2]!;
    const moved = dataOf<PlanSchedule>(
      await as(s.teacher).post(`/api/protocols/${s.plan.id}/move-lesson`, {
        lesson_id: third.id,
        date: '2030-01-10',
        time: '09:30',
        time_zone: 'Europe/Kyiv',
      }),
    );
    expect(moved.lessons.map((lesson) => lesson.starts_at)).toEqual(
      lessons.map((lesson) => (lesson.id === third.id ? '2030-01-10T07:30:00.000Z' : lesson.starts_at)),
    );

    // `undated` leaves dated lessons alone; `not_held` dates them all again.
    const again = dataOf<PlanSchedule>(
      await schedule(s.teacher, s.plan.id, { ...body, weekdays: [5], start_date: '2030-03-01' }),
    );
    expect(again.lessons).toEqual(moved.lessons);
    const all = dataOf<PlanSchedule>(
      await schedule(s.teacher, s.plan.id, {
        ...body,
        weekdays: [5],
        start_date: '2030-03-01',
        scope: 'not_held',
      }),
    );
    expect(all.lessons[0]!.starts_at).toBe('2030-03-01T14:00:00.000Z');
    expect(all.lessons[9]!.starts_at).toBe('2030-05-03T13:00:00.000Z');
  });

  it('refuses to date a lesson over a booking of its teacher (409), naming the lesson and the time', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    // A free lesson booked with the teacher on Monday 7 January 2030 at 16:15 in Kyiv: lesson 2's time.
    await buildBooking(t.db, {
      workspaceId: s.workspace.id,
      teacherId: s.teacher.user.id,
      startsAt: new Date('2030-01-07T14:15:00.000Z'),
    });
    const refused = await as(s.teacher).post(`/api/protocols/${s.plan.id}/schedule`, body, { lang: 'uk' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'lesson_overlaps_booking',
      message:
        'Урок 2 припадає на час, уже зайнятий записом батьків: понеділок, 7 січня 2030 р. о 16:15 (Europe/Kyiv). Оберіть інший час або спершу перенесіть запис.',
    });
    // Nothing was dated.
    expect(
      (await lessonsOfPlan(t.app, s.teacher, s.plan.id)).every((lesson) => lesson.starts_at === null),
    ).toBe(true);
    // At 18:00 the week's lessons end before the booking's day is over, and nothing meets it.
    const dated = dataOf<PlanSchedule>(await schedule(s.teacher, s.plan.id, { ...body, time: '18:00' }));
    // One lesson moved onto the booking is refused too; a minute after its end it moves.
    const move = (time: string) =>
      as(s.teacher).post(`/api/protocols/${s.plan.id}/move-lesson`, {
        lesson_id: dated.lessons[0]!.id,
        date: '2030-01-07',
        time,
        time_zone: 'Europe/Kyiv',
      });
    expect((await move('15:40')).json().code).toBe('lesson_overlaps_booking');
    expect((await move('17:00')).statusCode).toBe(200);
  });

  it('answers 401 without a token, 403 for a role that may not, 404 for another teacher’s plan or lesson', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const anonymous = apiAs(t.app, s.teacher, { token: null });
    expect((await anonymous.post(`/api/protocols/${s.plan.id}/schedule`, body)).statusCode).toBe(401);
    expect((await schedule(s.manager, s.plan.id, body)).statusCode).toBe(403);
    expect((await schedule(s.teacher, s.otherPlan.id, body)).statusCode).toBe(404);
    const [theirs] = await lessonsOfPlan(t.app, s.otherTeacher, s.otherPlan.id);
    const move = { lesson_id: theirs!.id, date: '2030-01-10', time: '09:30', time_zone: 'UTC' };
    expect((await as(s.teacher).post(`/api/protocols/${s.plan.id}/move-lesson`, move)).statusCode).toBe(404);
    expect((await as(s.teacher).post(`/api/protocols/${s.otherPlan.id}/move-lesson`, move)).statusCode).toBe(
      404,
    );
    // Nothing of theirs moved.
    expect((await lessonsOfPlan(t.app, s.otherTeacher, s.otherPlan.id))[0]!.starts_at).toBeNull();
  });

  it('refuses no weekdays, a bad time, a bad date and an unknown time zone (422), naming the field', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    for (const [change, field] of [
      [{ weekdays: [] }, 'weekdays'],
      [{ weekdays: [0] }, 'weekdays.0'],
      [{ weekdays: [1, 1] }, 'weekdays'],
      [{ time: '24:00' }, 'time'],
      [{ time: '4pm' }, 'time'],
      [{ start_date: '2030-02-30' }, 'start_date'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ scope: 'some' }, 'scope'],
    ] as const) {
      const response = await schedule(s.teacher, s.plan.id, { ...body, ...change });
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    const untouched = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    expect(untouched.every((lesson) => lesson.starts_at === null)).toBe(true);
  });
});
