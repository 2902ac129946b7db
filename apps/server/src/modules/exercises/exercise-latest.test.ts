import { EXERCISE_STATUS, type Exercise, type RoleName } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { exercises, type WorkspaceRow } from '../../db/schema/index.ts';
import { text } from '../../i18n/index.ts';
import { useTestApp } from '../../test/app.ts';
import {
  bearer,
  buildExercise,
  buildSignedInMember,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';
import { filePart, multipartForm } from '../../test/multipart.ts';
import { pptxDeck } from '../../test/pptx.ts';

/** `POST /exercises/latest` with `GET latest`, and `POST /exercises/files/actualize-file` (spec §7). */
const t = useTestApp();

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const member = (workspace: WorkspaceRow, role: RoleName) => buildSignedInMember(t.db, workspace, role);

async function buildSchool() {
  const workspace = await buildWorkspace(t.db);
  return {
    workspace,
    moderator: await member(workspace, 'moderator'),
    author: await member(workspace, 'author'),
    otherAuthor: await member(workspace, 'author'),
    teacher: await member(workspace, 'teacher'),
    manager: await member(workspace, 'manager'),
  };
}

const acting = (who: Member) => `workspace_id=${who.workspace.id}&role_id=${who.roleId}`;
const headers = (who: Member | null) => ({ 'accept-language': 'en', ...(who ? bearer(who.token) : {}) });

const call = (
  who: Member | null,
  method: InjectOptions['method'],
  url: string,
  payload?: object,
  query = who ? acting(who) : '',
) =>
  t.app.inject({
    method,
    url: `/api${url}?${query}`,
    headers: headers(who),
    ...(payload ? { payload } : {}),
  });

const draftOf = (who: Member, values: Partial<typeof exercises.$inferInsert> = {}) =>
  buildExercise(t.db, who.workspace.id, who.user.id, { statusId: EXERCISE_STATUS.draft, ...values });

async function withDeck(who: Member, exerciseId: number): Promise<number> {
  const form = multipartForm([filePart(pptxDeck([['One'], ['Two']]), 'deck.pptx', PPTX_TYPE)]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/exercises/${exerciseId}/files?${acting(who)}`,
    payload: form.payload,
    headers: { ...form.headers, ...headers(who) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as Exercise).presentation!.file_id;
}

describe('POST and GET /exercises/latest', () => {
  it('leads back to the exercise the caller marked, over one that changed later', async () => {
    const school = await buildSchool();
    const first = await draftOf(school.author, { title: 'First draft' });
    const marked = await call(school.author, 'POST', '/exercises/latest', { exercise_id: first.id });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ id: first.id, title: 'First draft' });
    await draftOf(school.author, { title: 'Changed later' });
    const latest = await call(school.author, 'GET', '/exercises/latest');
    expect(latest.json().data).toMatchObject({ id: first.id });
    // Each user has their own: the moderator marked nothing and gets the latest changed one.
    const forModerator = await call(school.moderator, 'GET', '/exercises/latest');
    expect(forModerator.json().data).toMatchObject({ title: 'Changed later' });
  });

  it('marks again over the earlier mark, and names the project in the body as well', async () => {
    const school = await buildSchool();
    const one = await draftOf(school.author);
    const two = await draftOf(school.author);
    await call(school.author, 'POST', '/exercises/latest', { exercise_id: one.id });
    const again = await call(
      school.author,
      'POST',
      '/exercises/latest',
      { exercise_id: two.id, workspace_id: school.workspace.id },
      `role_id=${school.author.roleId}`,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await call(school.author, 'GET', '/exercises/latest')).json().data.id).toBe(two.id);
  });

  it('falls back to the latest changed readable one when the marked one is gone or unreadable', async () => {
    const school = await buildSchool();
    const draft = await draftOf(school.author, { title: 'Will be deleted' });
    const other = await draftOf(school.author, { title: 'Still here' });
    await call(school.author, 'POST', '/exercises/latest', { exercise_id: draft.id });
    await t.db.delete(exercises).where(eq(exercises.id, draft.id));
    expect((await call(school.author, 'GET', '/exercises/latest')).json().data.id).toBe(other.id);

    // A teacher marked an accepted exercise that went back to draft: not readable any more.
    const accepted = await buildExercise(t.db, school.workspace.id, school.author.user.id);
    await call(school.teacher, 'POST', '/exercises/latest', { exercise_id: accepted.id });
    await t.db
      .update(exercises)
      .set({ statusId: EXERCISE_STATUS.draft })
      .where(eq(exercises.id, accepted.id));
    expect((await call(school.teacher, 'GET', '/exercises/latest')).json().data).toBeNull();
  });

  it('answers 404 for an exercise the caller cannot read or of another project', async () => {
    const school = await buildSchool();
    const elsewhere = await buildSchool();
    const othersDraft = await draftOf(school.otherAuthor);
    const foreign = await draftOf(elsewhere.author);
    for (const id of [othersDraft.id, foreign.id, 2_000_000_000]) {
      const response = await call(school.author, 'POST', '/exercises/latest', { exercise_id: id });
      expect(response.statusCode, String(id)).toBe(404);
    }
  });

  it('answers 401 without a token and 403 for a role that does not read exercises', async () => {
    const school = await buildSchool();
    const draft = await draftOf(school.author);
    const anonymous = await call(
      null,
      'POST',
      '/exercises/latest',
      { exercise_id: draft.id },
      `workspace_id=${school.workspace.id}`,
    );
    expect(anonymous.statusCode).toBe(401);
    const manager = await call(school.manager, 'POST', '/exercises/latest', { exercise_id: draft.id });
    expect(manager.statusCode).toBe(403);
  });

  it('refuses a bad body with a message for each field', async () => {
    const school = await buildSchool();
    const draft = await draftOf(school.author);
    const elsewhere = await buildWorkspace(t.db);
    const cases: [object, string][] = [
      [{}, 'exercise_id'],
      [{ exercise_id: 'one' }, 'exercise_id'],
      [{ exercise_id: 0 }, 'exercise_id'],
      [{ exercise_id: draft.id, extra: true }, 'extra'],
      [{ exercise_id: draft.id, workspace_id: elsewhere.id }, 'workspace_id'],
    ];
    for (const [body, field] of cases) {
      const response = await call(school.author, 'POST', '/exercises/latest', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('POST /exercises/files/actualize-file', () => {
  function recordJobs() {
    const sent: [string, object][] = [];
    t.app.jobs = {
      send: async (name, data) => {
        sent.push([name, data]);
        return 'job-id';
      },
    };
    return sent;
  }

  it('queues the deck’s slide images again after a rendering that failed or fell back', async () => {
    const school = await buildSchool();
    const draft = await draftOf(school.author);
    const fileId = await withDeck(school.author, draft.id);
    await t.db
      .update(exercises)
      .set({ slidesStatus: 'thumbnail', slidesMessage: 'slidesLibreOfficeMissing' })
      .where(eq(exercises.id, draft.id));
    const sent = recordJobs();
    try {
      const response = await call(school.author, 'POST', '/exercises/files/actualize-file', {
        file_id: fileId,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ status: 'pending', message: null });
      expect(sent).toEqual([['render-slides', { exerciseId: draft.id, fileId }]]);

      // Already queued: left to its job, nothing sent twice.
      const twice = await call(school.author, 'POST', '/exercises/files/actualize-file', { file_id: fileId });
      expect(twice.statusCode).toBe(200);
      expect(sent).toHaveLength(1);
    } finally {
      t.app.jobs = null;
    }
  });

  it('lets a moderator render again; refuses those who may not edit the exercise', async () => {
    const school = await buildSchool();
    const accepted = await buildExercise(t.db, school.workspace.id, school.author.user.id, {
      statusId: EXERCISE_STATUS.draft,
    });
    const fileId = await withDeck(school.author, accepted.id);
    await t.db
      .update(exercises)
      .set({ statusId: EXERCISE_STATUS.accepted, slidesStatus: 'failed' })
      .where(eq(exercises.id, accepted.id));
    // The author may not edit an accepted exercise; a teacher reads it but may not edit it.
    for (const who of [school.author, school.teacher]) {
      const refused = await call(who, 'POST', '/exercises/files/actualize-file', { file_id: fileId });
      expect(refused.statusCode, who.user.email).toBe(403);
    }
    const moderator = await call(school.moderator, 'POST', '/exercises/files/actualize-file', {
      file_id: fileId,
    });
    expect(moderator.statusCode, moderator.body).toBe(200);
    expect(moderator.json().data.status).toBe('pending');
  });

  it('answers 404 for a file that is not a deck, another project’s deck, or an unreadable exercise’s', async () => {
    const school = await buildSchool();
    const elsewhere = await buildSchool();
    const foreign = await draftOf(elsewhere.author);
    const foreignDeck = await withDeck(elsewhere.author, foreign.id);
    const othersDraft = await draftOf(school.otherAuthor);
    const othersDeck = await withDeck(school.otherAuthor, othersDraft.id);
    for (const fileId of [foreignDeck, othersDeck, 2_000_000_000]) {
      const response = await call(school.author, 'POST', '/exercises/files/actualize-file', {
        file_id: fileId,
      });
      expect(response.statusCode, String(fileId)).toBe(404);
    }
  });

  it('answers 401, 403 and 422 as every call does', async () => {
    const school = await buildSchool();
    const draft = await draftOf(school.author);
    const fileId = await withDeck(school.author, draft.id);
    const anonymous = await call(
      null,
      'POST',
      '/exercises/files/actualize-file',
      { file_id: fileId },
      `workspace_id=${school.workspace.id}`,
    );
    expect(anonymous.statusCode).toBe(401);
    const manager = await call(school.manager, 'POST', '/exercises/files/actualize-file', {
      file_id: fileId,
    });
    expect(manager.statusCode).toBe(403);
    const elsewhere = await buildWorkspace(t.db);
    const mismatch = await call(school.author, 'POST', '/exercises/files/actualize-file', {
      file_id: fileId,
      workspace_id: elsewhere.id,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.workspace_id).toEqual([
      text('en', 'fields.workspaceMismatch', { workspaceId: school.workspace.id }),
    ]);
    for (const body of [{}, { file_id: -1 }, { file_id: fileId, more: 1 }]) {
      const response = await call(school.author, 'POST', '/exercises/files/actualize-file', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});
