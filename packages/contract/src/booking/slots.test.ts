import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageInYears } from '../clients/schemas.ts';
import { MIN_AGE, ageRefusal, oldEnoughFrom } from './schemas.ts';
import {
  addDays,
  dayOf,
  freeSlots,
  instantAt,
  minutesOf,
  pickTeacher,
  slotsByDay,
  timeIn,
  type BusyTime,
  type SlotRules,
  type TeacherHours,
  type WeeklyHours,
} from './slots.ts';

const MINUTE = 60_000;
const ZONES = [
  'Europe/London',
  'America/Los_Angeles',
  'Asia/Jerusalem',
  'Europe/Kyiv',
  'Europe/Warsaw',
  'Asia/Kolkata',
  'Pacific/Auckland',
  'UTC',
];

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Hours on a weekday between 06:00 and 23:00, on the quarter hour, at least an hour long. */
const weeklyHours: fc.Arbitrary<WeeklyHours> = fc
  .record({
    weekday: fc.integer({ min: 1, max: 7 }),
    from: fc.integer({ min: 24, max: 84 }),
    length: fc.integer({ min: 4, max: 40 }),
  })
  .map(({ weekday, from, length }) => ({
    weekday,
    start: clock(from * 15),
    end: clock(Math.min(from + length, 92) * 15),
  }));

const teacher = (teacherId: number): fc.Arbitrary<TeacherHours> =>
  fc.record({
    teacherId: fc.constant(teacherId),
    timeZone: fc.constantFrom(...ZONES),
    weekly: fc.array(weeklyHours, { maxLength: 6 }),
    exceptions: fc.constant([]),
  });

const rules: fc.Arbitrary<SlotRules> = fc.record({
  lengthMinutes: fc.integer({ min: 45, max: 60 }),
  bufferMinutes: fc.integer({ min: 0, max: 30 }),
  noticeMinutes: fc.integer({ min: 0, max: 48 * 60 }),
  horizonDays: fc.integer({ min: 1, max: 14 }),
  stepMinutes: fc.constantFrom(15, 30),
});

const now = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2027-12-31T00:00:00Z'),
  noInvalidDate: true,
});

/** Busy times of teachers 1–3 within the two weeks after `at`. */
const busyNear = (at: Date): fc.Arbitrary<BusyTime[]> =>
  fc.array(
    fc
      .record({
        teacherId: fc.integer({ min: 1, max: 3 }),
        offset: fc.integer({ min: -60, max: 15 * 24 * 60 }),
        length: fc.integer({ min: 15, max: 180 }),
      })
      .map(({ teacherId, offset, length }) => ({
        teacherId,
        start: new Date(at.getTime() + offset * MINUTE),
        end: new Date(at.getTime() + (offset + length) * MINUTE),
      })),
    { maxLength: 12 },
  );

const world = now.chain((at) =>
  fc.record({
    now: fc.constant(at),
    teachers: fc.tuple(teacher(1), teacher(2), teacher(3)),
    busy: busyNear(at),
    rules,
  }),
);

/** A property runs its cases in one test: on a busy 2-core machine that is more than the default 5 s. */
const PROPERTY = { timeout: 60_000 };

describe('free slots', PROPERTY, () => {
  it('never overlap a busy time of a teacher they name, with the buffer on both sides', () => {
    fc.assert(
      fc.property(world, ({ now, teachers, busy, rules }) => {
        const buffer = rules.bufferMinutes * MINUTE;
        for (const slot of freeSlots(teachers, busy, rules, now)) {
          for (const taken of busy.filter((b) => slot.teacherIds.includes(b.teacherId))) {
            const clear =
              slot.end.getTime() + buffer <= taken.start.getTime() ||
              slot.start.getTime() >= taken.end.getTime() + buffer;
            expect(clear, `${slot.start.toISOString()} vs ${taken.start.toISOString()}`).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('start no sooner than the notice and before the horizon, each once, in order, of the lesson length', () => {
    fc.assert(
      fc.property(world, ({ now, teachers, busy, rules }) => {
        const slots = freeSlots(teachers, busy, rules, now);
        const starts = slots.map((slot) => slot.start.getTime());
        expect(new Set(starts).size).toBe(starts.length);
        expect([...starts].sort((a, b) => a - b)).toEqual(starts);
        for (const slot of slots) {
          expect(slot.start.getTime()).toBeGreaterThanOrEqual(now.getTime() + rules.noticeMinutes * MINUTE);
          expect(slot.start.getTime()).toBeLessThan(now.getTime() + rules.horizonDays * 24 * 60 * MINUTE);
          expect(slot.end.getTime() - slot.start.getTime()).toBe(rules.lengthMinutes * MINUTE);
          expect(slot.teacherIds.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('lie within the hours of every teacher they name, read on her own clock', () => {
    fc.assert(
      fc.property(world, ({ now, teachers, busy, rules }) => {
        for (const slot of freeSlots(teachers, busy, rules, now)) {
          for (const id of slot.teacherIds) {
            const own = teachers.find((t) => t.teacherId === id)!;
            const day = dayOf(slot.start, own.timeZone);
            const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
            const inside = own.weekly.some(
              (hours) =>
                hours.weekday === weekday &&
                instantAt(day, hours.start, own.timeZone) <= slot.start &&
                slot.end <= instantAt(day, hours.end, own.timeZone),
            );
            expect(inside).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('are the same instants whatever zone a parent reads them in', () => {
    fc.assert(
      fc.property(world, fc.constantFrom(...ZONES), ({ now, teachers, busy, rules }, reader) => {
        const slots = freeSlots(teachers, busy, rules, now);
        const read = [...slotsByDay(slots, reader).values()].flat();
        expect(read.map((slot) => slot.start.getTime())).toEqual(slots.map((slot) => slot.start.getTime()));
        // Every slot is filed under the reader's own calendar day of its start.
        for (const [day, ofDay] of slotsByDay(slots, reader))
          for (const slot of ofDay) expect(dayOf(slot.start, reader)).toBe(day);
      }),
      { numRuns: 100 },
    );
  });

  it('leave out exactly the starts a busy time or its buffer meets, and no other', () => {
    fc.assert(
      fc.property(world, ({ now, teachers, busy, rules }) => {
        const buffer = rules.bufferMinutes * 60_000;
        const length = rules.lengthMinutes * 60_000;
        for (const one of teachers) {
          const own = busy.filter((taken) => taken.teacherId === one.teacherId);
          // Her hours' starts with nothing busy, then each checked against every busy time.
          const expected = freeSlots([one], [], rules, now)
            .map((slot) => slot.start.getTime())
            .filter((start) =>
              own.every(
                (taken) =>
                  start + length + buffer <= taken.start.getTime() || start >= taken.end.getTime() + buffer,
              ),
            );
          expect(freeSlots([one], busy, rules, now).map((slot) => slot.start.getTime())).toEqual(expected);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('name the teachers free at the start, and only them', () => {
    fc.assert(
      fc.property(world, ({ now, teachers, busy, rules }) => {
        const together = freeSlots(teachers, busy, rules, now);
        for (const one of teachers) {
          const alone = freeSlots([one], busy, rules, now).map((slot) => slot.start.getTime());
          const named = together
            .filter((slot) => slot.teacherIds.includes(one.teacherId))
            .map((slot) => slot.start.getTime());
          expect(named).toEqual(alone);
        }
      }),
      { numRuns: 80 },
    );
  });
});

describe('a change of summer time', PROPERTY, () => {
  /** Every day of the week around a change, with the same hours each day. */
  const changeWeek = (timeZone: string, monday: string, start: string, end: string): TeacherHours => ({
    teacherId: 1,
    timeZone,
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end })),
    exceptions: [],
  });
  const CHANGES = [
    // Europe/London springs forward on Sunday 29 March 2026, falls back on 25 October 2026.
    { timeZone: 'Europe/London', monday: '2026-03-23', fallMonday: '2026-10-19' },
    // America/Los_Angeles springs forward on Sunday 8 March 2026, falls back on 1 November 2026.
    { timeZone: 'America/Los_Angeles', monday: '2026-03-02', fallMonday: '2026-10-26' },
  ];

  it.each(CHANGES)(
    'in $timeZone loses and doubles no slot: each day has its hours’ slots, at the same wall-clock times',
    ({ timeZone, monday, fallMonday }) => {
      fc.assert(
        fc.property(
          fc.integer({ min: 24, max: 76 }),
          fc.integer({ min: 4, max: 24 }),
          fc.constantFrom(15, 30),
          fc.integer({ min: 45, max: 60 }),
          fc.constantFrom(monday, fallMonday),
          (from, quarters, step, length, week) => {
            const start = clock(from * 15);
            const end = clock(Math.min(from + quarters, 92) * 15);
            const hours = changeWeek(timeZone, week, start, end);
            // Seen from the Saturday before: the whole week of the change is within the horizon.
            const at = instantAt(addDays(week, -2), '00:00', timeZone);
            const slots = freeSlots(
              [hours],
              [],
              {
                lengthMinutes: length,
                bufferMinutes: 0,
                noticeMinutes: 0,
                horizonDays: 10,
                stepMinutes: step,
              },
              at,
            );
            const perDay = slotsByDay(slots, timeZone);
            const expected: string[] = [];
            for (let t = minutesOf(start); t + length <= minutesOf(end); t += step) expected.push(clock(t));
            for (let day = week; day < addDays(week, 7); day = addDays(day, 1)) {
              expect(
                (perDay.get(day) ?? []).map((slot) => timeIn(slot.start, timeZone)),
                `${timeZone} ${day}`,
              ).toEqual(expected);
            }
          },
        ),
        { numRuns: 60 },
      );
    },
  );

  it('keeps hours across the night of the change whole: every start once, none in the hour that is not', () => {
    // 00:00–04:00 in London on 29 March 2026: 01:00–02:00 does not exist, so the hours last 3 hours.
    const hours: TeacherHours = {
      teacherId: 1,
      timeZone: 'Europe/London',
      weekly: [{ weekday: 7, start: '00:00', end: '04:00' }],
      exceptions: [],
    };
    const slots = freeSlots(
      [hours],
      [],
      { lengthMinutes: 60, bufferMinutes: 0, noticeMinutes: 0, horizonDays: 3, stepMinutes: 60 },
      new Date('2026-03-28T00:00:00Z'),
    );
    expect(slots.map((slot) => slot.start.toISOString())).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T02:00:00.000Z',
    ]);
    expect(slots.map((slot) => timeIn(slot.start, 'Europe/London'))).toEqual(['00:00', '02:00', '03:00']);
  });

  it('shows one slot at one instant to a parent in Tel Aviv and a teacher in London', () => {
    const london: TeacherHours = {
      teacherId: 7,
      timeZone: 'Europe/London',
      weekly: [{ weekday: 1, start: '14:00', end: '15:00' }],
      exceptions: [],
    };
    const [slot] = freeSlots(
      [london],
      [],
      { lengthMinutes: 45, bufferMinutes: 15, noticeMinutes: 60, horizonDays: 7, stepMinutes: 30 },
      new Date('2026-06-06T09:00:00Z'),
    );
    expect(slot?.start.toISOString()).toBe('2026-06-08T13:00:00.000Z');
    expect(timeIn(slot!.start, 'Europe/London')).toBe('14:00');
    expect(timeIn(slot!.start, 'Asia/Jerusalem')).toBe('16:00');
    expect(dayOf(slot!.start, 'America/Los_Angeles')).toBe('2026-06-08');
    expect(timeIn(slot!.start, 'America/Los_Angeles')).toBe('06:00');
  });
});

describe('round-robin', () => {
  it('gives the booking to a free teacher with the least load, the lower id on a tie', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }),
        fc.dictionary(fc.integer({ min: 1, max: 50 }).map(String), fc.integer({ min: 0, max: 5 })),
        (ids, loads) => {
          const load = new Map(Object.entries(loads).map(([id, n]) => [Number(id), n]));
          const picked = pickTeacher(ids, load)!;
          expect(ids).toContain(picked);
          const least = Math.min(...ids.map((id) => load.get(id) ?? 0));
          expect(load.get(picked) ?? 0).toBe(least);
          expect(picked).toBe(Math.min(...ids.filter((id) => (load.get(id) ?? 0) === least)));
        },
      ),
    );
    expect(pickTeacher([], new Map())).toBeUndefined();
  });
});

describe('age on the lesson’s date (spec §8, §9)', () => {
  const birthdate = fc
    .date({
      min: new Date('2005-01-01T00:00:00Z'),
      max: new Date('2026-11-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));

  it('is old enough from the birthday of the minimum age on, not the day before', () => {
    fc.assert(
      fc.property(
        birthdate,
        fc.constantFrom('free_lesson' as const, 'consultation' as const),
        (born, kind) => {
          const from = oldEnoughFrom(kind, born);
          expect(ageInYears(born, from)).toBeGreaterThanOrEqual(MIN_AGE[kind]);
          expect(ageInYears(born, addDays(from, -1))).toBeLessThan(MIN_AGE[kind]);
          expect(ageRefusal(kind, born, from)).toBeUndefined();
          expect(ageRefusal(kind, born, addDays(from, -1))).toBe(
            kind === 'consultation' ? 'course_too_young' : 'too_young',
          );
        },
      ),
    );
  });

  it('counts a 29 February birthday as complete on 1 March in a common year', () => {
    expect(oldEnoughFrom('free_lesson', '2024-02-29')).toBe('2027-03-01');
    expect(oldEnoughFrom('free_lesson', '2020-02-29')).toBe('2023-03-01');
    expect(oldEnoughFrom('consultation', '2020-02-29')).toBe('2026-03-01');
  });
});
