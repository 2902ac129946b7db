import { EXERCISE_STATUS, type Exercise } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exercises } from '../../db/schema/index.ts';
import { text } from '../../i18n/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildDraft, buildSchool, uploadDeck } from '../../test/exercises.ts';
import { buildExercise, buildWorkspace, type Member } from '../../test/factories.ts';
import { pptxDeck } from '../../test/pptx.ts';

/** `POST /exercises/latest` with `GET latest`, and `POST /exercises/files/actualize-file` (spec §7). */
const t = useTestApp();

async function withDeck(who: Member, exerciseId: number): Promise<number> {
  const response = await uploadDeck(t.app, who, exerciseId, pptxDeck([['One'], ['Two']]));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as Exercise).presentation!.file_id;
}

describe('POST and GET /exercises/latest', () => {
  it('leads back to the exercise the caller marked, over one that changed later', async () => {
    const school = await buildSchool(t.db);
    const first = await buildDraft(t.db, school.author, { title: 'First draft' });
    const marked = await apiAs(t.app, school.author).post('/api/exercises/latest', { exercise_id: first.id });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ id: first.id, title: 'First draft' });
    await buildDraft(t.db, school.author, { title: 'Changed later' });
    const latest = await apiAs(t.app, school.author).get('/api/exercises/latest');
    expect(latest.json().data).toMatchObject({ id: first.id });
    // Each user has their own: the moderator marked nothing and gets the latest changed one.
    const forModerator = await apiAs(t.app, school.moderator).get('/api/exercises/latest');
    expect(forModerator.json().data).toMatchObject({ title: 'Changed later' });
  });

  it('marks again over the earlier mark, and names the project in the body as well', async () => {
    const school = await buildSchool(t.db);
    const one = await buildDraft(t.db, school.author);
    const two = await buildDraft(t.db, school.author);
    await apiAs(t.app, school.author).post('/api/exercises/latest', { exercise_id: one.id });
    const again = await apiAs(t.app, school.author).post(
      '/api/exercises/latest',
      { exercise_id: two.id, workspace_id: school.workspace.id },
      { workspace: null },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await apiAs(t.app, school.author).get('/api/exercises/latest')).json().data.id).toBe(two.id);
  });

  it('falls back to the latest changed readable one when the marked one is gone or unreadable', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author, { title: 'Will be deleted' });
    const other = await buildDraft(t.db, school.author, { title: 'Still here' });
    await apiAs(t.app, school.author).post('/api/exercises/latest', { exercise_id: draft.id });
    await t.db.delete(exercises).where(eq(exercises.id, draft.id));
    expect((await apiAs(t.app, school.author).get('/api/exercises/latest')).json().data.id).toBe(other.id);

    // A teacher marked an accepted exercise that went back to draft: not readable any more.
    const accepted = await buildExercise(t.db, school.workspace.id, school.author.user.id);
    await apiAs(t.app, school.teacher).post('/api/exercises/latest', { exercise_id: accepted.id });
    await t.db
      .update(exercises)
      .set({ statusId: EXERCISE_STATUS.draft })
      .where(eq(exercises.id, accepted.id));
    expect((await apiAs(t.app, school.teacher).get('/api/exercises/latest')).json().data).toBeNull();
  });

  it('answers 404 for an exercise the caller cannot read or of another project', async () => {
    const school = await buildSchool(t.db);
    const elsewhere = await buildSchool(t.db);
    const othersDraft = await buildDraft(t.db, school.otherAuthor);
    const foreign = await buildDraft(t.db, elsewhere.author);
    for (const id of [othersDraft.id, foreign.id, 2_000_000_000]) {
      const response = await apiAs(t.app, school.author).post('/api/exercises/latest', { exercise_id: id });
      expect(response.statusCode, String(id)).toBe(404);
    }
  });

  it('answers 401 without a token and 403 for a role that does not read exercises', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const anonymous = await apiAs(t.app, null, { workspace: school.workspace }).post(
      '/api/exercises/latest',
      {
        exercise_id: draft.id,
      },
    );
    expect(anonymous.statusCode).toBe(401);
    const manager = await apiAs(t.app, school.manager).post('/api/exercises/latest', {
      exercise_id: draft.id,
    });
    expect(manager.statusCode).toBe(403);
  });

  it('refuses a bad body with a message for each field', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const elsewhere = await buildWorkspace(t.db);
    const cases: [object, string][] = [
      [{}, 'exercise_id'],
      [{ exercise_id: 'one' }, 'exercise_id'],
      [{ exercise_id: 0 }, 'exercise_id'],
      [{ exercise_id: draft.id, extra: true }, 'extra'],
      [{ exercise_id: draft.id, workspace_id: elsewhere.id }, 'workspace_id'],
    ];
    for (const [body, field] of cases) {
      const response = await apiAs(t.app, school.author).post('/api/exercises/latest', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('POST /exercises/files/actualize-file', () => {
  function recordJobs() {
    const sent: [string, object, object | undefined][] = [];
    t.app.jobs = {
      send: async (name, data, options) => {
        sent.push([name, data, options]);
        return 'job-id';
      },
    };
    return sent;
  }

  it('queues the deck’s slide images again after a rendering that failed or fell back', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const fileId = await withDeck(school.author, draft.id);
    await t.db
      .update(exercises)
      .set({ slidesStatus: 'thumbnail', slidesMessage: 'slidesLibreOfficeMissing' })
      .where(eq(exercises.id, draft.id));
    const sent = recordJobs();
    try {
      const response = await apiAs(t.app, school.author).post('/api/exercises/files/actualize-file', {
        file_id: fileId,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ status: 'pending', message: null });
      // Someone asked for them: before the decks queued at start.
      expect(sent).toEqual([['render-slides', { exerciseId: draft.id, fileId }, { priority: 1 }]]);

      // Already queued: left to its job, nothing sent twice.
      const twice = await apiAs(t.app, school.author).post('/api/exercises/files/actualize-file', {
        file_id: fileId,
      });
      expect(twice.statusCode).toBe(200);
      expect(sent).toHaveLength(1);
    } finally {
      t.app.jobs = null;
    }
  });

  it('lets a moderator render again; refuses those who may not edit the exercise', async () => {
    const school = await buildSchool(t.db);
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
      const refused = await apiAs(t.app, who).post('/api/exercises/files/actualize-file', {
        file_id: fileId,
      });
      expect(refused.statusCode, who.user.email).toBe(403);
    }
    const moderator = await apiAs(t.app, school.moderator).post('/api/exercises/files/actualize-file', {
      file_id: fileId,
    });
    expect(moderator.statusCode, moderator.body).toBe(200);
    expect(moderator.json().data.status).toBe('pending');
  });

  it('answers 404 for a file that is not a deck, another project’s deck, or an unreadable exercise’s', async () => {
    const school = await buildSchool(t.db);
    const elsewhere = await buildSchool(t.db);
    const foreign = await buildDraft(t.db, elsewhere.author);
    const foreignDeck = await withDeck(elsewhere.author, foreign.id);
    const othersDraft = await buildDraft(t.db, school.otherAuthor);
    const othersDeck = await withDeck(school.otherAuthor, othersDraft.id);
    for (const fileId of [foreignDeck, othersDeck, 2_000_000_000]) {
      const response = await apiAs(t.app, school.author).post('/api/exercises/files/actualize-file', {
        file_id: fileId,
      });
      expect(response.statusCode, String(fileId)).toBe(404);
    }
  });

  it('answers 401, 403 and 422 as every call does', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const fileId = await withDeck(school.author, draft.id);
    const anonymous = await apiAs(t.app, null, { workspace: school.workspace }).post(
      '/api/exercises/files/actualize-file',
      { file_id: fileId },
    );
    expect(anonymous.statusCode).toBe(401);
    const manager = await apiAs(t.app, school.manager).post('/api/exercises/files/actualize-file', {
      file_id: fileId,
    });
    expect(manager.statusCode).toBe(403);
    const elsewhere = await buildWorkspace(t.db);
    const mismatch = await apiAs(t.app, school.author).post('/api/exercises/files/actualize-file', {
      file_id: fileId,
      workspace_id: elsewhere.id,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.workspace_id).toEqual([
      text('en', 'fields.workspaceMismatch', { workspaceId: school.workspace.id }),
    ]);
    for (const body of [{}, { file_id: -1 }, { file_id: fileId, more: 1 }]) {
      const response = await apiAs(t.app, school.author).post('/api/exercises/files/actualize-file', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});
