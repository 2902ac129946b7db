import {
  EXERCISE_BULK_MAX,
  EXERCISE_COUNT_CAP,
  EXERCISE_DESCRIPTION_MAX,
  EXERCISE_STATUS,
  LANGUAGES,
  todayIso,
  type Exercise,
  type ExerciseStatusName,
} from '@logoschool/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  exerciseFiles,
  exerciseSlides,
  exerciseStatusHistory,
  exerciseTags,
  exerciseVotes,
  exercises,
} from '../../db/schema/index.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { apiAs, type Api, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSchool, type School } from '../../test/exercises.ts';
import { addMembership, buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';

const t = useTestApp();

let titles = 0;
const nextTitle = (prefix = 'Exercise') => `${prefix} ${(titles += 1)}`;

const addDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const REQUEST = {
  description: 'Pictures for the sound [R] in the middle of a word',
  interests: ['Cars', 'Space'],
  age_categories: ['5-6', '7-9'],
};

const message = (key: FieldMessage, lang: (typeof LANGUAGES)[number] = 'en', params = {}) =>
  text(lang, `fields.${key}`, params);

/** An author's new draft, through the API. */
async function draft(author: Member, values: object = {}): Promise<Exercise> {
  const response = await apiAs(t.app, author).post('/api/exercises', {
    title: nextTitle('Draft'),
    ...values,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** A moderator's new request, through the API. */
async function fileRequest(moderator: Member, values: object = {}): Promise<Exercise> {
  const response = await apiAs(t.app, moderator).post('/api/exercises', {
    title: nextTitle('Request'),
    request: { ...REQUEST, deadline: addDays(14) },
    ...values,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/**
 * Gives an exercise what review needs: a category and a tag, and a presentation's slide count
 * written straight to the table (uploads come with the presentations issue).
 */
async function makeComplete(school: School, id: number) {
  await t.db.update(exercises).set({ categoryId: school.leaf, slideCount: 6 }).where(eq(exercises.id, id));
  await t.db.insert(exerciseTags).values({ exerciseId: id, tagId: school.rhymes }).onConflictDoNothing();
}

const setStatus = (who: Member, id: number, status: ExerciseStatusName, comment?: string, lang?: string) =>
  apiAs(t.app, who).post(
    `/api/exercises/${id}/status`,
    { status_id: EXERCISE_STATUS[status], ...(comment === undefined ? {} : { comment }) },
    { lang },
  );

async function expectStatus(who: Member, id: number, status: ExerciseStatusName, comment?: string) {
  const response = await setStatus(who, id, status, comment);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Exercise;
}

/** An exercise of the school's author, brought to `status` through the API. */
async function inStatus(school: School, status: ExerciseStatusName, values: object = {}): Promise<Exercise> {
  if (status === 'request') return fileRequest(school.moderator, values);
  const exercise = await draft(school.author, values);
  if (status === 'draft') return exercise;
  await makeComplete(school, exercise.id);
  const submitted = await expectStatus(school.author, exercise.id, 'moderation');
  if (status === 'moderation') return submitted;
  if (status === 'accepted') return expectStatus(school.moderator, exercise.id, 'accepted');
  return expectStatus(school.moderator, exercise.id, 'declined', 'The slides are too dark');
}

const show = (who: Member, id: number, query?: string) =>
  apiAs(t.app, who).get(`/api/exercises/${id}`, { query });

async function listed(who: Member, path = '/exercises', query = '') {
  const response = await apiAs(t.app, who).get(`/api${path}`, { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: Exercise[];
    meta: { total: number; counters: Record<string, number>; capped: boolean };
  };
}

const ids = (exercisesList: { id: number }[]) => exercisesList.map((exercise) => exercise.id);

describe('POST /api/exercises', () => {
  it('lets an author start a draft with only a title, the rest defaulted', async () => {
    const school = await buildSchool(t.db);
    const response = await apiAs(t.app, school.author).post('/api/exercises', { title: '  Rocket [R] ' });
    expect(response.statusCode, response.body).toBe(201);
    const data: Exercise = response.json().data;
    expect(data).toEqual({
      id: expect.any(Number),
      workspace_id: school.workspace.id,
      title: 'Rocket [R]',
      status_id: EXERCISE_STATUS.draft,
      assigned_id: null,
      assigned: null,
      author: { id: school.author.user.id, name: 'Andrii Author' },
      own_like: null,
      likes_count: 0,
      dislikes_count: 0,
      category: null,
      presentation: null,
      tags: [],
      usage_frequency: 1,
      comment: '',
      instruction: '',
      description: '',
      language: 'en',
      read_only: false,
      excluded_from_generation: false,
      ready_for_generation: false,
      request: null,
      thumbnail_url: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const history = await t.db
      .select()
      .from(exerciseStatusHistory)
      .where(eq(exerciseStatusHistory.exerciseId, data.id));
    expect(history).toMatchObject([
      { fromStatus: null, toStatus: EXERCISE_STATUS.draft, userId: school.author.user.id, automatic: false },
    ]);
  });

  it('takes the content fields, and answers the category and the tags by name', async () => {
    const school = await buildSchool(t.db);
    const data = await draft(school.author, {
      category_id: school.leaf,
      tag_ids: [school.rhymes, school.articulation],
      usage_frequency: 3,
      instruction: ' Say it slowly ',
      description: 'A rocket flies',
      language: 'uk',
    });
    expect(data).toMatchObject({
      category: { id: school.leaf, name: '[R]' },
      tags: [
        { id: school.articulation, name: 'Articulation' },
        { id: school.rhymes, name: 'rhymes' },
      ],
      usage_frequency: 3,
      instruction: 'Say it slowly',
      description: 'A rocket flies',
      language: 'uk',
    });
  });

  it('lets a moderator file a request, which needs its request fields (spec §5)', async () => {
    const school = await buildSchool(t.db);
    const deadline = addDays(10);
    const response = await apiAs(t.app, school.moderator).post('/api/exercises', {
      title: 'Cars [R]',
      request: { ...REQUEST, deadline },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      status_id: EXERCISE_STATUS.request,
      author: { id: school.moderator.user.id, name: 'Oksana Moderator' },
      assigned_id: null,
      request: { ...REQUEST, deadline, overdue: false },
    });

    const missing = await apiAs(t.app, school.moderator).post('/api/exercises', { title: 'No request' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ request: [message('required')] });

    const invalid = await apiAs(t.app, school.moderator).post('/api/exercises', {
      title: 'Bad request',
      request: { description: '', interests: [], age_categories: [], deadline: '2030-02-30' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual([
      'request.age_categories',
      'request.deadline',
      'request.description',
      'request.interests',
    ]);

    const past = await apiAs(t.app, school.moderator).post('/api/exercises', {
      title: 'Late request',
      request: { ...REQUEST, deadline: addDays(-1) },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ 'request.deadline': [message('dateInPast')] });
  });

  it("refuses an author's request fields and flags, and a teacher altogether (403)", async () => {
    const school = await buildSchool(t.db);
    for (const values of [
      { request: { ...REQUEST, deadline: addDays(3) } },
      { read_only: true },
      { excluded_from_generation: false },
      { ready_for_generation: true },
    ]) {
      const response = await apiAs(t.app, school.author).post('/api/exercises', {
        title: nextTitle(),
        ...values,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    const teacher = await apiAs(t.app, school.teacher).post('/api/exercises', { title: 'Teacher' });
    expect(teacher.statusCode).toBe(403);
    expect(await t.db.$count(exercises, eq(exercises.workspaceId, school.workspace.id))).toBe(0);
  });

  it.each(LANGUAGES)(
    'refuses a title the project has, ignoring case (409 exercise_title_taken), in %s',
    async (lang) => {
      const school = await buildSchool(t.db);
      await draft(school.author, { title: 'Rocket [R]' });
      const response = await apiAs(t.app, school.otherAuthor).post(
        '/api/exercises',
        { title: ' ROCKET [r] ' },
        { lang },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'exercise_title_taken',
        message: text(lang, 'errors.exercise_title_taken'),
        errors: { title: [message('exerciseTitleTaken', lang)] },
      });
    },
  );

  it('takes a title that another project has', async () => {
    const [first, second] = [await buildSchool(t.db), await buildSchool(t.db)];
    await draft(first.author, { title: 'Rocket' });
    await draft(second.author, { title: 'Rocket' });
  });

  it("refuses a folder, another project's category or tag, and overlong texts (422)", async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const cases: [object, Record<string, string[]>][] = [
      [{ category_id: school.folder }, { category_id: [message('categoryIsFolder')] }],
      [{ category_id: other.leaf }, { category_id: [message('categoryNotFound')] }],
      [{ category_id: 2_000_000_000 }, { category_id: [message('categoryNotFound')] }],
      [{ tag_ids: [school.rhymes, other.rhymes] }, { tag_ids: [message('tagNotFound')] }],
      [
        { description: 'x'.repeat(EXERCISE_DESCRIPTION_MAX + 1) },
        { description: [message('tooLongString', 'en', { count: EXERCISE_DESCRIPTION_MAX })] },
      ],
      [{ usage_frequency: 2 }, { usage_frequency: [message('oneOf', 'en', { values: '1, 3' })] }],
    ];
    for (const [values, errors] of cases) {
      const response = await apiAs(t.app, school.author).post('/api/exercises', {
        title: nextTitle(),
        ...values,
      });
      expect(response.statusCode, JSON.stringify(values)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await t.db.$count(exercises, eq(exercises.workspaceId, school.workspace.id))).toBe(0);
  });

  it('takes the project from the body instead of the query, and refuses two different ones', async () => {
    const school = await buildSchool(t.db);
    const fromBody = await apiAs(t.app, school.author).post(
      '/api/exercises',
      { title: 'From the body', workspace_id: school.workspace.id },
      { workspace: null },
    );
    expect(fromBody.statusCode, fromBody.body).toBe(201);
    const other = await buildWorkspace(t.db);
    const mismatch = await apiAs(t.app, school.author).post('/api/exercises', {
      title: 'Two projects',
      workspace_id: other.id,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      workspace_id: [message('workspaceMismatch', 'en', { workspaceId: school.workspace.id })],
    });
    const none = await apiAs(t.app, school.author).post(
      '/api/exercises',
      { title: 'No project' },
      { workspace: null },
    );
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ workspace_id: [message('required')] });
  });
});

describe('GET /api/exercises', () => {
  /** One exercise in every status, plus another author's draft and a request they took. */
  async function stocked() {
    const school = await buildSchool(t.db);
    const byStatus = {
      request: await inStatus(school, 'request'),
      draft: await inStatus(school, 'draft'),
      moderation: await inStatus(school, 'moderation'),
      accepted: await inStatus(school, 'accepted'),
      declined: await inStatus(school, 'declined'),
    };
    const othersDraft = await draft(school.otherAuthor);
    const taken = await fileRequest(school.moderator);
    const take = await apiAs(t.app, school.otherAuthor).post(`/api/exercises/${taken.id}/take`);
    expect(take.statusCode, take.body).toBe(200);
    return { school, byStatus, othersDraft, taken };
  }

  it('gives a moderator every exercise, newest first, and every status tab its counter', async () => {
    const { school, byStatus, othersDraft, taken } = await stocked();
    const { data, meta } = await listed(school.moderator);
    expect(ids(data)).toEqual(
      [...Object.values(byStatus).map((exercise) => exercise.id), othersDraft.id, taken.id].sort(
        (a, b) => b - a,
      ),
    );
    expect(meta).toEqual({
      total: 7,
      page: 1,
      per_page: 20,
      counters: { 1: 1, 2: 1, 3: 1, 4: 3, 5: 1 },
      capped: false,
    });
  });

  it('lists one status tab, the counters staying those of every tab', async () => {
    const { school, othersDraft, taken, byStatus } = await stocked();
    const { data, meta } = await listed(school.moderator, '/exercises', `status_id=${EXERCISE_STATUS.draft}`);
    expect(ids(data)).toEqual([taken.id, othersDraft.id, byStatus.draft.id]);
    expect(meta).toMatchObject({ total: 3, counters: { 1: 1, 2: 1, 3: 1, 4: 3, 5: 1 } });
  });

  it('pages the list', async () => {
    const { school } = await stocked();
    const all = ids((await listed(school.moderator)).data);
    const second = await listed(school.moderator, '/exercises', 'per_page=3&page=2');
    expect(ids(second.data)).toEqual(all.slice(3, 6));
    expect(second.meta).toMatchObject({ total: 7, page: 2, per_page: 3 });
    const beyond = await listed(school.moderator, '/exercises', 'per_page=3&page=9');
    expect(beyond.data).toEqual([]);
  });

  it('filters by a case-insensitive part of the title, its % and _ taken literally (spec §5)', async () => {
    const school = await buildSchool(t.db);
    const rocket = await draft(school.author, { title: 'Big Rocket [R]' });
    const percent = await draft(school.author, { title: '100% rocket_fuel' });
    await draft(school.author, { title: 'Fish [Sh]' });
    expect(ids((await listed(school.moderator, '/exercises', 'term=ROCKET')).data).sort()).toEqual(
      [rocket.id, percent.id].sort(),
    );
    expect(ids((await listed(school.moderator, '/exercises', 'term=%25')).data)).toEqual([percent.id]);
    expect(ids((await listed(school.moderator, '/exercises', 'term=t_f')).data)).toEqual([percent.id]);
    expect((await listed(school.moderator, '/exercises', 'term=zebra')).data).toEqual([]);
  });

  it('filters by author: the assigned author when set, else the author (spec §5)', async () => {
    const { school, byStatus, othersDraft, taken } = await stocked();
    const byOther = await listed(school.moderator, '/exercises', `author_id=${school.otherAuthor.user.id}`);
    expect(ids(byOther.data)).toEqual([taken.id, othersDraft.id]);
    const byModerator = await listed(school.moderator, '/exercises', `author_id=${school.moderator.user.id}`);
    // The moderator wrote both requests; the one taken is the taker's now.
    expect(ids(byModerator.data)).toEqual([byStatus.request.id]);
  });

  it('computes the counters after the term and author filters (spec §4)', async () => {
    const school = await buildSchool(t.db);
    await draft(school.author, { title: 'Rocket one' });
    await inStatus(school, 'accepted', { title: 'Rocket two' });
    await draft(school.otherAuthor, { title: 'Rocket three' });
    await draft(school.author, { title: 'Fish' });
    const { meta } = await listed(
      school.moderator,
      '/exercises',
      `term=rocket&author_id=${school.author.user.id}&status_id=${EXERCISE_STATUS.accepted}`,
    );
    expect(meta).toMatchObject({ total: 1, counters: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 0 } });
  });

  it('counts a search up to the cap, exactly below it and as lower bounds past it (issue 13)', async () => {
    const school = await buildSchool(t.db);
    const row = (n: number, statusId: number) => ({
      workspaceId: school.workspace.id,
      title: `Kite ${n}`,
      statusId,
      authorId: school.author.user.id,
      language: 'en',
    });
    // As many kites as the cap, accepted and drafts, and a fish.
    await t.db
      .insert(exercises)
      .values([
        ...Array.from({ length: EXERCISE_COUNT_CAP - 1 }, (_, n) => row(n, EXERCISE_STATUS.accepted)),
        row(EXERCISE_COUNT_CAP, EXERCISE_STATUS.draft),
        { ...row(0, EXERCISE_STATUS.draft), title: 'Fish' },
      ]);
    const exact = await listed(school.moderator, '/exercises', 'term=kite');
    expect(exact.meta).toMatchObject({
      total: EXERCISE_COUNT_CAP,
      capped: false,
      counters: { 1: EXERCISE_COUNT_CAP - 1, 2: 0, 3: 0, 4: 1, 5: 0 },
    });
    // One more: the count stops past the cap and says its numbers are lower bounds.
    await t.db.insert(exercises).values(row(EXERCISE_COUNT_CAP + 1, EXERCISE_STATUS.draft));
    const past = await listed(school.moderator, '/exercises', `term=kite&status_id=${EXERCISE_STATUS.draft}`);
    expect(past.meta.capped).toBe(true);
    const counted = Object.values(past.meta.counters).reduce((sum, value) => sum + value, 0);
    expect(counted).toBe(EXERCISE_COUNT_CAP + 1);
    expect(past.meta.total).toBe(past.meta.counters[EXERCISE_STATUS.draft]);
    expect(past.meta.counters[EXERCISE_STATUS.draft]).toBeLessThanOrEqual(2);
    // The page itself is whole: both drafts, newest first.
    expect(past.data.map((exercise) => exercise.title)).toEqual([
      `Kite ${EXERCISE_COUNT_CAP + 1}`,
      `Kite ${EXERCISE_COUNT_CAP}`,
    ]);
    // With no filter the counters are exact at any size.
    const whole = await listed(school.moderator);
    expect(whole.meta).toMatchObject({ total: EXERCISE_COUNT_CAP + 2, capped: false });
  });

  it('filters by category and by tag', async () => {
    const school = await buildSchool(t.db);
    const inLeaf = await draft(school.author, { category_id: school.leaf });
    const tagged = await draft(school.author, { tag_ids: [school.articulation] });
    await draft(school.author);
    expect(ids((await listed(school.moderator, '/exercises', `category_id=${school.leaf}`)).data)).toEqual([
      inLeaf.id,
    ]);
    expect(ids((await listed(school.moderator, '/exercises', `tag_id=${school.articulation}`)).data)).toEqual(
      [tagged.id],
    );
  });

  it("gives an author their own, every request and the accepted library, never others' work", async () => {
    const { school, byStatus, othersDraft, taken } = await stocked();
    const mine = await listed(school.author);
    expect(ids(mine.data)).toEqual(
      Object.values(byStatus)
        .map((exercise) => exercise.id)
        .sort((a, b) => b - a),
    );
    expect(mine.meta.counters).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 });
    const theirs = await listed(school.otherAuthor);
    expect(ids(theirs.data)).toEqual([taken.id, othersDraft.id, byStatus.accepted.id, byStatus.request.id]);
  });

  it('gives a teacher the accepted library only', async () => {
    const { school, byStatus } = await stocked();
    const { data, meta } = await listed(school.teacher);
    expect(ids(data)).toEqual([byStatus.accepted.id]);
    expect(meta.counters).toEqual({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 0 });
  });

  it('shows each caller their own vote, and adds the history with_activities', async () => {
    const school = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    await apiAs(t.app, school.teacher).post(`/api/exercises/${accepted.id}/dislike`);
    const [forTeacher] = (await listed(school.teacher)).data;
    const [forAuthor] = (await listed(school.author, '/exercises', 'with_activities=true')).data;
    expect(forTeacher).toMatchObject({ own_like: 0, dislikes_count: 1 });
    expect(forTeacher).not.toHaveProperty('activities');
    expect(forAuthor!.own_like).toBeNull();
    expect(
      forAuthor!.activities!.map(({ from_status_id, to_status_id, user }) => [
        from_status_id,
        to_status_id,
        user?.id,
      ]),
    ).toEqual([
      [null, EXERCISE_STATUS.draft, school.author.user.id],
      [EXERCISE_STATUS.draft, EXERCISE_STATUS.moderation, school.author.user.id],
      [EXERCISE_STATUS.moderation, EXERCISE_STATUS.accepted, school.moderator.user.id],
    ]);
  });

  it("never lists another project's exercises", async () => {
    const [school, other] = [await buildSchool(t.db), await buildSchool(t.db)];
    await inStatus(other, 'accepted');
    await draft(other.author);
    expect((await listed(school.moderator)).meta.total).toBe(0);
  });
});

describe('GET /api/exercises/for-author', () => {
  it("lists the caller's own and assigned exercises and every open request", async () => {
    const school = await buildSchool(t.db);
    const own = await draft(school.author);
    const accepted = await inStatus(school, 'accepted');
    const open = await fileRequest(school.moderator);
    const taken = await fileRequest(school.moderator);
    await apiAs(t.app, school.author).post(`/api/exercises/${taken.id}/take`);
    const othersAccepted = await draft(school.otherAuthor);
    const { data, meta } = await listed(school.author, '/exercises/for-author');
    expect(ids(data)).toEqual([taken.id, open.id, accepted.id, own.id]);
    expect(ids(data)).not.toContain(othersAccepted.id);
    expect(meta.counters).toEqual({ 1: 1, 2: 0, 3: 0, 4: 2, 5: 1 });
    const other = await listed(
      school.otherAuthor,
      '/exercises/for-author',
      `status_id=${EXERCISE_STATUS.request}`,
    );
    expect(ids(other.data)).toEqual([open.id]);
  });

  it.each(['moderator', 'teacher'] as const)('refuses a %s (403)', async (role) => {
    const school = await buildSchool(t.db);
    expect((await apiAs(t.app, school[role]).get('/api/exercises/for-author')).statusCode).toBe(403);
  });
});

describe('GET /api/exercises/for-teacher', () => {
  it('lists accepted exercises, by category and what is under it (plans: lessons/lesson-fill.test.ts)', async () => {
    const school = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    await inStatus(school, 'moderation');
    await draft(school.author, { category_id: school.leaf });
    const all = await listed(school.teacher, '/exercises/for-teacher');
    expect(ids(all.data)).toEqual([accepted.id]);
    expect(all.meta.counters).toEqual({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 0 });
    expect(
      ids((await listed(school.teacher, '/exercises/for-teacher', `category_id=${school.leaf}`)).data),
    ).toEqual([accepted.id]);
    expect(
      ids((await listed(school.teacher, '/exercises/for-teacher', `category_id=${school.folder}`)).data),
    ).toEqual([accepted.id]);
    // No plan or student of the caller's by these ids: nothing.
    expect(
      (await listed(school.teacher, '/exercises/for-teacher', 'client_id=5&protocol_id=7')).data,
    ).toEqual([]);
    expect(ids((await listed(school.moderator, '/exercises/for-teacher')).data)).toEqual([accepted.id]);
  });
});

describe('GET /api/exercises/latest', () => {
  it('answers the exercise the caller can read that changed last, or null', async () => {
    const school = await buildSchool(t.db);
    const none = await apiAs(t.app, school.teacher).get('/api/exercises/latest');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: null });
    const accepted = await inStatus(school, 'accepted');
    const later = await draft(school.author);
    expect((await apiAs(t.app, school.author).get('/api/exercises/latest')).json().data.id).toBe(later.id);
    expect((await apiAs(t.app, school.teacher).get('/api/exercises/latest')).json().data.id).toBe(
      accepted.id,
    );
  });
});

describe('GET /api/exercises/:exerciseId', () => {
  it('answers an exercise the caller can read, with its history on request', async () => {
    const school = await buildSchool(t.db);
    const own = await draft(school.author);
    const response = await show(school.author, own.id, 'with_activities=1');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: own.id,
      activities: [{ to_status_id: EXERCISE_STATUS.draft }],
    });
    expect((await show(school.moderator, own.id)).json().data).not.toHaveProperty('activities');
  });

  it("answers 404 for what the caller may not read, another project's exercise, and a bad id", async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const own = await draft(school.author);
    const accepted = await inStatus(school, 'accepted');
    expect((await show(school.otherAuthor, own.id)).statusCode).toBe(404);
    expect((await show(school.teacher, own.id)).statusCode).toBe(404);
    expect((await show(school.teacher, accepted.id)).statusCode).toBe(200);
    expect((await show(other.moderator, accepted.id)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '2147483648']) {
      const response = await apiAs(t.app, school.moderator).get(`/api/exercises/${id}`);
      expect(response.statusCode, id).toBe(404);
    }
  });
});

describe('PUT /api/exercises/:exerciseId', () => {
  const update = (who: Member, id: number, payload: object, lang?: string) =>
    apiAs(t.app, who).put(`/api/exercises/${id}`, payload, { lang });

  it('lets an author change the fields of their draft and their declined exercise', async () => {
    const school = await buildSchool(t.db);
    for (const status of ['draft', 'declined'] as const) {
      const exercise = await inStatus(school, status);
      const response = await update(school.author, exercise.id, {
        title: nextTitle('Renamed'),
        category_id: school.leaf,
        tag_ids: [school.articulation],
        instruction: 'Slowly',
        workspace_id: school.workspace.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        category: { id: school.leaf },
        tags: [{ id: school.articulation }],
        instruction: 'Slowly',
        status_id: EXERCISE_STATUS[status],
      });
      const cleared = await update(school.author, exercise.id, { category_id: null, tag_ids: [] });
      expect(cleared.json().data).toMatchObject({ category: null, tags: [] });
    }
  });

  it("refuses an author's exercise under review or accepted, and a read-only one (403)", async () => {
    const school = await buildSchool(t.db);
    for (const status of ['moderation', 'accepted'] as const) {
      const exercise = await inStatus(school, status);
      const response = await update(school.author, exercise.id, { instruction: 'New' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    const readOnly = await draft(school.author);
    await t.db.update(exercises).set({ readOnly: true }).where(eq(exercises.id, readOnly.id));
    expect((await update(school.author, readOnly.id, { instruction: 'New' })).statusCode).toBe(403);
    expect((await update(school.author, readOnly.id, {})).statusCode).toBe(403);
  });

  it("answers 404 for another author's draft, 403 for what a reader may only read", async () => {
    const school = await buildSchool(t.db);
    const own = await draft(school.author);
    const accepted = await inStatus(school, 'accepted');
    expect((await update(school.otherAuthor, own.id, { instruction: 'x' })).statusCode).toBe(404);
    expect((await update(school.otherAuthor, accepted.id, { instruction: 'x' })).statusCode).toBe(403);
    expect((await update(school.teacher, accepted.id, { instruction: 'x' })).statusCode).toBe(403);
    expect((await update(school.teacher, own.id, { instruction: 'x' })).statusCode).toBe(404);
  });

  it("refuses an author's flags, even on their draft (403)", async () => {
    const school = await buildSchool(t.db);
    const own = await draft(school.author);
    expect((await update(school.author, own.id, { ready_for_generation: true })).statusCode).toBe(403);
  });

  it('lets a moderator change any exercise, its flags and its request', async () => {
    const school = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    const flagged = await update(school.moderator, accepted.id, {
      read_only: true,
      excluded_from_generation: true,
      ready_for_generation: true,
      description: 'Checked',
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().data).toMatchObject({
      read_only: true,
      excluded_from_generation: true,
      ready_for_generation: true,
      description: 'Checked',
    });
    const filed = await fileRequest(school.moderator);
    const deadline = addDays(30);
    const moved = await update(school.moderator, filed.id, { request: { deadline, interests: ['Trains'] } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.request).toEqual({
      ...REQUEST,
      interests: ['Trains'],
      deadline,
      overdue: false,
    });
  });

  it('refuses request fields on an exercise that answers none, and a deadline moved into the past', async () => {
    const school = await buildSchool(t.db);
    const own = await draft(school.author);
    const noRequest = await update(school.moderator, own.id, { request: { description: 'More' } });
    expect(noRequest.statusCode).toBe(422);
    expect(noRequest.json().errors).toEqual({ request: [message('exerciseNoRequest')] });
    const filed = await fileRequest(school.moderator);
    const past = await update(school.moderator, filed.id, { request: { deadline: addDays(-2) } });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ 'request.deadline': [message('dateInPast')] });
    // An overdue request keeps its deadline while other fields change.
    await t.db
      .update(exercises)
      .set({ requestDeadline: addDays(-5) })
      .where(eq(exercises.id, filed.id));
    const same = await update(school.moderator, filed.id, {
      request: { description: 'Still wanted', deadline: addDays(-5) },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.request).toMatchObject({ description: 'Still wanted', overdue: true });
  });

  it('refuses a title another exercise has, not its own in another case', async () => {
    const school = await buildSchool(t.db);
    const first = await draft(school.author, { title: 'Rocket' });
    const second = await draft(school.author, { title: 'Fish' });
    const taken = await update(school.author, second.id, { title: 'rocket' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('exercise_title_taken');
    const own = await update(school.author, first.id, { title: 'ROCKET' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.title).toBe('ROCKET');
  });

  it('keeps an exercise under review or accepted complete (422), changing nothing', async () => {
    const school = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    const response = await update(school.moderator, accepted.id, { tag_ids: [], category_id: null });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      category_id: [message('exerciseCategoryRequired')],
      tag_ids: [message('exerciseTagsRequired')],
    });
    expect((await show(school.moderator, accepted.id)).json().data).toMatchObject({
      category: { id: school.leaf },
      tags: [{ id: school.rhymes }],
    });
  });
});

describe('DELETE /api/exercises/:exerciseId', () => {
  const remove = (who: Member, id: number) => apiAs(t.app, who).delete(`/api/exercises/${id}`);

  it('lets an author delete their draft only, and a moderator any exercise', async () => {
    const school = await buildSchool(t.db);
    const own = await draft(school.author);
    const response = await remove(school.author, own.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect((await remove(school.author, own.id)).statusCode).toBe(404);
    for (const status of ['declined', 'moderation', 'accepted'] as const) {
      const exercise = await inStatus(school, status);
      expect((await remove(school.author, exercise.id)).statusCode, status).toBe(403);
      expect((await remove(school.moderator, exercise.id)).statusCode, status).toBe(200);
    }
    const filed = await fileRequest(school.moderator);
    expect((await remove(school.author, filed.id)).statusCode).toBe(403);
    expect((await remove(school.moderator, filed.id)).statusCode).toBe(200);
  });

  it("answers 403 to a teacher for an accepted exercise, 404 for a draft and another project's", async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    const own = await draft(school.author);
    expect((await remove(school.teacher, accepted.id)).statusCode).toBe(403);
    expect((await remove(school.teacher, own.id)).statusCode).toBe(404);
    expect((await remove(other.moderator, own.id)).statusCode).toBe(404);
    expect((await show(school.author, own.id)).statusCode).toBe(200);
  });
});

describe('POST /api/exercises/:exerciseId/status', () => {
  it('runs the whole flow: request, take, submit, decline, revise, resubmit, accept', async () => {
    const school = await buildSchool(t.db);
    const filed = await fileRequest(school.moderator);
    const taken = await expectStatus(school.author, filed.id, 'draft');
    expect(taken).toMatchObject({
      status_id: EXERCISE_STATUS.draft,
      assigned_id: school.author.user.id,
      assigned: { id: school.author.user.id, name: school.author.user.name },
      author: { id: school.moderator.user.id },
    });

    const incomplete = await setStatus(school.author, filed.id, 'moderation');
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors).toEqual({
      category_id: [message('exerciseCategoryRequired')],
      tag_ids: [message('exerciseTagsRequired')],
      presentation: [message('exercisePresentationRequired')],
    });
    await apiAs(t.app, school.author).put(`/api/exercises/${filed.id}`, {
      category_id: school.leaf,
      tag_ids: [school.rhymes],
    });
    const noSlides = await setStatus(school.author, filed.id, 'moderation');
    expect(noSlides.json().errors).toEqual({ presentation: [message('exercisePresentationRequired')] });
    await t.db.update(exercises).set({ slideCount: 4 }).where(eq(exercises.id, filed.id));
    await expectStatus(school.author, filed.id, 'moderation');

    const selfAccept = await setStatus(school.author, filed.id, 'accepted');
    expect(selfAccept.statusCode).toBe(403);
    const noComment = await setStatus(school.moderator, filed.id, 'declined', '  ');
    expect(noComment.statusCode).toBe(422);
    expect(noComment.json().errors).toEqual({ comment: [message('declineCommentRequired')] });
    const declined = await expectStatus(school.moderator, filed.id, 'declined', 'Slide 3 is empty');
    expect(declined.comment).toBe('Slide 3 is empty');

    await expectStatus(school.author, filed.id, 'draft');
    await expectStatus(school.author, filed.id, 'moderation', 'Filled slide 3');
    const accepted = await expectStatus(school.moderator, filed.id, 'accepted');
    expect(accepted).toMatchObject({ status_id: EXERCISE_STATUS.accepted, comment: 'Filled slide 3' });

    const history = (await show(school.moderator, filed.id, 'with_activities=true')).json().data.activities;
    expect(
      history.map(
        (entry: {
          from_status_id: number | null;
          to_status_id: number;
          user: { id: number };
          comment: string;
        }) => [entry.from_status_id, entry.to_status_id, entry.user.id, entry.comment],
      ),
    ).toEqual([
      [null, 5, school.moderator.user.id, ''],
      [5, 4, school.author.user.id, ''],
      [4, 3, school.author.user.id, ''],
      [3, 2, school.moderator.user.id, 'Slide 3 is empty'],
      [2, 4, school.author.user.id, ''],
      [4, 3, school.author.user.id, 'Filled slide 3'],
      [3, 1, school.moderator.user.id, ''],
    ]);
    expect(ids((await listed(school.teacher)).data)).toEqual([filed.id]);
  });

  it.each(LANGUAGES)('answers 409 status_unchanged and transition_refused, in %s', async (lang) => {
    const school = await buildSchool(t.db);
    const own = await draft(school.author);
    const unchanged = await setStatus(school.author, own.id, 'draft', undefined, lang);
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.json()).toEqual({
      code: 'status_unchanged',
      message: text(lang, 'errors.status_unchanged'),
    });
    const refused = await setStatus(school.moderator, own.id, 'accepted', undefined, lang);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'transition_refused',
      message: text(lang, 'errors.transition_refused'),
    });
    expect((await setStatus(school.author, own.id, 'request', undefined, lang)).json().code).toBe(
      'transition_refused',
    );
  });

  it("answers 403 for a change that is someone else's to make, and to a teacher", async () => {
    const school = await buildSchool(t.db);
    const review = await inStatus(school, 'moderation');
    // Withdrawing is the author's; the moderator declines instead.
    expect((await setStatus(school.moderator, review.id, 'draft')).statusCode).toBe(403);
    const accepted = await inStatus(school, 'accepted');
    expect((await setStatus(school.otherAuthor, accepted.id, 'declined', 'No')).statusCode).toBe(403);
    expect((await setStatus(school.teacher, accepted.id, 'declined', 'No')).statusCode).toBe(403);
    expect((await setStatus(school.teacher, accepted.id, 'accepted')).statusCode).toBe(403);
    expect((await setStatus(school.otherAuthor, review.id, 'draft')).statusCode).toBe(404);
  });

  it('lets the author withdraw from review, and a moderator take an accepted one out with a comment', async () => {
    const school = await buildSchool(t.db);
    const review = await inStatus(school, 'moderation');
    expect((await expectStatus(school.author, review.id, 'draft')).status_id).toBe(EXERCISE_STATUS.draft);
    const accepted = await inStatus(school, 'accepted');
    expect((await setStatus(school.moderator, accepted.id, 'declined')).statusCode).toBe(422);
    await expectStatus(school.moderator, accepted.id, 'declined', 'A parent reported a typo');
  });

  it('refuses an unknown status id (422) and answers 404 across projects', async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const own = await draft(school.author);
    const unknown = await apiAs(t.app, school.author).post(`/api/exercises/${own.id}/status`, {
      status_id: 9,
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['status_id']);
    expect((await setStatus(other.moderator, own.id, 'moderation')).statusCode).toBe(404);
  });
});

describe('POST /api/exercises/:exerciseId/take', () => {
  const take = (who: Member, id: number, lang?: string) =>
    apiAs(t.app, who).post(`/api/exercises/${id}/take`, undefined, { lang });

  it('gives an open request to the author who takes it, as their draft', async () => {
    const school = await buildSchool(t.db);
    const filed = await fileRequest(school.moderator);
    const response = await take(school.otherAuthor, filed.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status_id: EXERCISE_STATUS.draft,
      assigned_id: school.otherAuthor.user.id,
      author: { id: school.moderator.user.id },
    });
    // Taken: no longer open to anyone else (told so, issue 24), nor to the taker again.
    expect((await take(school.author, filed.id)).json().code).toBe('request_taken');
    expect((await take(school.otherAuthor, filed.id)).json().code).toBe('transition_refused');
  });

  it('refuses what is no request, and a moderator (403)', async () => {
    const school = await buildSchool(t.db);
    const declined = await inStatus(school, 'declined');
    const refused = await take(school.author, declined.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('transition_refused');
    const filed = await fileRequest(school.moderator);
    expect((await take(school.moderator, filed.id)).statusCode).toBe(403);
  });

  it.each(LANGUAGES)('refuses an overdue request (409 request_overdue, spec §8), in %s', async (lang) => {
    const school = await buildSchool(t.db);
    const filed = await fileRequest(school.moderator);
    const deadline = addDays(-1);
    await t.db.update(exercises).set({ requestDeadline: deadline }).where(eq(exercises.id, filed.id));
    expect((await show(school.author, filed.id)).json().data.request.overdue).toBe(true);
    const response = await take(school.author, filed.id, lang);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'request_overdue',
      message: text(lang, 'errors.request_overdue', { deadline }),
    });
    // Through the status call alike.
    expect((await setStatus(school.author, filed.id, 'draft')).json().code).toBe('request_overdue');
  });
});

describe('POST /api/exercises/:exerciseId/like and /dislike', () => {
  const vote = async (who: Member, id: number, kind: 'like' | 'dislike') => {
    const response = await apiAs(t.app, who).post(`/api/exercises/${id}/${kind}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('toggles like and dislike exactly as spec §4 says', async () => {
    const school = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    expect(await vote(school.teacher, accepted.id, 'like')).toEqual({
      own_like: 1,
      likes_count: 1,
      dislikes_count: 0,
    });
    expect(await vote(school.author, accepted.id, 'like')).toEqual({
      own_like: 1,
      likes_count: 2,
      dislikes_count: 0,
    });
    expect(await vote(school.teacher, accepted.id, 'dislike')).toEqual({
      own_like: 0,
      likes_count: 1,
      dislikes_count: 1,
    });
    expect(await vote(school.teacher, accepted.id, 'dislike')).toEqual({
      own_like: null,
      likes_count: 1,
      dislikes_count: 0,
    });
    expect(await vote(school.author, accepted.id, 'like')).toEqual({
      own_like: null,
      likes_count: 0,
      dislikes_count: 0,
    });
    const before = (await show(school.moderator, accepted.id)).json().data.updated_at;
    await vote(school.moderator, accepted.id, 'dislike');
    const after = (await show(school.moderator, accepted.id)).json().data;
    expect(after).toMatchObject({ own_like: 0, likes_count: 0, dislikes_count: 1, updated_at: before });
  });

  it('answers 404 for what the caller cannot read, and across projects', async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const own = await draft(school.author);
    expect((await apiAs(t.app, school.teacher).post(`/api/exercises/${own.id}/like`)).statusCode).toBe(404);
    expect((await apiAs(t.app, other.moderator).post(`/api/exercises/${own.id}/like`)).statusCode).toBe(404);
    expect(await vote(school.author, own.id, 'like')).toMatchObject({ own_like: 1 });
  });

  /** The counts on the exercise and the votes stored for it. */
  async function tally(id: number) {
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, id));
    const stored = async (value: number) =>
      (
        await t.db
          .select({ count: count() })
          .from(exerciseVotes)
          .where(and(eq(exerciseVotes.exerciseId, id), eq(exerciseVotes.value, value)))
      )[0]?.count;
    return {
      counts: { likes: row!.likesCount, dislikes: row!.dislikesCount },
      votes: { likes: await stored(1), dislikes: await stored(0) },
    };
  }

  it('keeps the counts equal to the stored votes under 50 concurrent likes by 50 users', async () => {
    const school = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    const voters = await Promise.all(
      Array.from({ length: 50 }, () => buildSignedInMember(t.db, school.workspace, 'teacher')),
    );
    const responses = await Promise.all(
      voters.map((voter) => apiAs(t.app, voter).post(`/api/exercises/${accepted.id}/like`)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(voters.map(() => 200));
    const { counts, votes } = await tally(accepted.id);
    expect(counts).toEqual({ likes: 50, dislikes: 0 });
    expect(votes).toEqual(counts);
  });

  it('keeps the counts equal to the stored votes under 50 concurrent mixed clicks by 10 users', async () => {
    const school = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    const voters = await Promise.all(
      Array.from({ length: 10 }, () => buildSignedInMember(t.db, school.workspace, 'author')),
    );
    const clicks = Array.from({ length: 50 }, (_, index) => ({
      voter: voters[index % voters.length]!,
      kind: (index * 7) % 3 === 0 ? ('dislike' as const) : ('like' as const),
    }));
    const responses = await Promise.all(
      clicks.map(({ voter, kind }) => apiAs(t.app, voter).post(`/api/exercises/${accepted.id}/${kind}`)),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      const { likes_count, dislikes_count } = response.json().data;
      expect(likes_count).toBeGreaterThanOrEqual(0);
      expect(dislikes_count).toBeGreaterThanOrEqual(0);
    }
    const { counts, votes } = await tally(accepted.id);
    expect(votes).toEqual(counts);
    expect(counts.likes + counts.dislikes).toBeLessThanOrEqual(voters.length);
  });
});

describe('GET /api/exercises/stats', () => {
  it('counts creations and status changes in a range of days, and the statuses now', async () => {
    const school = await buildSchool(t.db);
    await inStatus(school, 'accepted');
    await inStatus(school, 'declined');
    await fileRequest(school.moderator);
    const today = todayIso();
    const response = await apiAs(t.app, school.moderator).get('/api/exercises/stats', {
      query: `start_date=${today}&end_date=${today}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      start_date: today,
      end_date: today,
      created: 3,
      changed: { 1: 1, 2: 1, 3: 2, 4: 0, 5: 0 },
      current: { 1: 1, 2: 1, 3: 0, 4: 0, 5: 1 },
    });
    const yesterday = addDays(-1);
    const before = await apiAs(t.app, school.moderator).get('/api/exercises/stats', {
      query: `start_date=2020-01-01&end_date=${yesterday}`,
    });
    expect(before.json().data).toMatchObject({ created: 0, changed: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });

  it('refuses a range that ends before it starts, or a missing day (422)', async () => {
    const school = await buildSchool(t.db);
    const reversed = await apiAs(t.app, school.moderator).get('/api/exercises/stats', {
      query: 'start_date=2025-02-01&end_date=2025-01-31',
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ end_date: [message('endBeforeStart')] });
    const missing = await apiAs(t.app, school.moderator).get('/api/exercises/stats', {
      query: 'start_date=2025-02-01',
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['end_date']);
  });

  it.each(['author', 'teacher'] as const)('refuses a %s (403)', async (role) => {
    const school = await buildSchool(t.db);
    const response = await apiAs(t.app, school[role]).get('/api/exercises/stats', {
      query: 'start_date=2025-01-01&end_date=2025-01-31',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/exercises/bulk/toggle and /bulk/delete', () => {
  it('sets a flag on every exercise named, all or nothing', async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const [first, second] = [await inStatus(school, 'accepted'), await draft(school.author)];
    const foreign = await draft(other.author);
    const refused = await apiAs(t.app, school.moderator).post('/api/exercises/bulk/toggle', {
      ids: [first.id, foreign.id],
      field: 'read_only',
      value: true,
    });
    expect(refused.statusCode).toBe(404);
    expect((await show(school.moderator, first.id)).json().data.read_only).toBe(false);
    const response = await apiAs(t.app, school.moderator).post('/api/exercises/bulk/toggle', {
      ids: [first.id, second.id],
      field: 'excluded_from_generation',
      value: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { count: 2 } });
    for (const exercise of [first, second]) {
      expect((await show(school.moderator, exercise.id)).json().data.excluded_from_generation).toBe(true);
    }
  });

  it('deletes every exercise named, all or nothing', async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const [first, second] = [await inStatus(school, 'accepted'), await fileRequest(school.moderator)];
    const foreign = await draft(other.author);
    const refused = await apiAs(t.app, school.moderator).post('/api/exercises/bulk/delete', {
      ids: [first.id, second.id, foreign.id],
    });
    expect(refused.statusCode).toBe(404);
    expect((await listed(school.moderator)).meta.total).toBe(2);
    const response = await apiAs(t.app, school.moderator).post('/api/exercises/bulk/delete', {
      ids: [first.id, second.id],
    });
    expect(response.json()).toEqual({ data: { count: 2 } });
    expect((await listed(school.moderator)).meta.total).toBe(0);
    expect((await show(other.author, foreign.id)).statusCode).toBe(200);
  });

  it('takes at most EXERCISE_BULK_MAX ids, none twice (422), and only from a moderator (403)', async () => {
    const school = await buildSchool(t.db);
    const tooMany = Array.from({ length: EXERCISE_BULK_MAX + 1 }, (_, index) => index + 1);
    for (const ids of [tooMany, [], [3, 3]]) {
      const response = await apiAs(t.app, school.moderator).post('/api/exercises/bulk/delete', { ids });
      expect(response.statusCode).toBe(422);
    }
    const own = await draft(school.author);
    const payloads = {
      '/api/exercises/bulk/delete': { ids: [own.id] },
      '/api/exercises/bulk/toggle': { ids: [own.id], field: 'read_only', value: true },
    };
    for (const [url, payload] of Object.entries(payloads)) {
      expect((await apiAs(t.app, school.author).post(url, payload)).statusCode).toBe(403);
    }
  });
});

/** One request per route, for the checks every route shares: who is let in at all. */
const ROUTES: Record<
  string,
  { role: 'moderator' | 'author' | 'teacher'; request: (api: Api, id: number) => Promise<Response> }
> = {
  'GET /exercises': { role: 'teacher', request: (api) => api.get('/api/exercises') },
  'GET /exercises/for-author': { role: 'author', request: (api) => api.get('/api/exercises/for-author') },
  'GET /exercises/for-teacher': { role: 'teacher', request: (api) => api.get('/api/exercises/for-teacher') },
  'GET /exercises/latest': { role: 'teacher', request: (api) => api.get('/api/exercises/latest') },
  'GET /exercises/stats': {
    role: 'moderator',
    request: (api) => api.get('/api/exercises/stats', { query: 'start_date=2025-01-01&end_date=2025-01-02' }),
  },
  'GET /exercises/:id': { role: 'teacher', request: (api, id) => api.get(`/api/exercises/${id}`) },
  'POST /exercises': { role: 'author', request: (api) => api.post('/api/exercises', { title: nextTitle() }) },
  'PUT /exercises/:id': {
    role: 'moderator',
    request: (api, id) => api.put(`/api/exercises/${id}`, { description: 'Edited' }),
  },
  'DELETE /exercises/:id': { role: 'moderator', request: (api, id) => api.delete(`/api/exercises/${id}`) },
  'POST /exercises/:id/status': {
    role: 'moderator',
    request: (api, id) =>
      api.post(`/api/exercises/${id}/status`, {
        status_id: EXERCISE_STATUS.declined,
        comment: 'Wrong sound',
      }),
  },
  'POST /exercises/:id/like': {
    role: 'teacher',
    request: (api, id) => api.post(`/api/exercises/${id}/like`),
  },
  'POST /exercises/:id/dislike': {
    role: 'teacher',
    request: (api, id) => api.post(`/api/exercises/${id}/dislike`),
  },
  'POST /exercises/bulk/toggle': {
    role: 'moderator',
    request: (api, id) =>
      api.post('/api/exercises/bulk/toggle', { ids: [id], field: 'read_only', value: true }),
  },
  'POST /exercises/bulk/delete': {
    role: 'moderator',
    request: (api, id) => api.post('/api/exercises/bulk/delete', { ids: [id] }),
  },
};

describe.each(Object.entries(ROUTES))('%s', (route, { role, request }) => {
  const succeeded = (statusCode: number) => statusCode === (route === 'POST /exercises' ? 201 : 200);

  it('answers its role, and 401 without a token or with an unknown one', async () => {
    const school = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    const allowed = await request(apiAs(t.app, school[role]), accepted.id);
    expect(succeeded(allowed.statusCode), allowed.body).toBe(true);
    const anonymous = await request(apiAs(t.app, school[role], { token: null }), accepted.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
    const unknown = await request(apiAs(t.app, school[role], { token: 'x'.repeat(43) }), accepted.id);
    expect(unknown.statusCode).toBe(401);
  });

  it.each(['root', 'manager', 'admin'] as const)('answers 403 to a %s', async (other) => {
    const school = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    const who = await buildSignedInMember(t.db, school.workspace, other);
    const response = await request(apiAs(t.app, who), accepted.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });

  it('answers 403 role_not_held in a project where the caller does not hold the role', async () => {
    const school = await buildSchool(t.db);
    const accepted = await inStatus(school, 'accepted');
    const stranger = await buildWorkspace(t.db);
    await addMembership(t.db, school[role].user, stranger, ['manager']);
    const response = await request(apiAs(t.app, school[role], { workspace: stranger }), accepted.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_not_held');
  });
});

/** The routes that name exercises: they answer 404 for another project's. */
const NAMING = Object.entries(ROUTES).filter(([route]) => route.includes(':id') || route.includes('bulk'));

describe.each(NAMING)('%s', (_route, { role, request }) => {
  it("answers 404 for another project's exercise", async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const foreign = await inStatus(other, 'accepted');
    const response = await request(apiAs(t.app, school[role]), foreign.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    expect(await t.db.$count(exercises, eq(exercises.id, foreign.id))).toBe(1);
  });
});

describe('the first slide on lists', () => {
  it("names the first slide's image once the deck has one, for the library and the moderator's list", async () => {
    const school = await buildSchool(t.db);
    const created = await apiAs(t.app, school.author).post('/api/exercises', { title: 'Slides [R]' });
    const id: number = created.json().data.id;
    const listed = async () =>
      (await apiAs(t.app, school.moderator).get('/api/exercises', { query: 'status_id=4' }))
        .json()
        .data.find((exercise: Exercise) => exercise.id === id) as Exercise;
    expect((await listed()).thumbnail_url).toBeNull();
    const [file] = await t.db
      .insert(exerciseFiles)
      .values({
        exerciseId: id,
        kind: 'slide',
        storedName: 'x.png',
        mime: 'image/png',
        size: 1,
        originalName: 's.png',
      })
      .returning();
    await t.db.insert(exerciseSlides).values({ exerciseId: id, position: 1, fileId: file!.id });
    expect((await listed()).thumbnail_url).toBe(
      `/api/exercises/${id}/slides/1?workspace_id=${school.workspace.id}`,
    );
  });
});
