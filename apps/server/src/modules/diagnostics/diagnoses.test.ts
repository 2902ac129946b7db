import { ROLE, type ClientDiagnoses, type Diagnosis, type DiagnosticCardContent } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientDiagnosticians, clients, diagnoses, recommendedPrograms } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  buildDiagnosticCard,
  buildSignedInMember,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';
import { dataOf } from '../../test/lessons.ts';

const t = useTestApp();
const as = (who: Member, options: { roleId?: number } = {}) => apiAs(t.app, who, options);

const question = (key: string, values: Record<string, unknown>) => ({
  key,
  code: key,
  text: `Question ${key}`,
  hint: '',
  required: false,
  type: 'short_text',
  variants: [],
  scale: null,
  rows: [],
  columns: [],
  multiple: false,
  ...values,
});

/** A card with a required text, a variant question, a scale and a computed block whose band names a program. */
function cardContent(programId: number | null): DiagnosticCardContent {
  return {
    title: 'Speech screening',
    description: '',
    language: 'en',
    category_ids: [],
    blocks: [
      {
        key: '00000000-0000-4000-8000-000000000001',
        title: 'Sounds',
        description: '',
        questions: [
          question('first', { text: 'First words', required: true }),
          question('r', {
            type: 'one_variant',
            text: 'The sound R',
            variants: [
              { key: 'r0', label: 'Absent', score: 0 },
              { key: 'r2', label: 'Clear', score: 2 },
            ],
          }),
          question('breath', {
            type: 'scale',
            text: 'Breathing',
            scale: { from: 0, to: 10, start_label: 'Weak', centre_label: '', end_label: 'Strong' },
          }),
        ],
      },
    ],
    computed: [
      {
        key: 'c1',
        code: 'total',
        title: 'Total',
        description: '',
        formula: 'r + breath',
        bands: [
          { from: 0, to: 4, label: 'Severe', kind: 'violation', program_id: programId },
          { from: 5, to: 100, label: 'Typical', kind: 'qualification', program_id: null },
        ],
        parents_visible: true,
      },
    ],
  } as DiagnosticCardContent;
}

async function buildDiagnosisSchool() {
  const workspace = await buildWorkspace(t.db);
  const moderator = await buildSignedInMember(t.db, workspace, 'moderator');
  const teacher = await buildSignedInMember(t.db, workspace, 'teacher', { name: 'Tetiana Teacher' });
  const otherTeacher = await buildSignedInMember(t.db, workspace, 'teacher');
  const diagnostician = await buildSignedInMember(t.db, workspace, 'diagnostician', {
    name: 'Dana Diagnostician',
  });
  const manager = await buildSignedInMember(t.db, workspace, 'manager');
  const [program] = await t.db
    .insert(recommendedPrograms)
    .values({ workspaceId: workspace.id, kind: 'program', name: 'Sound R at home' })
    .returning();
  const card = await buildDiagnosticCard(t.db, workspace.id, moderator.user.id, cardContent(program!.id));
  const [client] = await t.db
    .insert(clients)
    .values({
      workspaceId: workspace.id,
      teacherId: teacher.user.id,
      clientName: 'Olena Koval',
      childName: 'Sofiia Koval',
      birthdate: '2019-05-04',
    })
    .returning();
  const other = await buildWorkspace(t.db);
  const foreignTeacher = await buildSignedInMember(t.db, other, 'teacher');
  const foreignCard = await buildDiagnosticCard(t.db, other.id, foreignTeacher.user.id, cardContent(null));
  return {
    workspace,
    moderator,
    teacher,
    otherTeacher,
    diagnostician,
    manager,
    program: program!,
    card,
    client: client!,
    foreignTeacher,
    foreignCard,
  };
}
type S = Awaited<ReturnType<typeof buildDiagnosisSchool>>;

const start = async (s: S, who: Member = s.teacher, cardId = s.card.id, query = 'time_zone=Europe%2FKyiv') =>
  as(who, who === s.diagnostician ? { roleId: ROLE.teacher } : {}).post(
    `/api/clients/${s.client.id}/diagnoses`,
    { card_id: cardId },
    { query },
  );

const header = (d: Diagnosis) => ({
  client_name: d.client_name,
  child_name: d.child_name,
  birthdate: d.birthdate,
  diagnosed_on: d.diagnosed_on,
});

describe('diagnoses', () => {
  it('the teacher starts one from the published card, autosaves, completes it; the list keeps every one', async () => {
    const s = await buildDiagnosisSchool();
    const created = dataOf<Diagnosis>(await start(s), 201);
    expect(created).toMatchObject({
      client_name: 'Olena Koval',
      child_name: 'Sofiia Koval',
      birthdate: '2019-05-04',
      status: 'draft',
      completed_at: null,
      card: { id: s.card.id, title: 'Speech screening', version: 1 },
      previous: null,
      link: 'none',
      read_only: false,
      filled_by: { id: s.teacher.user.id, name: 'Tetiana Teacher' },
    });
    expect(created.diagnosed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(created.results).toEqual([
      expect.objectContaining({ code: 'total', value: null, missing: ['r', 'breath'], band: null }),
    ]);

    const answers = { first: { text: 'mama' }, r: { variant: 'r2' }, breath: { value: 1 } };
    const saved = dataOf<Diagnosis>(
      await as(s.teacher).put(`/api/diagnoses/${created.id}`, {
        ...header(created),
        answers,
        block_marks: { '00000000-0000-4000-8000-000000000001': { examination: 'start', status: 'further' } },
        notes: 'Shy at first',
      }),
    );
    expect(saved.answers).toEqual(answers);
    expect(saved.notes).toBe('Shy at first');
    expect(saved.results[0]).toMatchObject({
      value: 3,
      band: { label: 'Severe', kind: 'violation', program: { id: s.program.id, name: 'Sound R at home' } },
    });

    const completed = dataOf<Diagnosis>(
      await as(s.teacher).post(`/api/diagnoses/${created.id}/complete`, {}),
    );
    expect(completed.completed_at).not.toBeNull();

    const again = dataOf<Diagnosis>(await start(s), 201);
    expect(again.id).not.toBe(created.id);
    expect(again.previous).toMatchObject({ id: created.id, answers });
    const { client, diagnoses: list } = dataOf<ClientDiagnoses>(
      await as(s.teacher).get(`/api/clients/${s.client.id}/diagnoses`),
    );
    expect(client).toMatchObject({ child_name: 'Sofiia Koval', teacher: { name: 'Tetiana Teacher' } });
    expect(list.map((item) => item.id)).toEqual([again.id, created.id]);
    expect(list[1]).toMatchObject({
      card: { title: 'Speech screening' },
      filled_by: { name: 'Tetiana Teacher' },
    });
  });

  it('refuses answers that do not fit (422), and a sent diagnosis is read-only (409)', async () => {
    const s = await buildDiagnosisSchool();
    const created = dataOf<Diagnosis>(await start(s), 201);
    const put = (answers: object, block_marks: object = {}) =>
      as(s.teacher).put(`/api/diagnoses/${created.id}`, { ...header(created), answers, block_marks });
    for (const answers of [
      { r: { variant: 'nope' } },
      { breath: { value: 11 } },
      { breath: { text: 'x' } },
      { unknown: { text: 'x' } },
    ]) {
      const response = await put(answers);
      expect(response.statusCode, JSON.stringify(answers)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([`answers.${Object.keys(answers)[0]}`]);
    }
    const badMark = await put({}, { other: { examination: 'start', status: 'ready' } });
    expect(badMark.statusCode).toBe(422);
    expect((await put({ r: 'x' })).statusCode).toBe(422);

    await t.db.update(diagnoses).set({ status: 'sent' }).where(eq(diagnoses.id, created.id));
    const refused = await put({});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('diagnosis_read_only');
    expect((await as(s.teacher).post(`/api/diagnoses/${created.id}/complete`, {})).statusCode).toBe(409);
    expect((await as(s.teacher).delete(`/api/diagnoses/${created.id}`)).statusCode).toBe(409);
    expect(dataOf<Diagnosis>(await as(s.teacher).get(`/api/diagnoses/${created.id}`)).read_only).toBe(true);
  });

  it('refuses a card id the database cannot hold with 422 naming the field, not 500 (issue 24)', async () => {
    const s = await buildDiagnosisSchool();
    for (const cardId of [2 ** 31, -1, 1e20, 0]) {
      const response = await start(s, s.teacher, cardId);
      expect(response.statusCode, `${cardId}: ${response.body}`).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['card_id']);
    }
    // The largest id the database holds is a card that is not there.
    expect((await start(s, s.teacher, 2 ** 31 - 1)).statusCode).toBe(404);
  });

  it('§5: completing names the unanswered required questions unless saved without them', async () => {
    const s = await buildDiagnosisSchool();
    const created = dataOf<Diagnosis>(await start(s), 201);
    const refused = await as(s.teacher).post(`/api/diagnoses/${created.id}/complete`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toStrictEqual({
      'answers.first': ['This required question is not answered.'],
    });
    const done = dataOf<Diagnosis>(
      await as(s.teacher).post(`/api/diagnoses/${created.id}/complete`, { without_required: true }),
    );
    expect(done.completed_at).not.toBeNull();
  });

  it('§9: a scale moved by more than 2 divisions within a month asks first (409), then saves when seen', async () => {
    const s = await buildDiagnosisSchool();
    const first = dataOf<Diagnosis>(await start(s), 201);
    await t.db
      .update(diagnoses)
      .set({ diagnosedOn: '2026-01-01', answers: { first: { text: 'a' }, breath: { value: 2 } } })
      .where(eq(diagnoses.id, first.id));
    const second = dataOf<Diagnosis>(await start(s), 201);
    const put = (value: number, on: string) =>
      as(s.teacher).put(`/api/diagnoses/${second.id}`, {
        ...header(second),
        diagnosed_on: on,
        answers: { first: { text: 'b' }, breath: { value } },
      });
    dataOf(await put(5, '2026-01-20'));
    const asked = await as(s.teacher).post(`/api/diagnoses/${second.id}/complete`, {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe('diagnosis_scale_change');
    expect(asked.json().errors['answers.breath'][0]).toContain('2');
    // Two divisions, or a month and more later, is no jump.
    dataOf(await put(4, '2026-01-20'));
    expect((await as(s.teacher).post(`/api/diagnoses/${second.id}/complete`, {})).statusCode).toBe(200);
    dataOf(await put(9, '2026-02-20'));
    expect((await as(s.teacher).post(`/api/diagnoses/${second.id}/complete`, {})).statusCode).toBe(200);
    dataOf(await put(9, '2026-01-20'));
    const seen = await as(s.teacher).post(`/api/diagnoses/${second.id}/complete`, {
      scale_changes_seen: true,
    });
    expect(seen.statusCode).toBe(200);
  });

  it('an assigned diagnostician fills the student; others get 404, roles that may not 403, nobody 401', async () => {
    const s = await buildDiagnosisSchool();
    const asDiagnostician = as(s.diagnostician, { roleId: ROLE.teacher });
    expect((await start(s, s.diagnostician)).statusCode).toBe(404);
    await t.db
      .insert(clientDiagnosticians)
      .values({ clientId: s.client.id, userId: s.diagnostician.user.id, workspaceId: s.workspace.id });
    const created = dataOf<Diagnosis>(await start(s, s.diagnostician), 201);
    expect(created.filled_by.name).toBe('Dana Diagnostician');
    dataOf(await asDiagnostician.get(`/api/diagnoses/${created.id}`));
    dataOf(await as(s.teacher).get(`/api/diagnoses/${created.id}`));

    // Another teacher of the project, another project's teacher: not theirs.
    for (const who of [s.otherTeacher, s.foreignTeacher]) {
      expect((await as(who).get(`/api/diagnoses/${created.id}`)).statusCode).toBe(404);
      expect((await as(who).get(`/api/clients/${s.client.id}/diagnoses`)).statusCode).toBe(404);
      expect((await start(s, who)).statusCode).toBe(404);
      expect((await as(who).delete(`/api/diagnoses/${created.id}`)).statusCode).toBe(404);
    }
    // A card of another project, or not published: 404.
    expect((await start(s, s.teacher, s.foreignCard.id)).statusCode).toBe(404);
    // Roles that may not.
    for (const who of [s.moderator, s.manager]) {
      const response = await as(who).get(`/api/diagnoses/${created.id}`);
      expect(response.statusCode).toBe(403);
    }
    expect(
      (await as(s.diagnostician, { roleId: ROLE.diagnostician }).get(`/api/clients/${s.client.id}/diagnoses`))
        .statusCode,
    ).toBe(200);
    expect(
      (await apiAs(t.app, s.teacher, { token: null }).get(`/api/diagnoses/${created.id}`)).statusCode,
    ).toBe(401);

    // A draft is deleted; the list no longer has it.
    dataOf(await as(s.teacher).delete(`/api/diagnoses/${created.id}`));
    expect(
      dataOf<ClientDiagnoses>(await as(s.teacher).get(`/api/clients/${s.client.id}/diagnoses`)).diagnoses,
    ).toEqual([]);
  });
});
