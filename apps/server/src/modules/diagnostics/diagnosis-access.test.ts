import { ROLE, type Diagnostician } from '@logoschool/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.ts';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  bearer,
  buildDiagnosis,
  buildDiagnosticCard,
  buildMember,
  buildSignedInMember,
  buildWorkspace,
  EMPTY_CARD,
  tokenFor,
  type Member,
} from '../../test/factories.ts';
import { dataOf } from '../../test/lessons.ts';

/**
 * Issue 24: an assignment to a student gives a diagnostician access only while she holds the role.
 * A role removed, a member deactivated, a user blocked or a project archived ends every access the
 * assignment gave, at once, on every route that reads through it; giving the role back restores it.
 */
const t = useTestApp();

async function buildSchool() {
  const workspace = await buildWorkspace(t.db);
  const admin = await buildSignedInMember(t.db, workspace, 'admin');
  const root = await buildSignedInMember(t.db, workspace, 'root');
  const teacher = await buildSignedInMember(t.db, workspace, 'teacher', { name: 'Tetiana Teacher' });
  const moderator = await buildSignedInMember(t.db, workspace, 'moderator');
  // Dana is a teacher with students of her own, and a diagnostician of Tetiana's student.
  const danaUser = await buildMember(t.db, workspace, ['teacher', 'diagnostician'], {
    user: { name: 'Dana Diagnostician' },
  });
  const dana: Member = {
    workspace,
    user: danaUser,
    token: await tokenFor(t.db, danaUser),
    roleId: ROLE.teacher,
  };
  const [student] = await t.db
    .insert(clients)
    .values({
      workspaceId: workspace.id,
      teacherId: teacher.user.id,
      clientName: 'Olena',
      childName: 'Sofiia Koval',
      remoteId: 'crm-24',
    })
    .returning();
  const card = await buildDiagnosticCard(t.db, workspace.id, moderator.user.id, EMPTY_CARD);
  const diagnosis = await buildDiagnosis(t.db, {
    workspaceId: workspace.id,
    cardId: card.id,
    clientId: student!.id,
    filledBy: teacher.user.id,
    status: 'not_sent',
  });
  const assigned = await apiAs(t.app, teacher).put(`/api/clients/${student!.id}/diagnosticians`, {
    user_ids: [dana.user.id],
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const crmToken = (await apiAs(t.app, admin).post(`/api/workspaces/${workspace.id}/crm-token`)).json().data
    .secret as string;
  return { workspace, admin, root, teacher, dana, student: student!, diagnosis, crmToken };
}

type School = Awaited<ReturnType<typeof buildSchool>>;

/** Every route that reads a student or a diagnosis through Dana's assignment, as Dana acting as `roleId`. */
function readsThroughAssignment(s: School, roleId: number) {
  const dana = apiAs(t.app, s.dana, { roleId });
  return {
    diagnosis: () => dana.get(`/api/diagnoses/${s.diagnosis.id}`),
    studentDiagnoses: () => dana.get(`/api/clients/${s.student.id}/diagnoses`),
    pdf: () => dana.get(`/api/diagnoses/${s.diagnosis.id}/pdf`),
    link: () => dana.get(`/api/diagnoses/${s.diagnosis.id}/link`),
    start: () => dana.post(`/api/clients/${s.student.id}/diagnoses`, { card_id: s.diagnosis.cardId }),
  };
}

async function statuses(s: School, roleId: number): Promise<Record<string, number>> {
  const reads = readsThroughAssignment(s, roleId);
  const result: Record<string, number> = {};
  for (const [name, read] of Object.entries(reads)) result[name] = (await read()).statusCode;
  return result;
}

const studentIds = (response: Response) =>
  (response.json() as { data: { id: number }[] }).data.map((row) => row.id);

const crmDiagnosticians = async (s: School) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/get-remote-diagnostician?remote_id=crm-24',
    headers: { 'accept-language': 'en', ...bearer(s.crmToken) },
  } as InjectOptions);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Diagnostician[]).map((user) => user.id);
};

const teacherSees = async (s: School) =>
  dataOf<Diagnostician[]>(
    await apiAs(t.app, s.teacher).get(`/api/clients/${s.student.id}/diagnosticians`),
  ).map((user) => user.id);

const ALL_OPEN = { diagnosis: 200, studentDiagnoses: 200, pdf: 200, link: 200, start: 201 };
const ALL_CLOSED = { diagnosis: 404, studentDiagnoses: 404, pdf: 404, link: 404, start: 404 };
const NO_ROLE = { diagnosis: 403, studentDiagnoses: 403, pdf: 403, link: 403, start: 403 };

describe('access through a diagnostician assignment (issue 24)', () => {
  it('ends on every route when the diagnostician role is removed, and comes back with the role', async () => {
    const s = await buildSchool();
    expect(await statuses(s, ROLE.teacher)).toEqual(ALL_OPEN);
    expect(
      studentIds(
        await apiAs(t.app, s.dana, { roleId: ROLE.diagnostician }).get('/api/diagnostician/clients'),
      ),
    ).toEqual([s.student.id]);
    expect(await crmDiagnosticians(s)).toEqual([s.dana.user.id]);

    const removed = await apiAs(t.app, s.admin).post('/api/users/user/remove-role', {
      user_id: s.dana.user.id,
      role: 'diagnostician',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // Still a teacher of the project, so she may act as one: but not on the student she was assigned.
    expect(await statuses(s, ROLE.teacher)).toEqual(ALL_CLOSED);
    expect(
      (await apiAs(t.app, s.dana, { roleId: ROLE.diagnostician }).get('/api/diagnostician/clients'))
        .statusCode,
    ).toBe(403);
    expect(await crmDiagnosticians(s)).toEqual([]);
    expect(await teacherSees(s)).toEqual([]);
    // The student's own teacher keeps her access.
    expect((await apiAs(t.app, s.teacher).get(`/api/diagnoses/${s.diagnosis.id}`)).statusCode).toBe(200);

    const given = await apiAs(t.app, s.admin).put('/api/users/user', {
      user_id: s.dana.user.id,
      roles: ['teacher', 'diagnostician'],
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(await statuses(s, ROLE.teacher)).toEqual(ALL_OPEN);
    expect(await teacherSees(s)).toEqual([s.dana.user.id]);
  });

  it('ends when the member is deactivated in the project or the user is blocked', async () => {
    const s = await buildSchool();
    const off = await apiAs(t.app, s.admin).put('/api/users/user', {
      user_id: s.dana.user.id,
      is_active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await statuses(s, ROLE.teacher)).toEqual(NO_ROLE);
    expect(await crmDiagnosticians(s)).toEqual([]);
    expect(await teacherSees(s)).toEqual([]);

    const on = await apiAs(t.app, s.admin).put('/api/users/user', {
      user_id: s.dana.user.id,
      is_active: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await crmDiagnosticians(s)).toEqual([s.dana.user.id]);
  });

  it('ends when the project is archived', async () => {
    const s = await buildSchool();
    const archived = await apiAs(t.app, s.root).post(`/api/workspaces/${s.workspace.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    const after = await statuses(s, ROLE.teacher);
    for (const status of Object.values(after)) expect([403, 404]).toContain(status);
  });
});
