import type { LessonDay, LessonStatistic, RemoteLesson, TeacherLessonStatistic } from '@logoschool/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, lessonStatistics, lessons, protocols } from '../../db/schema/index.ts';
import { apiAs, expectAllowed, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildBooking, type BookingValues } from '../../test/booking.ts';
import { bearer, buildSignedInMember, type Member } from '../../test/factories.ts';
import {
  buildLessonSchool,
  dataOf,
  lessonBody,
  lessonsOfPlan,
  readLesson,
  type LessonSchool,
} from '../../test/lessons.ts';
import { readDashboard } from '../dashboard/index.ts';

const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const MINUTE = 60_000;
const track = (who: Member, lessonId: number, event: string) =>
  as(who).post('/api/users/track/lesson-statistic', { lesson_id: lessonId, event });
const rowOf = async (lessonId: number) =>
  (await t.db.select().from(lessonStatistics).where(eq(lessonStatistics.lessonId, lessonId)))[0];
const fields = (response: Response) => {
  expect(response.statusCode, response.body).toBe(422);
  return response.json().errors as Record<string, string[]>;
};

/** A school's first lesson of its teacher's plan, holding a word and two phrases. */
async function preparedLesson(s: LessonSchool) {
  const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
  const lesson = await readLesson(t.app, s.teacher, first!.id);
  const ids = [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]];
  dataOf(await as(s.teacher).put(`/api/lesson/${lesson.id}`, lessonBody(lesson, ids)));
  return { lesson, ids };
}

/** Marks trials of an exercise of the lesson, one per result given. */
async function mark(s: LessonSchool, lessonId: number, exerciseId: number, results: string[]) {
  for (const result of results) {
    const body = { exercise_id: exerciseId, result, ...(result === 'cued' ? { cue: 'visual' } : {}) };
    dataOf(await as(s.teacher).post(`/api/lesson/${lessonId}/marks`, body));
  }
}

describe('POST /api/users/track/lesson-statistic', () => {
  it('starts again at each opening until the lesson is held, then keeps its start; on end the minutes since it and the marks so far', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { lesson, ids } = await preparedLesson(s);
    const started = dataOf<LessonStatistic>(await track(s.teacher, lesson.id, 'start'));
    expect(started).toMatchObject({
      lesson_id: lesson.id,
      ended_at: null,
      duration_minutes: 0,
      finished: false,
    });
    expect(Math.abs(Date.parse(started.started_at) - Date.now())).toBeLessThan(MINUTE);
    const back = (minutes: number) =>
      t.db
        .update(lessonStatistics)
        .set({ startedAt: new Date(Date.now() - minutes * MINUTE - 5000) })
        .where(eq(lessonStatistics.lessonId, lesson.id));
    // Opened a day ago only to look at it: opening it again is its start.
    await back(24 * 60);
    const looked = dataOf<LessonStatistic>(await track(s.teacher, lesson.id, 'start'));
    expect(Math.abs(Date.parse(looked.started_at) - Date.now())).toBeLessThan(MINUTE);
    // Once a trial is marked the lesson is held: opening it again keeps its start.
    await mark(s, lesson.id, ids[0]![0]!, ['correct']);
    await back(50);
    const again = dataOf<LessonStatistic>(await track(s.teacher, lesson.id, 'start'));
    expect(Date.parse(again.started_at)).toBeLessThan(Date.now() - 50 * MINUTE);

    await mark(s, lesson.id, ids[0]![0]!, ['correct', 'incorrect']);
    await mark(s, lesson.id, ids[1]![0]!, ['cued']);
    const ended = dataOf<LessonStatistic>(await track(s.teacher, lesson.id, 'end'));
    expect(ended).toMatchObject({ duration_minutes: 50, correct: 2, incorrect: 1, cued: 1, finished: false });
    expect(ended.ended_at).not.toBeNull();
    const row = await rowOf(lesson.id);
    expect([row?.teacherId, row?.clientId, row?.workspaceId, row?.held]).toEqual([
      s.teacher.user.id,
      s.student.id,
      s.workspace.id,
      true,
    ]);
  });

  it('counts at most 180 minutes for a player left open', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { lesson } = await preparedLesson(s);
    dataOf(await track(s.teacher, lesson.id, 'start'));
    await t.db
      .update(lessonStatistics)
      .set({ startedAt: new Date(Date.now() - 10 * 60 * MINUTE) })
      .where(eq(lessonStatistics.lessonId, lesson.id));
    expect(dataOf<LessonStatistic>(await track(s.teacher, lesson.id, 'end')).duration_minutes).toBe(180);
  });

  it('answers 404 for another teacher’s lesson and another project’s, 409 once finished, 422 for bad input', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const elsewhere = await buildLessonSchool(t.app, t.db);
    const { lesson } = await preparedLesson(s);
    const [theirs] = await lessonsOfPlan(t.app, s.otherTeacher, s.otherPlan.id);
    const [foreign] = await lessonsOfPlan(t.app, elsewhere.teacher, elsewhere.plan.id);
    for (const id of [theirs!.id, foreign!.id, 2_000_000_000]) {
      const response = await track(s.teacher, id, 'start');
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await rowOf(theirs!.id)).toBeUndefined();
    expect(fields(await track(s.teacher, lesson.id, 'pause'))).toEqual({
      event: ['Allowed values: start, end.'],
    });
    expect(Object.keys(fields(await as(s.teacher).post('/api/users/track/lesson-statistic', {})))).toEqual([
      'lesson_id',
      'event',
    ]);
    dataOf(await as(s.teacher).post('/api/lesson/finish', { lesson_id: lesson.id, reached: [] }));
    const late = await track(s.teacher, lesson.id, 'end');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('lesson_finished');
  });

  it('answers 401 without a token and 403 to every role but the teacher’s', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { lesson } = await preparedLesson(s);
    expect(
      (
        await apiAs(t.app, s.teacher, { token: null }).post('/api/users/track/lesson-statistic', {
          lesson_id: lesson.id,
          event: 'start',
        })
      ).statusCode,
    ).toBe(401);
    for (const role of ['root', 'manager', 'admin', 'moderator', 'author'] as const) {
      const member = await buildSignedInMember(t.db, s.workspace, role);
      expectAllowed(await track(member, lesson.id, 'start'), false);
    }
    expect(await rowOf(lesson.id)).toBeUndefined();
  });
});

describe('a lesson held (decision 034)', () => {
  const report = async (s: LessonSchool) => {
    const today = new Date().toISOString().slice(0, 10);
    const query = `from=${today}&to=${today}`;
    const [figures, days] = await Promise.all([
      as(s.manager).get('/api/users/lesson-statistic/all', { query }),
      as(s.manager).get('/api/users/lesson-statistic/by-teacher', { query }),
    ]);
    return {
      teachers: dataOf<TeacherLessonStatistic[]>(figures),
      day: dataOf<LessonDay[]>(days)[0]!,
    };
  };

  it('is not a lesson only opened in the player, even for a while', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { lesson } = await preparedLesson(s);
    const dashboard = await readDashboard(t.db);
    dataOf(await track(s.teacher, lesson.id, 'start'));
    await t.db
      .update(lessonStatistics)
      .set({ startedAt: new Date(Date.now() - 2 * MINUTE - 5000) })
      .where(eq(lessonStatistics.lessonId, lesson.id));
    expect(dataOf<LessonStatistic>(await track(s.teacher, lesson.id, 'end')).duration_minutes).toBe(2);
    expect(await report(s)).toEqual({
      teachers: [],
      day: { day: new Date().toISOString().slice(0, 10), held: 0, minutes: 0 },
    });
    expect((await readDashboard(t.db)).lessons).toEqual(dashboard.lessons);
  });

  it('is a lesson with a trial marked, its minutes from its start to the last mark; undoing every mark takes it back', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { lesson, ids } = await preparedLesson(s);
    dataOf(await track(s.teacher, lesson.id, 'start'));
    await t.db
      .update(lessonStatistics)
      .set({ startedAt: new Date(Date.now() - 20 * MINUTE - 5000) })
      .where(eq(lessonStatistics.lessonId, lesson.id));
    await mark(s, lesson.id, ids[0]![0]!, ['correct', 'cued']);
    // The cued trial without its cue counts as well.
    dataOf(
      await as(s.teacher).post(`/api/lesson/${lesson.id}/marks`, {
        exercise_id: ids[0]![0]!,
        result: 'cued',
      }),
    );
    const { teachers, day } = await report(s);
    expect(teachers).toEqual([row(s.teacher, { held: 1, finished: 0, minutes: 20, correct: 1, cued: 2 })]);
    expect(day).toMatchObject({ held: 1, minutes: 20 });
    for (const _ of [1, 2, 3])
      dataOf(
        await as(s.teacher).delete(`/api/lesson/${lesson.id}/marks/last`, {
          query: `exercise_id=${ids[0]![0]!}`,
        }),
      );
    expect((await report(s)).teachers).toEqual([]);
    expect((await rowOf(lesson.id))?.held).toBe(false);
  });

  it('is not yet a lesson marked through the API alone, without the player’s start: finishing records it', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { lesson, ids } = await preparedLesson(s);
    await mark(s, lesson.id, ids[1]![0]!, ['incorrect']);
    expect(await rowOf(lesson.id)).toBeUndefined();
  });

  it('is a finished lesson, with its minutes from its start to the finish and its marks', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { lesson, ids } = await preparedLesson(s);
    dataOf(await track(s.teacher, lesson.id, 'start'));
    await t.db
      .update(lessonStatistics)
      .set({ startedAt: new Date(Date.now() - 40 * MINUTE - 5000) })
      .where(eq(lessonStatistics.lessonId, lesson.id));
    await mark(s, lesson.id, ids[0]![0]!, ['correct', 'cued']);
    dataOf(await as(s.teacher).post('/api/lesson/finish', { lesson_id: lesson.id, reached: [] }));
    expect((await report(s)).teachers).toEqual([
      row(s.teacher, { held: 1, finished: 1, minutes: 40, correct: 1, cued: 1 }),
    ]);
  });

  it('is a finished lesson without a mark', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { lesson } = await preparedLesson(s);
    dataOf(await track(s.teacher, lesson.id, 'start'));
    dataOf(await as(s.teacher).post('/api/lesson/finish', { lesson_id: lesson.id, reached: [] }));
    expect((await report(s)).teachers).toEqual([row(s.teacher, { held: 1, finished: 1, minutes: 0 })]);
  });
});

describe('finishing a lesson records it as held', () => {
  it('with its planned start and length and its marks when the player tracked nothing', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { lesson, ids } = await preparedLesson(s);
    const planned = new Date(Date.now() - 2 * 60 * MINUTE);
    await t.db
      .update(lessons)
      .set({ startsAt: planned, durationMinutes: 60 })
      .where(eq(lessons.id, lesson.id));
    await mark(s, lesson.id, ids[0]![0]!, ['correct', 'cued']);
    dataOf(await as(s.teacher).post('/api/lesson/finish', { lesson_id: lesson.id, reached: ids.flat() }));
    const row = await rowOf(lesson.id);
    expect(row).toMatchObject({ durationMinutes: 60, correct: 1, incorrect: 0, cued: 1, finished: true });
    expect(row?.startedAt.getTime()).toBe(planned.getTime());
    expect(row?.endedAt).not.toBeNull();
  });

  it('started now when it was planned later or not at all, and with the tracked minutes when the player started it', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const [first, second] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    // Planned for tomorrow but finished now: held now, not tomorrow.
    await t.db
      .update(lessons)
      .set({ startsAt: new Date(Date.now() + 24 * 60 * MINUTE) })
      .where(eq(lessons.id, first!.id));
    dataOf(await as(s.teacher).post('/api/lesson/finish', { lesson_id: first!.id, reached: [] }));
    const early = await rowOf(first!.id);
    expect(Math.abs((early?.startedAt.getTime() ?? 0) - Date.now())).toBeLessThan(MINUTE);
    expect(early?.durationMinutes).toBe(45);
    // The player started the second 30 minutes ago and never said it ended.
    dataOf(await track(s.teacher, second!.id, 'start'));
    await t.db
      .update(lessonStatistics)
      .set({ startedAt: new Date(Date.now() - 30 * MINUTE - 5000) })
      .where(eq(lessonStatistics.lessonId, second!.id));
    dataOf(await as(s.teacher).post('/api/lesson/finish', { lesson_id: second!.id, reached: [] }));
    expect(await rowOf(second!.id)).toMatchObject({ durationMinutes: 30, finished: true });
  });

  it('leaves no row when the finish is refused (nothing changes, spec §8)', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const all = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const last = await readLesson(t.app, s.teacher, all[9]!.id);
    const ids = [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]];
    dataOf(await as(s.teacher).put(`/api/lesson/${last.id}`, lessonBody(last, ids)));
    // Nothing reached in the last lesson: nowhere to move it, 409.
    const refused = await as(s.teacher).post('/api/lesson/finish', { lesson_id: last.id, reached: [] });
    expect(refused.statusCode).toBe(409);
    expect(await rowOf(last.id)).toBeUndefined();
  });
});

/** Lessons of a teacher's plan held at known moments, written straight to the table for exact figures. */
async function held(
  s: LessonSchool,
  teacher: Member,
  planId: number,
  rows: { at: string; minutes: number; finished?: boolean; marks?: [number, number, number] }[],
) {
  const list = await lessonsOfPlan(t.app, teacher, planId);
  const [lesson] = await t.db.select().from(lessons).where(eq(lessons.id, list[0]!.id));
  const clientId = teacher === s.teacher ? s.student.id : await clientOfPlan(planId);
  for (const [index, row] of rows.entries()) {
    const [correct, incorrect, cued] = row.marks ?? [0, 0, 0];
    await t.db.insert(lessonStatistics).values({
      lessonId: list[index]!.id,
      workspaceId: lesson!.workspaceId,
      teacherId: teacher.user.id,
      clientId,
      startedAt: new Date(row.at),
      endedAt: new Date(Date.parse(row.at) + row.minutes * MINUTE),
      durationMinutes: row.minutes,
      correct,
      incorrect,
      cued,
      finished: row.finished ?? true,
    });
  }
}

async function clientOfPlan(planId: number): Promise<number> {
  const [plan] = await t.db.select().from(protocols).where(eq(protocols.id, planId));
  return plan!.clientId;
}

/** A school whose two teachers held lessons in March 2026, and another school's teacher too. */
async function reportSchool() {
  const s = await buildLessonSchool(t.app, t.db);
  const elsewhere = await buildLessonSchool(t.app, t.db);
  await held(s, s.teacher, s.plan.id, [
    { at: '2026-03-01T08:00:00Z', minutes: 45, marks: [3, 1, 2] },
    // 22:30 UTC on 1 March is 00:30 on 2 March in Kyiv (UTC+2).
    { at: '2026-03-01T22:30:00Z', minutes: 50, marks: [1, 0, 0] },
    // Not finished, but trials were marked: held.
    { at: '2026-03-05T10:00:00Z', minutes: 12, finished: false, marks: [1, 1, 0] },
    // Only opened in the player: not held, its minutes not counted.
    { at: '2026-03-06T10:00:00Z', minutes: 3, finished: false },
    // Outside March.
    { at: '2026-02-28T10:00:00Z', minutes: 45 },
  ]);
  await held(s, s.otherTeacher, s.otherPlan.id, [
    { at: '2026-03-02T09:00:00Z', minutes: 60, marks: [0, 4, 0] },
  ]);
  await held(elsewhere, elsewhere.teacher, elsewhere.plan.id, [
    { at: '2026-03-02T09:00:00Z', minutes: 45 },
    { at: '2026-03-03T09:00:00Z', minutes: 45 },
  ]);
  return { s, elsewhere };
}

const MARCH = 'from=2026-03-01&to=2026-03-31';
const row = (member: Member, values: Partial<TeacherLessonStatistic>): TeacherLessonStatistic => ({
  teacher_id: member.user.id,
  teacher_name: member.user.name,
  held: 0,
  finished: 0,
  minutes: 0,
  students: 1,
  correct: 0,
  incorrect: 0,
  cued: 0,
  free_booked: 0,
  free_held: 0,
  free_converted: 0,
  ...values,
});

describe('GET /api/users/lesson-statistic/all', () => {
  it('gives the project’s lessons held per teacher in the range, the most held first, never another project’s', async () => {
    const { s } = await reportSchool();
    const figures = dataOf<TeacherLessonStatistic[]>(
      await as(s.manager).get('/api/users/lesson-statistic/all', { query: MARCH }),
    );
    expect(figures).toEqual([
      row(s.teacher, { held: 3, finished: 2, minutes: 107, correct: 5, incorrect: 2, cued: 2 }),
      row(s.otherTeacher, { held: 1, finished: 1, minutes: 60, incorrect: 4 }),
    ]);
    // One day only, in UTC and in Kyiv.
    const day = async (query: string) =>
      dataOf<TeacherLessonStatistic[]>(await as(s.manager).get('/api/users/lesson-statistic/all', { query }));
    expect((await day('from=2026-03-01&to=2026-03-01')).map((r) => [r.teacher_name, r.held])).toEqual([
      [s.teacher.user.name, 2],
    ]);
    expect(
      (await day('from=2026-03-01&to=2026-03-01&time_zone=Europe/Kyiv')).map((r) => [r.teacher_name, r.held]),
    ).toEqual([[s.teacher.user.name, 1]]);
    expect(
      (await day('from=2026-03-02&to=2026-03-02&time_zone=Europe/Kyiv')).map((r) => [r.teacher_name, r.held]),
    ).toEqual([
      // As many each: by name.
      [s.otherTeacher.user.name, 1],
      [s.teacher.user.name, 1],
    ]);
    expect(await day('from=2025-01-01&to=2025-01-31')).toEqual([]);
  });

  it('counts the free lessons booked, held and made students (issue 28), a teacher with free lessons only too', async () => {
    const { s, elsewhere } = await reportSchool();
    const freeOnly = await buildSignedInMember(t.db, s.workspace, 'teacher', { name: 'Zoya Free' });
    const book = (teacher: Member, at: string, values: Partial<BookingValues> = {}) =>
      buildBooking(t.db, {
        workspaceId: teacher.workspace.id,
        teacherId: teacher.user.id,
        startsAt: new Date(at),
        ...values,
      });
    const converted = await book(s.teacher, '2026-03-10T09:00:00Z', { status: 'held' });
    const [client] = await t.db
      .insert(clients)
      .values({
        workspaceId: s.workspace.id,
        teacherId: s.teacher.user.id,
        clientName: 'Parent',
        childName: 'Child',
      })
      .returning();
    await t.db.execute(sql`update bookings set client_id = ${client?.id ?? null} where id = ${converted.id}`);
    await book(s.teacher, '2026-03-11T09:00:00Z', { status: 'no_show' });
    await book(s.teacher, '2026-03-12T09:00:00Z', { status: 'cancelled' });
    // Never confirmed, outside the range, a group, another project's: not counted.
    await book(s.teacher, '2026-03-13T09:00:00Z', { status: 'reserved' });
    await book(s.teacher, '2026-04-01T09:00:00Z');
    await book(s.teacher, '2026-03-14T09:00:00Z', {
      kind: 'consultation',
      birthdate: '2017-01-01',
      seats: 6,
    });
    await book(elsewhere.teacher, '2026-03-10T09:00:00Z', { status: 'held' });
    await book(freeOnly, '2026-03-20T09:00:00Z', { status: 'held' });
    const figures = dataOf<TeacherLessonStatistic[]>(
      await as(s.manager).get('/api/users/lesson-statistic/all', { query: MARCH }),
    );
    expect(figures).toEqual([
      row(s.teacher, {
        held: 3,
        finished: 2,
        minutes: 107,
        correct: 5,
        incorrect: 2,
        cued: 2,
        free_booked: 3,
        free_held: 1,
        free_converted: 1,
      }),
      row(s.otherTeacher, { held: 1, finished: 1, minutes: 60, incorrect: 4 }),
      row(freeOnly, { students: 0, free_booked: 1, free_held: 1 }),
    ]);
  });

  it('opens to the manager, an admin and root of the project; 403 to the others, 401 without a token', async () => {
    const { s } = await reportSchool();
    for (const role of [
      'manager',
      'admin',
      'root',
      'moderator',
      'author',
      'teacher',
      'diagnostician',
    ] as const) {
      const member = await buildSignedInMember(t.db, s.workspace, role);
      for (const path of ['all', 'all.csv', 'by-teacher']) {
        const response = await as(member).get(`/api/users/lesson-statistic/${path}`, { query: MARCH });
        expectAllowed(response, ['manager', 'admin', 'root'].includes(role));
      }
    }
    const anonymous = await apiAs(t.app, s.manager, { token: null }).get('/api/users/lesson-statistic/all', {
      query: MARCH,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('says what is wrong with a range (422)', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const get = (query: string) => as(s.manager).get('/api/users/lesson-statistic/all', { query });
    expect(fields(await get('from=2026-03-10&to=2026-03-01'))).toEqual({
      to: ['The end cannot be before the start.'],
    });
    expect(fields(await get('from=2025-03-01&to=2026-03-02'))).toEqual({ to: ['Choose at most 366 days.'] });
    // 366 days (a leap year) is the longest range.
    expect((await get('from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect(Object.keys(fields(await get('from=2026-13-01&to=2026-03-01')))).toEqual(['from']);
    expect(Object.keys(fields(await get('to=2026-03-01')))).toEqual(['from']);
    expect(Object.keys(fields(await get(`${MARCH}&time_zone=Mars/Olympus`)))).toEqual(['time_zone']);
    const ukrainian = await as(s.manager).get('/api/users/lesson-statistic/all', {
      query: 'from=2026-03-10&to=2026-03-01',
      lang: 'uk',
    });
    expect(fields(ukrainian)).toEqual({ to: ['Кінець не може бути раніше початку.'] });
  });
});

describe('GET /api/users/lesson-statistic/all.csv', () => {
  const linesOf = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('is the same rows as a CSV file for a spreadsheet: headers in the caller’s language, the days written out, a BOM', async () => {
    const { s } = await reportSchool();
    const response = await as(s.manager).get('/api/users/lesson-statistic/all.csv', { query: MARCH });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('lesson-statistics-2026-03-01-2026-03-31.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(linesOf(response.body)).toEqual([
      'From,To,Teacher,Lessons held,Finished,Minutes,Students,Correct,Incorrect,Cued,Free lessons booked,Free lessons held,Free lessons made students',
      `01/03/2026,31/03/2026,${s.teacher.user.name},3,2,107,1,5,2,2,0,0,0`,
      `01/03/2026,31/03/2026,${s.otherTeacher.user.name},1,1,60,1,0,4,0,0,0,0`,
    ]);
    const ukrainian = await as(s.manager).get('/api/users/lesson-statistic/all.csv', {
      query: MARCH,
      lang: 'uk',
    });
    expect(linesOf(ukrainian.body)).toEqual([
      'Від,До,Педагог,Проведено уроків,Завершено,Хвилин,Учнів,Правильно,Неправильно,З підказкою,Записано на безкоштовні уроки,Проведено безкоштовних уроків,Стали учнями після безкоштовного уроку',
      `01.03.2026,31.03.2026,${s.teacher.user.name},3,2,107,1,5,2,2,0,0,0`,
      `01.03.2026,31.03.2026,${s.otherTeacher.user.name},1,1,60,1,0,4,0,0,0,0`,
    ]);
    const empty = await as(s.manager).get('/api/users/lesson-statistic/all.csv', {
      query: 'from=2020-01-01&to=2020-01-31',
    });
    expect(empty.body.replace(/^\uFEFF/, '')).toBe('');
  });
});

describe('GET /api/users/lesson-statistic/by-teacher', () => {
  it('gives every day of the range, the project’s or one teacher’s, zeros included', async () => {
    const { s, elsewhere } = await reportSchool();
    const series = async (query: string) =>
      dataOf<LessonDay[]>(await as(s.manager).get('/api/users/lesson-statistic/by-teacher', { query }));
    expect(await series('from=2026-02-28&to=2026-03-03')).toEqual([
      { day: '2026-02-28', held: 1, minutes: 45 },
      { day: '2026-03-01', held: 2, minutes: 95 },
      { day: '2026-03-02', held: 1, minutes: 60 },
      { day: '2026-03-03', held: 0, minutes: 0 },
    ]);
    expect(await series('from=2026-03-01&to=2026-03-02&time_zone=Europe/Kyiv')).toEqual([
      { day: '2026-03-01', held: 1, minutes: 45 },
      { day: '2026-03-02', held: 2, minutes: 110 },
    ]);
    expect(await series(`from=2026-03-02&to=2026-03-02&teacher_id=${s.otherTeacher.user.id}`)).toEqual([
      { day: '2026-03-02', held: 1, minutes: 60 },
    ]);
    // Another project's teacher holds nothing here.
    expect(await series(`from=2026-03-02&to=2026-03-03&teacher_id=${elsewhere.teacher.user.id}`)).toEqual([
      { day: '2026-03-02', held: 0, minutes: 0 },
      { day: '2026-03-03', held: 0, minutes: 0 },
    ]);
    expect(
      fields(
        await as(s.manager).get('/api/users/lesson-statistic/by-teacher', {
          query: `${MARCH}&teacher_id=abc`,
        }),
      ),
    ).toHaveProperty('teacher_id');
  });
});

describe('GET /api/lessons/get-remote-range-lessons (CRM token)', () => {
  it('gives a page of the token’s project’s dated lessons in the range; 401 for a revoked token or one of another project', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const elsewhere = await buildLessonSchool(t.app, t.db);
    const admin = await buildSignedInMember(t.db, s.workspace, 'admin');
    const otherAdmin = await buildSignedInMember(t.db, elsewhere.workspace, 'admin');
    const issue = async (who: Member) =>
      dataOf<{ secret: string }>(await as(who).post(`/api/workspaces/:workspaceId/crm-token`), 201).secret;
    const secret = await issue(admin);
    const otherSecret = await issue(otherAdmin);
    const [first, second, third] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const [theirs] = await lessonsOfPlan(t.app, s.otherTeacher, s.otherPlan.id);
    const [foreign] = await lessonsOfPlan(t.app, elsewhere.teacher, elsewhere.plan.id);
    const at = (id: number, iso: string) =>
      t.db
        .update(lessons)
        .set({ startsAt: new Date(iso) })
        .where(eq(lessons.id, id));
    await at(first!.id, '2026-04-01T09:00:00Z');
    await at(second!.id, '2026-04-08T09:00:00Z');
    await at(third!.id, '2026-05-01T09:00:00Z');
    await at(theirs!.id, '2026-04-02T15:00:00Z');
    await at(foreign!.id, '2026-04-02T15:00:00Z');
    await t.db.update(clients).set({ remoteId: 'crm-42' }).where(eq(clients.id, s.student.id));
    dataOf(await as(s.teacher).post('/api/lesson/finish', { lesson_id: first!.id, reached: [] }));

    const call = (token: string | null, query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/lessons/get-remote-range-lessons?${query}`,
        headers: { 'accept-language': 'en', ...(token ? bearer(token) : {}) },
      });
    const response = await call(secret, 'from=2026-04-01&to=2026-04-30');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { data: RemoteLesson[]; meta: object };
    expect(page.meta).toEqual({ total: 3, page: 1, per_page: 20 });
    expect(
      page.data.map((lesson) => [lesson.id, lesson.remote_id, lesson.status, lesson.teacher_email]),
    ).toEqual([
      [first!.id, 'crm-42', 'finished', s.teacher.user.email],
      [theirs!.id, null, 'open', s.otherTeacher.user.email],
      [second!.id, 'crm-42', 'open', s.teacher.user.email],
    ]);
    expect(page.data[0]).toMatchObject({
      child_name: 'Marko',
      starts_at: '2026-04-01T09:00:00.000Z',
      duration_minutes: 45,
    });
    const paged = (await call(secret, 'from=2026-04-01&to=2026-04-30&per_page=1&page=3')).json();
    expect(paged.data.map((lesson: RemoteLesson) => lesson.id)).toEqual([second!.id]);
    // The other project's token sees its own lessons only, and may not name this project.
    const theirsPage = (await call(otherSecret, 'from=2026-04-01&to=2026-04-30')).json();
    expect(theirsPage.data.map((lesson: RemoteLesson) => lesson.id)).toEqual([foreign!.id]);
    expect(
      (await call(otherSecret, `from=2026-04-01&to=2026-04-30&workspace_id=${s.workspace.id}`)).statusCode,
    ).toBe(401);
    // Bad ranges, no token, a user's session, a revoked token.
    expect(fields(await call(secret, 'from=2026-04-30&to=2026-04-01'))).toEqual({
      to: ['The end cannot be before the start.'],
    });
    expect((await call(null, 'from=2026-04-01&to=2026-04-30')).statusCode).toBe(401);
    expect((await call(s.manager.token, 'from=2026-04-01&to=2026-04-30')).statusCode).toBe(401);
    dataOf(await as(admin).delete(`/api/workspaces/:workspaceId/crm-token`));
    expect((await call(secret, 'from=2026-04-01&to=2026-04-30')).statusCode).toBe(401);
  });
});

describe('the root dashboard', () => {
  it('counts lessons held in all and in the last 30 days, never one only opened', async () => {
    const before = await readDashboard(t.db);
    const s = await buildLessonSchool(t.app, t.db);
    const recent = new Date(Date.now() - 2 * 24 * 60 * MINUTE).toISOString();
    const old = new Date(Date.now() - 40 * 24 * 60 * MINUTE).toISOString();
    await held(s, s.teacher, s.plan.id, [
      { at: recent, minutes: 45 },
      { at: old, minutes: 45 },
      { at: recent, minutes: 10, finished: false, marks: [0, 1, 0] },
      { at: recent, minutes: 2, finished: false },
    ]);
    const after = await readDashboard(t.db);
    expect(after.lessons).toEqual({ total: before.lessons.total + 3, recent: before.lessons.recent + 2 });
  });
});
