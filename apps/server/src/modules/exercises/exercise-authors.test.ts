import { EXERCISE_STATUS, roleMay, type Exercise } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { apiAs, EVERY_ROLE, expectAllowed } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildDraft, buildSchool, type School } from '../../test/exercises.ts';
import { buildExercise, buildSignedInMember, buildWorkspace } from '../../test/factories.ts';

const t = useTestApp();

/**
 * The school's exercises, one of each kind of "who it is by" (spec §5): the author's draft and
 * accepted one, the other author's draft and accepted one, an open request of the moderator's, and
 * a request of the moderator's that the other author took (so it is the taker's now).
 */
async function stocked(): Promise<School> {
  const school = await buildSchool(t.db);
  const { author, otherAuthor, moderator } = school;
  await buildDraft(t.db, author);
  await buildExercise(t.db, school.workspace.id, author.user.id);
  await buildDraft(t.db, otherAuthor);
  await buildExercise(t.db, school.workspace.id, otherAuthor.user.id);
  await buildExercise(t.db, school.workspace.id, moderator.user.id, { statusId: EXERCISE_STATUS.request });
  await buildExercise(t.db, school.workspace.id, moderator.user.id, {
    statusId: EXERCISE_STATUS.draft,
    assignedId: otherAuthor.user.id,
  });
  return school;
}

async function authors(who: School['author'], path: string) {
  const response = await apiAs(t.app, who).get(`/api${path}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; name: string }[];
}

const person = (member: School['author']) => ({ id: member.user.id, name: member.user.name });

describe('GET /api/exercises/authors', () => {
  it('gives a moderator everyone the project’s exercises are by, by name, each once', async () => {
    const school = await stocked();
    // Andrii, Bohdan (own work and the request he took), Oksana (the open request only).
    expect(await authors(school.moderator, '/exercises/authors')).toEqual([
      person(school.author),
      person(school.otherAuthor),
      person(school.moderator),
    ]);
  });

  it('names no one whose exercises the role cannot read', async () => {
    const school = await stocked();
    // Someone with only a draft: the moderator sees them, an author and a teacher do not.
    const drafting = await buildSignedInMember(t.db, school.workspace, 'author', { name: 'Zoya Author' });
    await buildDraft(t.db, drafting);
    expect(await authors(school.moderator, '/exercises/authors')).toContainEqual(person(drafting));
    // An author reads the accepted library, open requests and their own.
    expect(await authors(school.author, '/exercises/authors')).toEqual([
      person(school.author),
      person(school.otherAuthor),
      person(school.moderator),
    ]);
    // A teacher reads only the accepted library.
    expect(await authors(school.teacher, '/exercises/authors')).toEqual([
      person(school.author),
      person(school.otherAuthor),
    ]);
  });

  it('names only the project’s own: another project’s authors never show', async () => {
    const school = await stocked();
    const elsewhere = await buildWorkspace(t.db);
    const stranger = await buildSignedInMember(t.db, elsewhere, 'author', { name: 'Stranger Author' });
    await buildExercise(t.db, elsewhere.id, stranger.user.id);
    const names = (await authors(school.moderator, '/exercises/authors')).map((entry) => entry.name);
    expect(names).not.toContain('Stranger Author');
    // Acting in the other project is refused to the school's moderator.
    const response = await apiAs(t.app, school.moderator, { workspace: elsewhere }).get(
      '/api/exercises/authors',
    );
    expect(response.statusCode).toBe(403);
  });

  it('is an empty list for a project without exercises', async () => {
    const school = await buildSchool(t.db);
    expect(await authors(school.moderator, '/exercises/authors')).toEqual([]);
  });

  it('refuses a caller without a token (401) and the roles that read no exercises (403)', async () => {
    const school = await buildSchool(t.db);
    const anonymous = await apiAs(t.app, school.moderator, { token: null }).get('/api/exercises/authors');
    expect(anonymous.statusCode).toBe(401);
    for (const role of EVERY_ROLE) {
      const member = await buildSignedInMember(t.db, school.workspace, role);
      const response = await apiAs(t.app, member).get('/api/exercises/authors');
      expectAllowed(response, roleMay(role, 'exercises.read'));
    }
  });
});

describe('GET /api/exercises/for-author/authors', () => {
  it('gives an author the people of their own list: themselves and whoever filed its open requests', async () => {
    const school = await stocked();
    expect(await authors(school.author, '/exercises/for-author/authors')).toEqual([
      person(school.author),
      person(school.moderator),
    ]);
    // The other author has their own work and the request they took; the moderator's open one.
    expect(await authors(school.otherAuthor, '/exercises/for-author/authors')).toEqual([
      person(school.otherAuthor),
      person(school.moderator),
    ]);
  });

  it('is for authors only', async () => {
    const school = await buildSchool(t.db);
    for (const member of [school.moderator, school.teacher, school.manager]) {
      expectAllowed(await apiAs(t.app, member).get('/api/exercises/for-author/authors'), false);
    }
  });
});

describe('GET /api/exercises/for-author with author_id', () => {
  it('narrows the author’s list to the one it is by, the counters too (spec §4, §5)', async () => {
    const school = await stocked();
    const list = async (authorId: number) => {
      const response = await apiAs(t.app, school.otherAuthor).get('/api/exercises/for-author', {
        query: `author_id=${authorId}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Exercise[]; meta: { counters: Record<string, number> } };
    };
    const mine = await list(school.otherAuthor.user.id);
    expect(mine.data.map((exercise) => exercise.assigned?.id ?? exercise.author.id)).toEqual(
      mine.data.map(() => school.otherAuthor.user.id),
    );
    // Own draft, own accepted, and the request taken (now a draft of theirs).
    expect(mine.meta.counters).toEqual({ 1: 1, 2: 0, 3: 0, 4: 2, 5: 0 });
    const requests = await list(school.moderator.user.id);
    expect(requests.meta.counters).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 });
    expect((await list(school.author.user.id)).data).toEqual([]);
  });
});
