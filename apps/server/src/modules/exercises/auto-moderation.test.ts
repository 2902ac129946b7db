import {
  DEFAULT_AUTO_MODERATION,
  EXERCISE_STATUS,
  type AutoModerationSettingsInput,
  type Exercise,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, exercises } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSchool, uploadDeck, type School } from '../../test/exercises.ts';
import { buildSignedInMember } from '../../test/factories.ts';
import { pptxDeck } from '../../test/pptx.ts';

const t = useTestApp();

const ALL_RULES = { valid_deck: true, unique_title: true, required_fields: true, no_empty_slides: true };
const NO_RULES = { valid_deck: false, unique_title: false, required_fields: false, no_empty_slides: false };

async function configure(school: School, settings: Partial<AutoModerationSettingsInput>) {
  const response = await apiAs(t.app, school.moderator).put('/api/exercises/auto-moderation', {
    ...DEFAULT_AUTO_MODERATION,
    enabled: true,
    ...settings,
  });
  expect(response.statusCode, response.body).toBe(200);
}

let titles = 0;

/** A complete draft of the school's author with a deck of these slides, through the API. */
async function draftWithDeck(
  school: School,
  slides: string[][] = [['Words'], ['Rhymes']],
  values: object = {},
): Promise<Exercise> {
  const created = await apiAs(t.app, school.author).post('/api/exercises', {
    title: `Auto ${(titles += 1)}`,
    category_id: school.leaf,
    tag_ids: [school.rhymes],
    instruction: 'Say each word twice',
    description: 'Pictures for the sound [R]',
    ...values,
  });
  expect(created.statusCode, created.body).toBe(201);
  const exercise = created.json().data as Exercise;
  const uploaded = await uploadDeck(t.app, school.author, exercise.id, pptxDeck(slides));
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return exercise;
}

async function submit(school: School, id: number) {
  const response = await apiAs(t.app, school.author).post(`/api/exercises/${id}/status`, {
    status_id: EXERCISE_STATUS.moderation,
  });
  expect(response.statusCode, response.body).toBe(200);
  const shown = await apiAs(t.app, school.author).get(`/api/exercises/${id}`, { query: 'with_activities=1' });
  return shown.json().data as Exercise;
}

describe('GET and PUT /api/exercises/auto-moderation', () => {
  it('answers the defaults (off) until a moderator saves, then the settings with who and when', async () => {
    const school = await buildSchool(t.db);
    const first = await apiAs(t.app, school.moderator).get('/api/exercises/auto-moderation');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ ...DEFAULT_AUTO_MODERATION, updated_by: null, updated_at: null });
    const saved = await apiAs(t.app, school.moderator).put('/api/exercises/auto-moderation', {
      enabled: true,
      rules: { ...ALL_RULES, unique_title: false },
      on_pass: 'accept',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await apiAs(t.app, school.moderator).get('/api/exercises/auto-moderation')).json().data;
    expect(read).toMatchObject({
      enabled: true,
      rules: { ...ALL_RULES, unique_title: false },
      on_pass: 'accept',
      updated_by: { id: school.moderator.user.id, name: school.moderator.user.name },
    });
    expect(typeof read.updated_at).toBe('string');
  });

  it('refuses settings without every rule, or with an unknown on_pass (422)', async () => {
    const school = await buildSchool(t.db);
    const response = await apiAs(t.app, school.moderator).put('/api/exercises/auto-moderation', {
      enabled: true,
      rules: { valid_deck: true },
      on_pass: 'reject',
    });
    expect(response.statusCode).toBe(422);
  });

  it('answers 401 without a token and 403 to authors, teachers and managers; root may', async () => {
    const school = await buildSchool(t.db);
    expect(
      (await apiAs(t.app, null, { workspace: school.workspace }).get('/api/exercises/auto-moderation'))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await apiAs(t.app, null, { workspace: school.workspace }).put(
          '/api/exercises/auto-moderation',
          DEFAULT_AUTO_MODERATION,
        )
      ).statusCode,
    ).toBe(401);
    for (const role of ['author', 'teacher', 'manager'] as const) {
      const who = await buildSignedInMember(t.db, school.workspace, role);
      expect((await apiAs(t.app, who).get('/api/exercises/auto-moderation')).statusCode, role).toBe(403);
      expect(
        (await apiAs(t.app, who).put('/api/exercises/auto-moderation', DEFAULT_AUTO_MODERATION)).statusCode,
        role,
      ).toBe(403);
    }
    const root = await buildSignedInMember(t.db, school.workspace, 'root');
    expect((await apiAs(t.app, root).get('/api/exercises/auto-moderation')).statusCode).toBe(200);
  });

  it("keeps each project's settings apart; another project is refused (403)", async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    await configure(school, { on_pass: 'accept' });
    const theirs = (await apiAs(t.app, other.moderator).get('/api/exercises/auto-moderation')).json().data;
    expect(theirs.enabled).toBe(false);
    const across = await apiAs(t.app, school.moderator, { workspace: other.workspace }).put(
      '/api/exercises/auto-moderation',
      DEFAULT_AUTO_MODERATION,
    );
    expect(across.statusCode).toBe(403);
  });
});

describe('the audit log of auto-moderation settings', () => {
  it('records who changed the settings, from what to what, in the project', async () => {
    const school = await buildSchool(t.db);
    await configure(school, { rules: ALL_RULES, on_pass: 'accept' });
    await configure(school, { enabled: false, rules: ALL_RULES, on_pass: 'accept' });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.workspaceId, school.workspace.id))
      .orderBy(auditLog.id);
    expect(entries).toMatchObject([
      {
        action: 'exercises.auto_moderation',
        actorId: school.moderator.user.id,
        details: {
          before: DEFAULT_AUTO_MODERATION,
          after: { enabled: true, rules: ALL_RULES, on_pass: 'accept' },
        },
      },
      {
        action: 'exercises.auto_moderation',
        details: {
          before: { enabled: true, rules: ALL_RULES, on_pass: 'accept' },
          after: { enabled: false, rules: ALL_RULES, on_pass: 'accept' },
        },
      },
    ]);
    expect(entries[0]?.ip).toBeTruthy();
  });

  it('writes nothing when the settings are refused', async () => {
    const school = await buildSchool(t.db);
    const refused = await apiAs(t.app, school.moderator).put('/api/exercises/auto-moderation', {
      ...DEFAULT_AUTO_MODERATION,
      on_pass: 'sometimes',
    });
    expect(refused.statusCode).toBe(422);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.workspaceId, school.workspace.id));
    expect(entries).toEqual([]);
  });
});

describe('auto-moderation on submit', () => {
  it('leaves a submission to the moderator while the mode is off, whatever its problems', async () => {
    const school = await buildSchool(t.db);
    await configure(school, { enabled: false });
    const exercise = await draftWithDeck(school, [['Words'], []]);
    const shown = await submit(school, exercise.id);
    expect(shown.status_id).toBe(EXERCISE_STATUS.moderation);
    expect(shown.activities?.some((activity) => activity.automatic)).toBe(false);
  });

  it('accepts a passing submission by itself when on_pass is accept', async () => {
    const school = await buildSchool(t.db);
    await configure(school, { rules: ALL_RULES, on_pass: 'accept' });
    const exercise = await draftWithDeck(school);
    const shown = await submit(school, exercise.id);
    expect(shown.status_id).toBe(EXERCISE_STATUS.accepted);
    expect(shown.activities?.at(-1)).toMatchObject({
      from_status_id: EXERCISE_STATUS.moderation,
      to_status_id: EXERCISE_STATUS.accepted,
      user: null,
      automatic: true,
    });
  });

  it('leaves a passing submission in moderation when on_pass is leave_for_moderator, with a trace that it passed', async () => {
    const school = await buildSchool(t.db);
    await configure(school, { rules: ALL_RULES, on_pass: 'leave_for_moderator' });
    const shown = await submit(school, (await draftWithDeck(school)).id);
    expect(shown.status_id).toBe(EXERCISE_STATUS.moderation);
    expect(shown.activities?.filter((activity) => activity.automatic)).toEqual([
      expect.objectContaining({
        from_status_id: EXERCISE_STATUS.moderation,
        to_status_id: EXERCISE_STATUS.moderation,
        user: null,
        comment: 'Auto-moderation: every check passed; a moderator decides.',
      }),
    ]);
    // The trace is not a status change: the stats do not count it.
    const today = new Date().toISOString().slice(0, 10);
    const stats = await apiAs(t.app, school.moderator).get('/api/exercises/stats', {
      query: `start_date=${today}&end_date=${today}`,
    });
    expect(stats.json().data.changed[EXERCISE_STATUS.moderation]).toBe(1);
  });

  it('no_empty_slides: declines a deck with an empty slide, naming it', async () => {
    const school = await buildSchool(t.db);
    await configure(school, { rules: { ...NO_RULES, no_empty_slides: true }, on_pass: 'accept' });
    const shown = await submit(school, (await draftWithDeck(school, [['Words'], [], ['More']])).id);
    expect(shown.status_id).toBe(EXERCISE_STATUS.declined);
    expect(shown.comment).toBe('Auto-moderation sent it back:\n– empty slides: 2');
    expect(shown.activities?.at(-1)).toMatchObject({
      to_status_id: EXERCISE_STATUS.declined,
      user: null,
      automatic: true,
      comment: shown.comment,
    });
  });

  it('required_fields: declines a submission without an instruction or a description', async () => {
    const school = await buildSchool(t.db);
    await configure(school, { rules: { ...NO_RULES, required_fields: true }, on_pass: 'accept' });
    const exercise = await draftWithDeck(school, undefined, { instruction: '', description: '' });
    const shown = await submit(school, exercise.id);
    expect(shown.status_id).toBe(EXERCISE_STATUS.declined);
    expect(shown.comment).toContain('missing: instruction, description');
  });

  it('unique_title: declines a title another exercise has but for case, spaces and punctuation', async () => {
    const school = await buildSchool(t.db);
    await configure(school, { rules: { ...NO_RULES, unique_title: true }, on_pass: 'accept' });
    await draftWithDeck(school, undefined, { title: 'Sound R: words' });
    const twin = await draftWithDeck(school, undefined, { title: 'sound r words!' });
    const shown = await submit(school, twin.id);
    expect(shown.status_id).toBe(EXERCISE_STATUS.declined);
    expect(shown.comment).toContain('an exercise with this title already exists');
  });

  it('valid_deck: declines a slide count with no uploaded deck behind it', async () => {
    const school = await buildSchool(t.db);
    await configure(school, { rules: { ...NO_RULES, valid_deck: true }, on_pass: 'accept' });
    const created = await apiAs(t.app, school.author).post('/api/exercises', {
      title: 'No deck',
      category_id: school.leaf,
      tag_ids: [school.rhymes],
    });
    const id = (created.json().data as Exercise).id;
    // Completeness reads the slide count; a count without a stored deck is what this rule catches.
    await t.db.update(exercises).set({ slideCount: 3 }).where(eq(exercises.id, id));
    const shown = await submit(school, id);
    expect(shown.status_id).toBe(EXERCISE_STATUS.declined);
    expect(shown.comment).toContain('there is no .pptx presentation with at least one slide');
  });

  it('lists every failing rule in the comment, in the language of the submission', async () => {
    const school = await buildSchool(t.db);
    await configure(school, { rules: ALL_RULES, on_pass: 'leave_for_moderator' });
    const exercise = await draftWithDeck(school, [[], ['Words']], { description: '' });
    const response = await apiAs(t.app, school.author).post(
      `/api/exercises/${exercise.id}/status`,
      { status_id: EXERCISE_STATUS.moderation },
      { lang: 'uk' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Exercise;
    expect(data.status_id).toBe(EXERCISE_STATUS.declined);
    expect(data.comment).toBe('Автомодерація повернула вправу:\n– не заповнено: опис\n– порожні слайди: 1');
  });

  it('lets the author revise and resubmit an automatically declined exercise', async () => {
    const school = await buildSchool(t.db);
    await configure(school, { rules: ALL_RULES, on_pass: 'accept' });
    const exercise = await draftWithDeck(school, [['Words'], []]);
    expect((await submit(school, exercise.id)).status_id).toBe(EXERCISE_STATUS.declined);
    await configure(school, { enabled: false });
    expect((await submit(school, exercise.id)).status_id).toBe(EXERCISE_STATUS.moderation);
  });
});
