import type { Course, CourseTemplate, CourseTemplateInput, Lesson } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientThemes, lessons } from '../../db/schema/index.ts';
import { apiAs, apiWithToken, EVERY_ROLE, expectAllowed } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  buildExercise,
  buildSignedInMember,
  buildTheme,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';
import {
  buildLessonSchool,
  dataOf,
  idsOf,
  lessonBody,
  lessonsOfPlan,
  readLesson,
} from '../../test/lessons.ts';

const t = useTestApp();
const as = (who: Member) => apiAs(t.app, who);

/**
 * The lesson school (its plan: "Articulation" 1 to 3 from the words folder, "Phrases" exactly 2
 * from the phrases folder) with four more phrases of usage 3, so that a course lesson fills both.
 */
async function school() {
  const s = await buildLessonSchool(t.app, t.db);
  const other = await buildWorkspace(t.db);
  const otherModerator = await buildSignedInMember(t.db, other, 'moderator');
  const more: number[] = [];
  for (const title of ['Phrase A', 'Phrase B', 'Phrase C', 'Phrase D']) {
    more.push(
      (
        await buildExercise(t.db, s.workspace.id, s.author.user.id, {
          categoryId: s.phrasesFolder,
          title,
          usageFrequency: 3,
        })
      ).id,
    );
  }
  return { ...s, more, otherModerator };
}
type School = Awaited<ReturnType<typeof school>>;

const input = (s: School, values: Partial<CourseTemplateInput> = {}): CourseTemplateInput => ({
  name: 'Sound [R] course',
  description: 'Five weeks on the sound R',
  language: 'en',
  lessons: [
    {
      title: 'Warm-up',
      description_parents: 'Play at home',
      description_teacher: 'Start slow',
      exercise_ids: [s.words[0]!, s.more[0]!, s.more[1]!],
    },
    {
      title: 'Words',
      description_parents: 'Name the pictures',
      exercise_ids: [s.more[0]!, s.words[1]!, s.more[1]!, s.words[2]!],
    },
    { title: 'Phrases', exercise_ids: [s.words[0]!, s.more[2]!, s.more[3]!] },
  ],
  ...values,
});

async function published(s: School, values: Partial<CourseTemplateInput> = {}) {
  const template = dataOf<CourseTemplate>(
    await as(s.moderator).post('/api/course-templates', input(s, values)),
    201,
  );
  return dataOf<CourseTemplate>(await as(s.moderator).post(`/api/course-templates/${template.id}/publish`));
}

const start = (s: School, templateId: number, values: Record<string, unknown> = {}) =>
  as(s.teacher).post('/api/courses', {
    protocol_id: s.plan.id,
    course_template_id: templateId,
    weekdays: [1, 4],
    time: '16:00',
    start_date: '2099-03-02',
    time_zone: 'Europe/Kyiv',
    ...values,
  });

/** The template's lessons as a body to save again (keys kept), changed by `change`. */
const lessonsOf = (template: CourseTemplate) =>
  template.lessons.map(({ key, title, description_parents, description_teacher, exercise_ids }) => ({
    key,
    title,
    description_parents,
    description_teacher,
    exercise_ids,
  }));

const exercisesOf = (lesson: Lesson) =>
  lesson.blocks.flatMap((block) => block.presentations.map((p) => p.exercise_id));

describe('course templates', () => {
  it('a moderator writes, publishes and versions a template; teachers read the published one', async () => {
    const s = await school();
    const draft = dataOf<CourseTemplate>(await as(s.moderator).post('/api/course-templates', input(s)), 201);
    expect(draft).toMatchObject({
      status: 'draft',
      version: 0,
      actions: ['edit', 'publish', 'delete'],
      courses: 0,
    });
    expect(draft.lessons[1]).toMatchObject({
      title: 'Words',
      exercises: [
        { id: s.more[0], title: 'Phrase A' },
        { id: s.words[1], title: 'Word two' },
        { id: s.more[1] },
        { id: s.words[2] },
      ],
    });
    expect(draft.lessons[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await as(s.teacher).get(`/api/course-templates/${draft.id}`)).statusCode).toBe(404);

    const v1 = dataOf<CourseTemplate>(
      await as(s.moderator).post(`/api/course-templates/${draft.id}/publish`),
    );
    expect(v1).toMatchObject({ status: 'published', version: 1, actions: ['edit', 'delete'] });
    const again = await as(s.moderator).post(`/api/course-templates/${draft.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('template_transition_refused');

    const edited = dataOf<CourseTemplate>(
      await as(s.moderator).put(`/api/course-templates/${draft.id}`, {
        ...input(s),
        name: 'Sound [R], second edition',
        lessons: [{ ...lessonsOf(v1)[0]!, title: 'Warm-up again' }, ...lessonsOf(v1).slice(1)],
      }),
    );
    expect(edited).toMatchObject({ status: 'draft', version: 1, name: 'Sound [R], second edition' });
    expect(edited.lessons[0]?.key).toBe(v1.lessons[0]?.key);
    // The teacher still reads version 1 while the moderator writes the next.
    expect(
      dataOf<CourseTemplate>(await as(s.teacher).get(`/api/course-templates/${draft.id}`)),
    ).toMatchObject({
      name: 'Sound [R] course',
      status: 'published',
      actions: [],
      courses: null,
    });
    const diff = dataOf<{ fields: string[]; changes: { key: string; change: string; fields: string[] }[] }>(
      await as(s.moderator).get(`/api/course-templates/${draft.id}/versions/diff?from=1`),
    );
    expect(diff.fields).toEqual(['name']);
    expect(diff.changes).toEqual([
      expect.objectContaining({ key: v1.lessons[0]?.key, change: 'changed', fields: ['title'] }),
    ]);
    dataOf(await as(s.moderator).post(`/api/course-templates/${draft.id}/publish`));
    const versions = dataOf<{ version: number }[]>(
      await as(s.teacher).get(`/api/course-templates/${draft.id}/versions`),
    );
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(
      (await as(s.moderator).get(`/api/course-templates/${draft.id}/versions/diff?from=9`)).statusCode,
    ).toBe(404);

    const list = (await as(s.moderator).get('/api/course-templates?term=second&status=published')).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      id: draft.id,
      lessons: 3,
      version: 2,
      courses: 0,
      writer: { id: s.moderator.user.id },
    });
    expect((await as(s.teacher).get('/api/course-templates')).json().data[0]).toMatchObject({
      name: 'Sound [R], second edition',
      courses: null,
    });
    expect((await as(s.moderator).get('/api/course-templates?status=draft')).json().meta.total).toBe(0);

    expect((await as(s.moderator).delete(`/api/course-templates/${draft.id}`)).statusCode).toBe(200);
    expect((await as(s.moderator).get(`/api/course-templates/${draft.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input, other projects and roles that may not', async () => {
    const s = await school();
    const bad = await as(s.moderator).post(
      '/api/course-templates',
      input(s, {
        name: '',
        lessons: [{ title: 'x'.repeat(201), exercise_ids: [s.draft, s.draft] }],
      }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['name', 'lessons.0.title', 'lessons.0.exercise_ids']),
    );
    const notAccepted = await as(s.moderator).post(
      '/api/course-templates',
      input(s, { lessons: [{ title: 'A', exercise_ids: [s.draft] }] }),
    );
    expect(notAccepted.statusCode).toBe(422);
    expect(notAccepted.json().errors).toHaveProperty(['lessons.0.exercise_ids.0']);
    expect(
      (await as(s.moderator).post('/api/course-templates', { ...input(s), lessons: [] })).statusCode,
    ).toBe(422);

    const template = await published(s);
    const elsewhere = apiAs(t.app, s.otherModerator);
    for (const response of [
      await elsewhere.get(`/api/course-templates/${template.id}`),
      await elsewhere.put(`/api/course-templates/${template.id}`, input(s)),
      await elsewhere.post(`/api/course-templates/${template.id}/publish`),
      await elsewhere.delete(`/api/course-templates/${template.id}`),
      await elsewhere.get(`/api/course-templates/${template.id}/versions`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    // Another project's exercises are not this project's accepted ones.
    expect((await elsewhere.post('/api/course-templates', input(s))).statusCode).toBe(422);

    expect(
      (await apiWithToken(t.app, null).get(`/api/course-templates?workspace_id=${s.workspace.id}`))
        .statusCode,
    ).toBe(401);
    expect(
      (await apiWithToken(t.app, null).post(`/api/courses?workspace_id=${s.workspace.id}`, {})).statusCode,
    ).toBe(401);
    for (const role of EVERY_ROLE) {
      if (role === 'root') continue;
      const member = await buildSignedInMember(t.db, s.workspace, role);
      expectAllowed(await as(member).post('/api/course-templates', input(s)), ['moderator'].includes(role));
      expectAllowed(
        await as(member).get('/api/course-templates'),
        ['moderator', 'teacher', 'diagnostician'].includes(role),
      );
      expectAllowed(await as(member).get('/api/courses'), ['teacher', 'diagnostician'].includes(role));
    }
  });
});

describe('courses', () => {
  it('a teacher starts a course: free lessons taken, dated weekly, exercises and themed versions shown', async () => {
    const s = await school();
    const template = await published(s);
    // The plan's first lesson already has something in it: the course starts at the second.
    const planLessons = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const first = await readLesson(t.app, s.teacher, planLessons[0]!.id);
    dataOf(
      await as(s.teacher).put(`/api/lesson/${first.id}`, {
        starts_at: null,
        duration_minutes: 45,
        blocks: [
          { key: first.blocks[0]!.key, exercise_ids: [s.words[3]!] },
          { key: first.blocks[1]!.key, exercise_ids: [s.phrases[1]!, s.phrases[2]!] },
        ],
      }),
    );
    // The child likes space, and the first exercise has a space version.
    const space = await buildTheme(t.db, s.workspace.id, { name: 'Space' });
    await t.db.insert(clientThemes).values({ clientId: s.student.id, themeId: space.id });
    await t.db.execute(
      `insert into exercise_files (exercise_id, kind, stored_name, mime, size, original_name) values (${s.words[0]}, 'generated', 'course-test-${space.id}', 'application/zip', 1, 'x.pptx')`,
    );
    await t.db.execute(
      `insert into exercise_generated (workspace_id, exercise_id, theme_id, file_id, replaced_count) select ${s.workspace.id}, ${s.words[0]}, ${space.id}, id, 1 from exercise_files where stored_name = 'course-test-${space.id}'`,
    );

    const course = dataOf<Course>(await start(s, template.id), 201);
    expect(course).toMatchObject({
      started_version: 1,
      latest_version: 1,
      changes: [],
      client: { id: s.student.id },
    });
    expect(course.lessons.map((l) => l.number)).toEqual([2, 3, 4]);
    // Mondays and Thursdays at 16:00 in Kyiv from Monday 2 March 2099 (UTC+2 then).
    expect(course.lessons.map((l) => l.starts_at)).toEqual([
      '2099-03-02T14:00:00.000Z',
      '2099-03-05T14:00:00.000Z',
      '2099-03-09T14:00:00.000Z',
    ]);
    expect(course.lessons[0]?.exercises).toEqual([
      { id: s.words[0], title: 'Word one', themed: [{ theme_id: space.id, theme_name: 'Space' }] },
      { id: s.more[0], title: 'Phrase A', themed: [] },
      { id: s.more[1], title: 'Phrase B', themed: [] },
    ]);
    expect(course.lessons[0]).toMatchObject({
      description_parents: 'Play at home',
      description_teacher: 'Start slow',
      held: false,
    });
    // Each exercise sits in the block whose folder holds it, in the template lesson's order.
    const lesson3 = await readLesson(t.app, s.teacher, course.lessons[1]!.lesson_id);
    expect(idsOf(lesson3)).toEqual([
      [s.words[1], s.words[2]],
      [s.more[0], s.more[1]],
    ]);
    // The lesson editor saves a course lesson as it is.
    dataOf(await as(s.teacher).put(`/api/lesson/${lesson3.id}`, lessonBody(lesson3, idsOf(lesson3))));
    expect(dataOf<Course>(await as(s.teacher).get(`/api/courses/${course.id}`))).toEqual(course);
    expect(dataOf<unknown[]>(await as(s.teacher).get(`/api/courses?protocol_id=${s.plan.id}`))).toEqual([
      expect.objectContaining({ id: course.id, lessons: 3, changes: 0 }),
    ]);

    // One course per plan; the template is in use.
    const twice = await start(s, template.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This plan already has a course.');
    expect((await as(s.moderator).delete(`/api/course-templates/${template.id}`)).statusCode).toBe(409);
    expect(
      dataOf<CourseTemplate>(await as(s.moderator).get(`/api/course-templates/${template.id}`)).courses,
    ).toBe(1);

    // Another teacher's plan, another's course, a draft template: 404.
    expect((await start(s, template.id, { protocol_id: s.otherPlan.id })).statusCode).toBe(404);
    expect((await apiAs(t.app, s.otherTeacher).get(`/api/courses/${course.id}`)).statusCode).toBe(404);
    const draft = dataOf<CourseTemplate>(await as(s.moderator).post('/api/course-templates', input(s)), 201);
    expect(
      (
        await apiAs(t.app, s.otherTeacher).post('/api/courses', {
          protocol_id: s.otherPlan.id,
          course_template_id: draft.id,
          weekdays: [1],
          time: '10:00',
          start_date: '2099-01-01',
          time_zone: 'UTC',
        })
      ).statusCode,
    ).toBe(404);
    const badBody = await start(s, template.id, { weekdays: [1, 1], time: '25:00', time_zone: 'Mars/Base' });
    expect(badBody.statusCode).toBe(422);
    expect(Object.keys(badBody.json().errors)).toEqual(
      expect.arrayContaining(['weekdays', 'time', 'time_zone']),
    );

    // Too few free lessons: a template of eleven lessons on the other teacher's plan of ten.
    const long = await published(s, {
      lessons: Array.from({ length: 11 }, (_, i) => ({
        title: `Lesson ${i + 1}`,
        exercise_ids: [s.words[0]!],
      })),
    });
    const short = await apiAs(t.app, s.otherTeacher).post('/api/courses', {
      protocol_id: s.otherPlan.id,
      course_template_id: long.id,
      weekdays: [2],
      time: '10:00',
      start_date: '2099-01-01',
      time_zone: 'UTC',
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(
      'The plan has fewer free lessons than the course has. A free lesson is not held and has nothing in it yet.',
    );
  });

  it("a new version's changes wait lesson by lesson: applied, kept, held lessons untouched, one apply wins", async () => {
    const s = await school();
    const v1 = await published(s);
    const course = dataOf<Course>(await start(s, v1.id), 201);
    const [warm, words, phrases] = v1.lessons;
    // The first lesson is held before the template changes.
    await t.db
      .update(lessons)
      .set({ finishedAt: new Date() })
      .where(eq(lessons.id, course.lessons[0]!.lesson_id));

    // Version 2: every lesson changes, one is dropped, one added.
    dataOf(
      await as(s.moderator).put(`/api/course-templates/${v1.id}`, {
        ...input(s),
        lessons: [
          { ...lessonsOf(v1)[0]!, exercise_ids: [s.words[3]!] },
          {
            ...lessonsOf(v1)[1]!,
            title: 'Words, more',
            exercise_ids: [s.words[2]!, s.more[2]!, s.more[3]!],
          },
          {
            title: 'Stories',
            description_parents: 'Read together',
            exercise_ids: [s.phrases[2]!, s.words[1]!, s.more[0]!],
          },
        ],
      }),
    );
    dataOf(await as(s.moderator).post(`/api/course-templates/${v1.id}/publish`));
    const waiting = dataOf<Course>(await as(s.teacher).get(`/api/courses/${course.id}`));
    expect(waiting.latest_version).toBe(2);
    const byKey = new Map(waiting.changes.map((c) => [c.key, c]));
    // The held lesson is not offered a change.
    expect(byKey.has(warm!.key)).toBe(false);
    expect(byKey.get(words!.key)).toMatchObject({
      change: 'changed',
      fields: ['title', 'exercise_ids'],
      title: 'Words, more',
    });
    expect(byKey.get(phrases!.key)).toMatchObject({ change: 'removed', title: 'Phrases' });
    const added = waiting.changes.find((c) => c.change === 'added');
    expect(added).toMatchObject({ title: 'Stories', lesson_id: null });
    // Nothing changed yet: the lessons keep version 1.
    expect(exercisesOf(await readLesson(t.app, s.teacher, course.lessons[1]!.lesson_id))).toEqual([
      s.words[1],
      s.words[2],
      s.more[0],
      s.more[1],
    ]);

    // Two applies of one lesson at once: one wins, the other finds nothing left.
    const both = await Promise.all([
      as(s.teacher).post(`/api/courses/${course.id}/apply`, { key: words!.key }),
      as(s.teacher).post(`/api/courses/${course.id}/apply`, { key: words!.key }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const applied = dataOf<Course>(await as(s.teacher).get(`/api/courses/${course.id}`));
    expect(applied.lessons.find((l) => l.key === words!.key)).toMatchObject({
      title: 'Words, more',
      version: 2,
    });
    expect(exercisesOf(await readLesson(t.app, s.teacher, course.lessons[1]!.lesson_id))).toEqual([
      s.words[2],
      s.more[2],
      s.more[3],
    ]);
    expect(applied.changes.map((c) => c.key)).not.toContain(words!.key);

    // Keep the removed one: it stays as it was; keeping twice is refused.
    const kept = dataOf<Course>(
      await as(s.teacher).post(`/api/courses/${course.id}/keep`, { key: phrases!.key }),
    );
    expect(kept.lessons.find((l) => l.key === phrases!.key)).toMatchObject({ title: 'Phrases', version: 1 });
    expect(
      (await as(s.teacher).post(`/api/courses/${course.id}/keep`, { key: phrases!.key })).statusCode,
    ).toBe(409);

    // Apply the added one: it takes the next free lesson on the course's next weekday.
    const grown = dataOf<Course>(
      await as(s.teacher).post(`/api/courses/${course.id}/apply`, { key: added!.key }),
    );
    const story = grown.lessons.find((l) => l.key === added!.key);
    expect(story).toMatchObject({
      number: 4,
      title: 'Stories',
      version: 2,
      starts_at: '2099-03-12T14:00:00.000Z',
    });
    expect(grown.changes).toEqual([]);

    // The held lesson never changed; a change of it cannot be applied.
    const held = grown.lessons.find((l) => l.key === warm!.key);
    expect(held).toMatchObject({
      held: true,
      version: 1,
      exercises: [s.words[0], s.more[0], s.more[1]].map((id) => expect.objectContaining({ id })),
    });
    expect(exercisesOf(await readLesson(t.app, s.teacher, course.lessons[0]!.lesson_id))).toEqual([
      s.words[0],
      s.more[0],
      s.more[1],
    ]);
    expect((await as(s.teacher).post(`/api/courses/${course.id}/apply`, { key: warm!.key })).statusCode).toBe(
      409,
    );

    // Version 3 removes the kept lesson again: a newer version's change is offered anew, and applied empties it.
    const v2 = dataOf<CourseTemplate>(await as(s.moderator).get(`/api/course-templates/${v1.id}`));
    dataOf(
      await as(s.moderator).put(`/api/course-templates/${v1.id}`, {
        ...input(s),
        lessons: lessonsOf(v2).slice(0, 2),
      }),
    );
    dataOf(await as(s.moderator).post(`/api/course-templates/${v1.id}/publish`));
    const v3 = dataOf<Course>(await as(s.teacher).get(`/api/courses/${course.id}`));
    expect(v3.changes).toEqual([
      expect.objectContaining({ key: phrases!.key, change: 'removed' }),
      expect.objectContaining({ key: added!.key, change: 'removed' }),
    ]);
    const emptied = dataOf<Course>(
      await as(s.teacher).post(`/api/courses/${course.id}/apply`, { key: phrases!.key }),
    );
    expect(emptied.lessons.map((l) => l.key)).not.toContain(phrases!.key);
    expect(exercisesOf(await readLesson(t.app, s.teacher, course.lessons[2]!.lesson_id))).toEqual([]);

    // Another teacher, a wrong key, bad bodies.
    expect(
      (await apiAs(t.app, s.otherTeacher).post(`/api/courses/${course.id}/apply`, { key: added!.key }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await as(s.teacher).post(`/api/courses/${course.id}/apply`, {
          key: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(409);
    expect((await as(s.teacher).post(`/api/courses/${course.id}/keep`, { key: 'nope' })).statusCode).toBe(
      422,
    );
  });
  it("refuses a course lesson that breaks the plan's rules, writing nothing; a change likewise", async () => {
    const s = await school();
    const [good] = input(s).lessons;
    const refused = async (lesson: CourseTemplateInput['lessons'][number]) => {
      const template = await published(s, { lessons: [good!, lesson] });
      const response = await start(s, template.id);
      expect(response.statusCode).toBe(409);
      return response.json().message as string;
    };
    // An exercise of no block's folder; a block over its maximum; a block below its minimum.
    expect(
      await refused({ title: 'Odd one', exercise_ids: [s.words[1]!, s.elsewhere, s.more[2]!, s.more[3]!] }),
    ).toBe(
      'The course lesson “Odd one” does not fit the plan’s blocks. “Elsewhere” is not an accepted exercise of the folder of any of the plan’s blocks.',
    );
    expect(
      await refused({
        title: 'Too many',
        exercise_ids: [...s.words, s.more[2]!, s.more[3]!],
      }),
    ).toBe(
      'The course lesson “Too many” does not fit the plan’s blocks. The block “Articulation” takes at most 3 presentations.',
    );
    expect(await refused({ title: 'Too few', exercise_ids: [s.words[1]!, s.more[2]!] })).toBe(
      'The course lesson “Too few” does not fit the plan’s blocks. The block “Phrases” needs at least 2 presentations.',
    );
    // In the caller's language.
    const template = await published(s, {
      lessons: [good!, { title: 'Zu viel', exercise_ids: [...s.words] }],
    });
    const uk = await as(s.teacher).post(
      '/api/courses',
      {
        protocol_id: s.plan.id,
        course_template_id: template.id,
        weekdays: [1],
        time: '16:00',
        start_date: '2099-03-02',
        time_zone: 'Europe/Kyiv',
      },
      { lang: 'uk' },
    );
    expect(uk.json().message).toMatch(/^Урок курсу «Zu viel» не вміщується в блоки плану. /);
    // Nothing written: no course, no presentation, no date (the first lesson fitted).
    const untouched = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    expect(untouched.filter((l) => l.presentations > 0 || l.starts_at !== null)).toEqual([]);
    expect(dataOf<unknown[]>(await as(s.teacher).get(`/api/courses?protocol_id=${s.plan.id}`))).toEqual([]);

    // A changed lesson that would use a phrase more often than it may is refused, the lesson kept:
    // the plan's last lesson already has "Phrase one" (usage 1).
    const last = (await lessonsOfPlan(t.app, s.teacher, s.plan.id)).at(-1)!;
    const lastLesson = await readLesson(t.app, s.teacher, last.id);
    dataOf(
      await as(s.teacher).put(
        `/api/lesson/${last.id}`,
        lessonBody(lastLesson, [[s.words[3]!], [s.phrases[0]!, s.phrases[1]!]]),
      ),
    );
    const fits = await published(s);
    const course = dataOf<Course>(await start(s, fits.id), 201);
    const [first] = lessonsOf(fits);
    dataOf(
      await as(s.moderator).put(`/api/course-templates/${fits.id}`, {
        ...input(s),
        lessons: [
          { ...first!, exercise_ids: [s.words[0]!, s.phrases[0]!, s.more[0]!] },
          ...lessonsOf(fits).slice(1),
        ],
      }),
    );
    dataOf(await as(s.moderator).post(`/api/course-templates/${fits.id}/publish`));
    const apply = await as(s.teacher).post(`/api/courses/${course.id}/apply`, { key: first!.key });
    expect(apply.statusCode).toBe(409);
    expect(apply.json().message).toBe(
      'The course lesson “Warm-up” does not fit the plan’s blocks. “Phrase one” (block “Phrases”) is used in the plan’s lessons more often than it may be: at most 1.',
    );
    expect(exercisesOf(await readLesson(t.app, s.teacher, course.lessons[0]!.lesson_id))).toEqual([
      s.words[0],
      s.more[0],
      s.more[1],
    ]);
  });
});
