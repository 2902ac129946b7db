import { EXERCISE_STATUS, LANGUAGES, type Exercise } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exerciseStatusHistory, exercises } from '../../db/schema/index.ts';
import { text } from '../../i18n/index.ts';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildDraft, buildSchool, type School } from '../../test/exercises.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';

/**
 * Taking a request is a race (STYLE "a race has a clear loser"): of the authors who press "take"
 * at once, the database lets one win; every other one learns that someone else was quicker
 * (409 `request_taken`), not that the request does not exist.
 */

const t = useTestApp();

const AUTHORS = 20;
let titles = 0;

/** A moderator's open request, through the API. */
async function fileRequest(moderator: Member): Promise<Exercise> {
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const response = await apiAs(t.app, moderator).post('/api/exercises', {
    title: `Request ${(titles += 1)}`,
    request: { description: 'Pictures for [R]', interests: ['Cars'], age_categories: ['5-6'], deadline },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** `count` more authors of the school's project. */
function moreAuthors(school: School, count: number): Promise<Member[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      buildSignedInMember(t.db, school.workspace, 'author', { name: `Author ${index + 1}` }),
    ),
  );
}

const take = (who: Member, id: number, lang = 'en') =>
  apiAs(t.app, who).post(`/api/exercises/${id}/take`, undefined, { lang });

/** The request's row and its status history, to check that one take was stored, once. */
async function stored(id: number) {
  const [row] = await t.db.select().from(exercises).where(eq(exercises.id, id));
  const history = await t.db
    .select()
    .from(exerciseStatusHistory)
    .where(eq(exerciseStatusHistory.exerciseId, id));
  return { row, history };
}

/** Asserts one winner among the answers and every other one told, in its language, that it lost. */
function expectOneWinner(responses: Response[], langs: readonly string[]) {
  const won = responses.filter((response) => response.statusCode === 200);
  expect(won, responses.map((response) => `${response.statusCode} ${response.body}`).join('\n')).toHaveLength(
    1,
  );
  responses.forEach((response, index) => {
    if (response.statusCode === 200) return;
    const lang = langs[index] as (typeof LANGUAGES)[number];
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ code: 'request_taken', message: text(lang, 'errors.request_taken') });
  });
  return responses.indexOf(won[0]!);
}

describe('POST /api/exercises/:id/take, by many authors at once', () => {
  it(`lets one of ${AUTHORS} authors take a request; the others get 409 request_taken in their language`, async () => {
    const school = await buildSchool(t.db);
    const request = await fileRequest(school.moderator);
    const authors = await moreAuthors(school, AUTHORS);
    const langs = authors.map((_, index) => LANGUAGES[index % LANGUAGES.length]!);

    const responses = await Promise.all(
      authors.map((author, index) => take(author, request.id, langs[index])),
    );

    const winner = authors[expectOneWinner(responses, langs)]!;
    const { row, history } = await stored(request.id);
    expect(row).toMatchObject({ statusId: EXERCISE_STATUS.draft, assignedId: winner.user.id });
    // One take in the history (the moderator's filing is the other row), by the winner.
    expect(history.filter((entry) => entry.fromStatus === EXERCISE_STATUS.request)).toEqual([
      expect.objectContaining({ toStatus: EXERCISE_STATUS.draft, userId: winner.user.id }),
    ]);
  });

  it('gives the same answer to authors taking it through the status change at once', async () => {
    const school = await buildSchool(t.db);
    const request = await fileRequest(school.moderator);
    const authors = await moreAuthors(school, 10);

    const responses = await Promise.all(
      authors.map((author) =>
        apiAs(t.app, author).post(`/api/exercises/${request.id}/status`, {
          status_id: EXERCISE_STATUS.draft,
        }),
      ),
    );

    const winner =
      authors[
        expectOneWinner(
          responses,
          authors.map(() => 'en'),
        )
      ]!;
    const { row, history } = await stored(request.id);
    expect(row?.assignedId).toBe(winner.user.id);
    expect(history.filter((entry) => entry.fromStatus === EXERCISE_STATUS.request)).toHaveLength(1);
  });

  it('tells an author who comes later that the request was taken (409), and changes nothing', async () => {
    const school = await buildSchool(t.db);
    const request = await fileRequest(school.moderator);
    expect((await take(school.author, request.id)).statusCode).toBe(200);
    const before = await stored(request.id);

    const late = await take(school.otherAuthor, request.id, 'uk');
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toEqual({ code: 'request_taken', message: text('uk', 'errors.request_taken') });
    expect(await stored(request.id)).toEqual(before);
    // Still none of theirs to read.
    expect((await apiAs(t.app, school.otherAuthor).get(`/api/exercises/${request.id}`)).statusCode).toBe(404);
  });

  it('keeps 404 for what an author may not know: no such exercise, another project’s request, another author’s own draft', async () => {
    const school = await buildSchool(t.db);
    const elsewhere = await buildSchool(t.db);
    const foreign = await fileRequest(elsewhere.moderator);
    const othersDraft = await buildDraft(t.db, school.otherAuthor);
    const missing = foreign.id + 1_000_000;
    for (const id of [missing, foreign.id, othersDraft.id]) {
      const response = await take(school.author, id);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    // A request taken in another project is that project's business: still 404 here.
    expect((await take(elsewhere.author, foreign.id)).statusCode).toBe(200);
    const stranger = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'author');
    expect((await take(stranger, foreign.id)).statusCode).toBe(404);
  });
});
