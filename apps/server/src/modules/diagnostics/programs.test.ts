import { PROGRAM_ITEMS_MAX, type Program, type ProgramsPage } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import type { DiagnosticCardContent } from '@logoschool/contract';
import { diagnosticCardVersions, diagnosticCards } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSchool, type School } from '../../test/exercises.ts';
import { buildExercise, buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import { dataOf } from '../../test/lessons.ts';

const t = useTestApp();
const as = (who: Member) => apiAs(t.app, who);
const URL = '/api/recommended-programs';

/** A school with three accepted exercises, a draft and another project's accepted exercise. */
async function buildProgramSchool() {
  const s = await buildSchool(t.db);
  const exercise = async (title: string, statusId = 1, workspaceId = s.workspace.id) =>
    (await buildExercise(t.db, workspaceId, s.author.user.id, { title, statusId, categoryId: s.leaf })).id;
  const accepted = [await exercise('Snake hiss'), await exercise('Bee buzz'), await exercise('Motor [R]')];
  const draft = await exercise('Draft', 4);
  const elsewhere = await buildWorkspace(t.db);
  const foreign = (await buildExercise(t.db, elsewhere.id, s.author.user.id, { title: 'Foreign' })).id;
  const otherModerator = await buildSignedInMember(t.db, elsewhere, 'moderator');
  return { ...s, accepted, draft, foreign, otherModerator };
}

const body = (s: School & { accepted: number[] }, values: Record<string, unknown> = {}) => ({
  kind: 'program',
  name: 'Sound [S] at home',
  description: 'Ten minutes a day',
  items: [
    { exercise_id: s.accepted[1], note: 'Start with this' },
    { exercise_id: s.accepted[0], note: '' },
  ],
  ...values,
});

/** A published card of the project whose computed block's band points at the program. */
async function cardPointingAt(workspaceId: number, writerId: number, programId: number, published: boolean) {
  const content = {
    title: 'Speech screening',
    description: '',
    language: 'en',
    category_ids: [],
    blocks: [],
    computed: [
      {
        key: 'k',
        code: 'score',
        title: 'Score',
        description: '',
        formula: '1',
        parents_visible: true,
        bands: [{ from: 0, to: 4, label: 'Severe', kind: 'violation', program_id: programId }],
      },
    ],
  } as unknown as DiagnosticCardContent;
  const [card] = await t.db
    .insert(diagnosticCards)
    .values({
      workspaceId,
      writerId,
      title: 'Speech screening',
      language: 'en',
      content,
      status: published ? 'published' : 'draft',
      version: published ? 1 : 0,
    })
    .returning();
  if (published) await t.db.insert(diagnosticCardVersions).values({ cardId: card!.id, version: 1, content });
  return card!;
}

describe('recommended programs', () => {
  it('a moderator creates, lists, reads, changes and deletes a program; a teacher reads it', async () => {
    const s = await buildProgramSchool();
    const created = dataOf<Program>(await as(s.moderator).post(URL, body(s)), 201);
    expect(created).toMatchObject({
      kind: 'program',
      name: 'Sound [S] at home',
      description: 'Ten minutes a day',
      items: [
        { exercise_id: s.accepted[1], title: 'Bee buzz', category_name: '[R]', note: 'Start with this' },
        { exercise_id: s.accepted[0], title: 'Snake hiss', category_name: '[R]', note: '' },
      ],
    });
    dataOf(
      await as(s.moderator).post(URL, body(s, { kind: 'complex', name: 'Breathing complex', items: [] })),
      201,
    );
    const programs = await as(s.teacher).get(URL, { query: 'kind=program' });
    expect(programs.statusCode, programs.body).toBe(200);
    expect((programs.json() as ProgramsPage).data).toEqual([
      expect.objectContaining({ id: created.id, name: 'Sound [S] at home', items: 2 }),
    ]);
    const found = (await as(s.moderator).get(URL, { query: 'term=BREATH' })).json() as ProgramsPage;
    expect(found.data.map((row) => row.name)).toEqual(['Breathing complex']);
    expect(found.meta.total).toBe(1);
    expect(dataOf<Program>(await as(s.teacher).get(`${URL}/${created.id}`))).toEqual(created);

    const changed = dataOf<Program>(
      await as(s.moderator).put(
        `${URL}/${created.id}`,
        body(s, {
          name: 'Sound [S], second stage',
          items: [
            { exercise_id: s.accepted[2], note: 'First' },
            { exercise_id: s.accepted[1], note: 'Then' },
          ],
        }),
      ),
    );
    expect(changed.name).toBe('Sound [S], second stage');
    expect(changed.items.map((item) => [item.exercise_id, item.note])).toEqual([
      [s.accepted[2], 'First'],
      [s.accepted[1], 'Then'],
    ]);
    dataOf(await as(s.moderator).delete(`${URL}/${created.id}`));
    expect((await as(s.moderator).get(`${URL}/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses with 422 an exercise that is not an accepted one of the project, a repeat, an empty name, too many', async () => {
    const s = await buildProgramSchool();
    const refused = async (values: Record<string, unknown>, field: string) => {
      const answer = await as(s.moderator).post(URL, body(s, values));
      expect(answer.statusCode, answer.body).toBe(422);
      expect(Object.keys(answer.json().errors)).toContain(field);
      return answer.json().errors[field] as string[];
    };
    expect(await refused({ items: [{ exercise_id: s.draft }] }, 'items.0.exercise_id')).toEqual([
      'Choose an accepted exercise of this project.',
    ]);
    await refused(
      { items: [{ exercise_id: s.accepted[0] }, { exercise_id: s.foreign }] },
      'items.1.exercise_id',
    );
    await refused({ items: [{ exercise_id: 999_999 }] }, 'items.0.exercise_id');
    await refused(
      { items: [{ exercise_id: s.accepted[0] }, { exercise_id: s.accepted[0] }] },
      'items.1.exercise_id',
    );
    await refused({ name: '  ' }, 'name');
    await refused({ kind: 'course' }, 'kind');
    await refused(
      { items: Array.from({ length: PROGRAM_ITEMS_MAX + 1 }, (_, index) => ({ exercise_id: index + 1 })) },
      'items',
    );
    const page = (await as(s.moderator).get(URL)).json() as ProgramsPage;
    expect(page.meta.total).toBe(0);
  });

  it('answers 401 without a token, 403 to a role that may not, 404 for another project’s program', async () => {
    const s = await buildProgramSchool();
    const created = dataOf<Program>(await as(s.moderator).post(URL, body(s)), 201);
    expect((await apiAs(t.app, s.moderator, { token: null }).get(URL)).statusCode).toBe(401);
    expect((await as(s.teacher).post(URL, body(s))).statusCode).toBe(403);
    expect((await as(s.teacher).put(`${URL}/${created.id}`, body(s))).statusCode).toBe(403);
    expect((await as(s.teacher).delete(`${URL}/${created.id}`)).statusCode).toBe(403);
    expect((await as(s.author).get(URL)).statusCode).toBe(403);
    expect((await as(s.manager).get(`${URL}/${created.id}`)).statusCode).toBe(403);
    const other = as(s.otherModerator);
    expect((await other.get(`${URL}/${created.id}`)).statusCode).toBe(404);
    expect((await other.put(`${URL}/${created.id}`, body(s, { items: [] }))).statusCode).toBe(404);
    expect((await other.delete(`${URL}/${created.id}`)).statusCode).toBe(404);
    expect(((await other.get(URL)).json() as ProgramsPage).data).toEqual([]);
  });

  it('keeps a program a published card’s band points at (409); a draft card does not keep it', async () => {
    const s = await buildProgramSchool();
    const kept = dataOf<Program>(await as(s.moderator).post(URL, body(s)), 201);
    const free = dataOf<Program>(await as(s.moderator).post(URL, body(s, { name: 'Other' })), 201);
    // The draft first, so that the published card's id and its version's differ.
    await cardPointingAt(s.workspace.id, s.moderator.user.id, free.id, false);
    await cardPointingAt(s.workspace.id, s.moderator.user.id, kept.id, true);
    const refused = await as(s.moderator).delete(`${URL}/${kept.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      code: 'program_in_use',
      message:
        'The program cannot be deleted while published diagnostic cards recommend it in their bands: Speech screening.',
    });
    dataOf(await as(s.moderator).delete(`${URL}/${free.id}`));
  });
});
