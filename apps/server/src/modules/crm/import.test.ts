import {
  CLIENT_IMPORT_ROWS_MAX,
  JSON_BODY_MAX_BYTES,
  type Client,
  type ClientImportResult,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';

const t = useTestApp();

async function buildTeacher(): Promise<Member> {
  return buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
}

const send = (teacher: Member, rows: object[], lang = 'en') =>
  apiAs(t.app, teacher).post('/api/clients/import', { rows }, { lang });

async function imported(teacher: Member, rows: object[]) {
  const response = await send(teacher, rows);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ClientImportResult;
}

const studentsOf = (teacher: Member) =>
  t.db.select().from(clients).where(eq(clients.teacherId, teacher.user.id)).orderBy(clients.id);

describe('POST /api/clients/import', () => {
  it('creates each valid row, refuses each wrong one with its messages, and counts them', async () => {
    const teacher = await buildTeacher();
    const result = await imported(teacher, [
      {
        child_name: 'Sofiia Koval',
        client_name: 'Olena Koval',
        birthdate: '14.05.2019',
        language: 'EN',
        parent_phone: '+380 50 123 45 67',
        custom_themes: 'cars, space',
        remote_id: 'crm-1',
      },
      { child_name: 'S', client_name: '', parent_email: 'nope', shoe_size: '30' },
      { 'Child name': 'Andrii Melnyk', 'Client name': 'Iryna Melnyk' },
    ]);
    expect(result).toMatchObject({ created: 2, updated: 0, refused: 1 });
    expect(result.rows.map((row) => [row.index, row.outcome])).toEqual([
      [0, 'created'],
      [1, 'refused'],
      [2, 'created'],
    ]);
    expect(result.rows[1]).toEqual({
      index: 1,
      outcome: 'refused',
      client_id: null,
      errors: {
        child_name: ['At least 2 characters.'],
        client_name: ['Required.'],
        parent_email: ['Enter a valid email address.'],
        shoe_size: ['Unknown field.'],
      },
    });
    const first = await apiAs(t.app, teacher).get(`/api/clients/${result.rows[0]!.client_id}`);
    expect(first.json().data as Client).toMatchObject({
      child_name: 'Sofiia Koval',
      birthdate: '2019-05-14',
      language: 'en',
      parent_phone: '+380501234567',
      custom_themes: ['cars', 'space'],
      remote_id: 'crm-1',
    });
  });

  it('updates by remote id, and does not add a student without one twice', async () => {
    const teacher = await buildTeacher();
    const rows = [
      { child_name: 'Sofiia Koval', client_name: 'Olena Koval', remote_id: 'crm-1' },
      { child_name: 'Andrii Melnyk', client_name: 'Iryna Melnyk', birthdate: '2018-01-02' },
    ];
    await imported(teacher, rows);
    const again = await imported(teacher, [
      { ...rows[0], parent_request: 'Sound R' },
      { ...rows[1], child_name: 'ANDRII MELNYK' },
    ]);
    expect(again.rows.map((row) => row.outcome)).toEqual(['updated', 'refused']);
    expect(again.rows[1]!.errors).toEqual({
      '': [
        'You already have this student (the same child, parent and date of birth). To update them, give the row a remote_id.',
      ],
    });
    const students = await studentsOf(teacher);
    expect(students.map((row) => [row.childName, row.parentRequest])).toEqual([
      ['Sofiia Koval', 'Sound R'],
      ['Andrii Melnyk', ''],
    ]);
  });

  it("refuses a row whose remote id is another teacher's student, and says it in the caller's language", async () => {
    const teacher = await buildTeacher();
    const colleague = await buildSignedInMember(t.db, teacher.workspace, 'teacher');
    await imported(colleague, [
      { child_name: 'Sofiia Koval', client_name: 'Olena Koval', remote_id: 'crm-1' },
    ]);
    const response = await send(
      teacher,
      [{ child_name: 'Someone Else', client_name: 'Olena Koval', remote_id: 'crm-1' }],
      'uk',
    );
    const result = response.json().data as ClientImportResult;
    expect(result.rows[0]).toMatchObject({
      outcome: 'refused',
      errors: { remote_id: ['Цей ідентифікатор у CRM має учень іншого логопеда.'] },
    });
    expect(await studentsOf(teacher)).toEqual([]);
    expect((await studentsOf(colleague)).map((row) => row.childName)).toEqual(['Sofiia Koval']);
  });

  it('takes 1 to CLIENT_IMPORT_ROWS_MAX rows of text cells (422 otherwise)', async () => {
    const teacher = await buildTeacher();
    const row = { child_name: 'Sofiia Koval', client_name: 'Olena Koval' };
    const cases: [object, string][] = [
      [{ rows: [] }, 'rows'],
      [{ rows: Array(CLIENT_IMPORT_ROWS_MAX + 1).fill(row) }, 'rows'],
      [{ rows: [{ child_name: 5 }] }, 'rows.0.child_name'],
      [{ rows: [row], extra: true }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const response = await apiAs(t.app, teacher).post('/api/clients/import', payload);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect(await studentsOf(teacher)).toEqual([]);
  });

  it('reads CLIENT_IMPORT_ROWS_MAX rows in one call, past the 1 MB of other bodies', async () => {
    const teacher = await buildTeacher();
    // Long rows, refused before anything is saved (a one-letter name), so that the call stays quick.
    const rows = Array.from({ length: CLIENT_IMPORT_ROWS_MAX }, (_, index) => ({
      child_name: 'S',
      client_name: `Parent ${index}`,
      comment_for_teacher: 'x'.repeat(2000),
      parent_request: 'y'.repeat(2000),
    }));
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(JSON_BODY_MAX_BYTES);
    const result = await imported(teacher, rows);
    expect(result.refused).toBe(CLIENT_IMPORT_ROWS_MAX);
    expect(result.rows[CLIENT_IMPORT_ROWS_MAX - 1]).toMatchObject({ index: CLIENT_IMPORT_ROWS_MAX - 1 });
  });

  it.each(['moderator', 'manager', 'author', 'admin'] as const)('is refused to %s (403)', async (role) => {
    const member = await buildSignedInMember(t.db, await buildWorkspace(t.db), role);
    const response = await send(member, [{ child_name: 'Sofiia', client_name: 'Olena' }]);
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    const teacher = await buildTeacher();
    const response = await apiAs(t.app, teacher, { token: null }).post('/api/clients/import', { rows: [] });
    expect(response.statusCode).toBe(401);
  });
});
