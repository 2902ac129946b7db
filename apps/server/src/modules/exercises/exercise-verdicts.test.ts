import {
  DEFAULT_AUTO_MODERATION,
  EXERCISE_STATUS,
  type CheckGenerateResult,
  type Exercise,
  type ExerciseGenerated,
  type ExerciseStatusName,
} from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exerciseFiles, exerciseTags } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSchool, DECK_MEDIA, SLIDES, uploadDeck, type School } from '../../test/exercises.ts';
import type { Member } from '../../test/factories.ts';
import { buildThemeWithAssets, solidPng } from '../../test/media.ts';
import { pptxDeck } from '../../test/pptx.ts';

/**
 * A moderator taking a verdict back (issue 12 item 2): a declined or accepted exercise sent back to
 * moderation, a decline turned into an acceptance, each kept in the history.
 */
const t = useTestApp();

let titles = 0;

const setStatus = (who: Member, id: number, status: ExerciseStatusName, comment?: string) =>
  apiAs(t.app, who).post(`/api/exercises/${id}/status`, {
    status_id: EXERCISE_STATUS[status],
    ...(comment === undefined ? {} : { comment }),
  });

async function moveTo(who: Member, id: number, status: ExerciseStatusName, comment?: string) {
  const response = await setStatus(who, id, status, comment);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Exercise;
}

/** A complete exercise of the school's author with a real deck (its pictures marked), submitted. */
async function submitted(school: School): Promise<Exercise> {
  const created = await apiAs(t.app, school.author).post('/api/exercises', {
    title: `Verdict ${(titles += 1)}`,
    category_id: school.leaf,
    tag_ids: [school.rhymes],
    instruction: 'Say each word twice',
    description: 'Pictures for the sound [R]',
  });
  expect(created.statusCode, created.body).toBe(201);
  const exercise = created.json().data as Exercise;
  const deck = pptxDeck(SLIDES, { media: DECK_MEDIA });
  const uploaded = await uploadDeck(t.app, school.author, exercise.id, deck);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await t.db
    .update(exerciseFiles)
    .set({ assetType: 'background' })
    .where(and(eq(exerciseFiles.exerciseId, exercise.id), eq(exerciseFiles.originalName, 'image1.png')));
  return moveTo(school.author, exercise.id, 'moderation');
}

async function history(who: Member, id: number) {
  const response = await apiAs(t.app, who).get(`/api/exercises/${id}`, { query: 'with_activities=true' });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as Exercise;
  return (data.activities ?? []).map((entry) => [
    entry.from_status_id,
    entry.to_status_id,
    entry.user?.id ?? null,
    entry.comment,
  ]);
}

const { accepted, declined, moderation, draft } = EXERCISE_STATUS;

describe('a moderator takes a verdict back', () => {
  it('sends a declined exercise back to moderation, then accepts it; the history keeps every step', async () => {
    const school = await buildSchool(t.db);
    const exercise = await submitted(school);
    await moveTo(school.moderator, exercise.id, 'declined', 'The pictures are too small');
    const reopened = await moveTo(school.moderator, exercise.id, 'moderation', 'Declined by mistake');
    expect(reopened.status_id).toBe(moderation);
    await moveTo(school.moderator, exercise.id, 'accepted');
    const moderator = school.moderator.user.id;
    expect((await history(school.moderator, exercise.id)).slice(-3)).toEqual([
      [moderation, declined, moderator, 'The pictures are too small'],
      [declined, moderation, moderator, 'Declined by mistake'],
      [moderation, accepted, moderator, ''],
    ]);
  });

  it('accepts a declined exercise straight away, and sends an accepted one back to moderation', async () => {
    const school = await buildSchool(t.db);
    const exercise = await submitted(school);
    await moveTo(school.moderator, exercise.id, 'declined', 'Wrong sound');
    expect((await moveTo(school.moderator, exercise.id, 'accepted')).status_id).toBe(accepted);
    expect((await moveTo(school.moderator, exercise.id, 'moderation')).status_id).toBe(moderation);
    // Out of the library again: a teacher no longer reads it.
    expect((await apiAs(t.app, school.teacher).get(`/api/exercises/${exercise.id}`)).statusCode).toBe(404);
    expect((await history(school.moderator, exercise.id)).slice(-2)).toEqual([
      [declined, accepted, school.moderator.user.id, ''],
      [accepted, moderation, school.moderator.user.id, ''],
    ]);
    // From moderation the usual ways apply again: the author may withdraw it to change it.
    expect((await moveTo(school.author, exercise.id, 'draft')).status_id).toBe(draft);
  });

  it('is the moderator’s alone: the author and a teacher are refused (403), nothing changes', async () => {
    const school = await buildSchool(t.db);
    const exercise = await submitted(school);
    await moveTo(school.moderator, exercise.id, 'declined', 'Wrong sound');
    expect((await setStatus(school.author, exercise.id, 'accepted')).statusCode).toBe(403);
    expect((await setStatus(school.teacher, exercise.id, 'moderation')).statusCode).toBe(404);
    await moveTo(school.moderator, exercise.id, 'accepted');
    expect((await setStatus(school.author, exercise.id, 'moderation')).statusCode).toBe(403);
    expect((await setStatus(school.otherAuthor, exercise.id, 'moderation')).statusCode).toBe(403);
    expect((await setStatus(school.teacher, exercise.id, 'moderation')).statusCode).toBe(403);
    const shown = await apiAs(t.app, school.moderator).get(`/api/exercises/${exercise.id}`);
    expect(shown.json().data.status_id).toBe(accepted);
  });

  it('needs the exercise complete to send it back to moderation or accept it (422)', async () => {
    const school = await buildSchool(t.db);
    const exercise = await submitted(school);
    await moveTo(school.moderator, exercise.id, 'declined', 'Wrong tags');
    // A declined exercise may lose its tags while the author reworks it.
    await t.db.delete(exerciseTags).where(eq(exerciseTags.exerciseId, exercise.id));
    for (const status of ['moderation', 'accepted'] as const) {
      const refused = await setStatus(school.moderator, exercise.id, status);
      expect(refused.statusCode, status).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['tag_ids']);
    }
  });

  it('runs no auto-moderation when a moderator sends an exercise back to moderation, only on the author’s submission', async () => {
    const school = await buildSchool(t.db);
    const saved = await apiAs(t.app, school.moderator).put('/api/exercises/auto-moderation', {
      ...DEFAULT_AUTO_MODERATION,
      enabled: true,
      // Every rule on; a submission that passes them is accepted without a person.
      rules: { valid_deck: true, unique_title: true, required_fields: true, no_empty_slides: true },
      on_pass: 'accept',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const exercise = await submitted(school);
    // Passing every rule, the author's submission was accepted at once (automatic).
    const afterSubmit = await apiAs(t.app, school.moderator).get(`/api/exercises/${exercise.id}`);
    expect(afterSubmit.json().data.status_id).toBe(accepted);
    // The moderator wants to look at it themselves: it stays in moderation.
    const reopened = await moveTo(school.moderator, exercise.id, 'moderation', 'I want to see it');
    expect(reopened.status_id).toBe(moderation);
    const steps = await history(school.moderator, exercise.id);
    expect(steps.at(-1)).toEqual([accepted, moderation, school.moderator.user.id, 'I want to see it']);
    // The author's own resubmission still meets the rules.
    await moveTo(school.moderator, exercise.id, 'declined', 'Slide 2 is blurry');
    const resubmitted = await moveTo(school.author, exercise.id, 'moderation');
    expect(resubmitted.status_id).toBe(accepted);
  });

  it('keeps themed versions when an accepted exercise goes back to moderation; none is made until it is accepted again', async () => {
    const school = await buildSchool(t.db);
    const exercise = await submitted(school);
    await moveTo(school.moderator, exercise.id, 'accepted');
    const flagged = await apiAs(t.app, school.moderator).put(`/api/exercises/${exercise.id}`, {
      ready_for_generation: true,
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const { theme } = await buildThemeWithAssets(t.db, t.app.files, school.workspace.id, [
      { type: 'background', content: solidPng(10, 10, 120) },
    ]);
    const generate = (dryRun: boolean) =>
      apiAs(t.app, school.moderator).post(`/api/exercises/${exercise.id}/check-generate`, {
        theme_id: theme.id,
        dry_run: dryRun,
      });
    const made = (await generate(false)).json().data as CheckGenerateResult;
    expect(made.possible, JSON.stringify(made.problems)).toBe(true);
    const variant = made.generated as ExerciseGenerated;

    await moveTo(school.moderator, exercise.id, 'moderation');
    const listed = await apiAs(t.app, school.moderator).get(`/api/exercises/${exercise.id}/generated`);
    expect(listed.json().data.map((v: ExerciseGenerated) => v.id)).toEqual([variant.id]);
    const refused = (await generate(true)).json().data as CheckGenerateResult;
    expect(refused.possible).toBe(false);
    expect(refused.problems.map((problem) => problem.code)).toEqual(['not_accepted']);

    await moveTo(school.moderator, exercise.id, 'accepted');
    expect(((await generate(true)).json().data as CheckGenerateResult).possible).toBe(true);
  });
});
