import {
  ROLE,
  type AssignedDiagnostician,
  type Diagnostician,
  type DiagnosticianClientsPage,
} from '@logoschool/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, clients } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
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

const t = useTestApp();
const as = (who: Member, roleId?: number) => apiAs(t.app, who, roleId === undefined ? {} : { roleId });

async function buildAssignSchool() {
  const workspace = await buildWorkspace(t.db);
  const admin = await buildSignedInMember(t.db, workspace, 'admin');
  const root = await buildSignedInMember(t.db, workspace, 'root');
  const teacher = await buildSignedInMember(t.db, workspace, 'teacher', { name: 'Tetiana Teacher' });
  const otherTeacher = await buildSignedInMember(t.db, workspace, 'teacher', { name: 'Oleh Teacher' });
  const dana = await buildSignedInMember(t.db, workspace, 'diagnostician', { name: 'Dana Diagnostician' });
  const borys = await buildSignedInMember(t.db, workspace, 'diagnostician', { name: 'Borys Diagnostician' });
  const moderator = await buildSignedInMember(t.db, workspace, 'moderator');
  const inactive = await buildMember(t.db, workspace, ['diagnostician'], { isActive: false });
  const other = await buildWorkspace(t.db);
  const foreign = await buildSignedInMember(t.db, other, 'diagnostician');
  const [own, others] = await t.db
    .insert(clients)
    .values([
      {
        workspaceId: workspace.id,
        teacherId: teacher.user.id,
        clientName: 'Olena',
        childName: 'Sofiia Koval',
        remoteId: 'crm-1',
      },
      {
        workspaceId: workspace.id,
        teacherId: otherTeacher.user.id,
        clientName: 'Ivan',
        childName: 'Marko Shevchenko',
      },
    ])
    .returning();
  return {
    workspace,
    admin,
    root,
    teacher,
    otherTeacher,
    dana,
    borys,
    moderator,
    inactive,
    other,
    foreign,
    own: own!,
    others: others!,
  };
}

const assignUrl = (clientId: number) => `/api/clients/${clientId}/diagnosticians`;

describe('diagnosticians', () => {
  it("lists the project's active diagnosticians; a teacher assigns her own student, an admin or root any", async () => {
    const s = await buildAssignSchool();
    const listed = dataOf<Diagnostician[]>(await as(s.teacher).get('/api/diagnosticians'));
    expect(listed.map((user) => user.name)).toEqual(['Borys Diagnostician', 'Dana Diagnostician']);

    const set = dataOf<Diagnostician[]>(
      await as(s.teacher).put(assignUrl(s.own.id), { user_ids: [s.dana.user.id, s.borys.user.id] }),
    );
    expect(set.map((user) => user.name)).toEqual(['Borys Diagnostician', 'Dana Diagnostician']);
    expect(dataOf<Diagnostician[]>(await as(s.teacher).get(assignUrl(s.own.id)))).toHaveLength(2);
    // Another teacher's student: not hers.
    expect((await as(s.teacher).get(assignUrl(s.others.id))).statusCode).toBe(404);
    expect((await as(s.teacher).put(assignUrl(s.others.id), { user_ids: [] })).statusCode).toBe(404);
    // An admin and root: any student of the project.
    const byAdmin = dataOf<Diagnostician[]>(
      await as(s.admin).put(assignUrl(s.others.id), { user_ids: [s.dana.user.id] }),
    );
    expect(byAdmin.map((user) => user.id)).toEqual([s.dana.user.id]);
    dataOf(await as(s.root).put(assignUrl(s.own.id), { user_ids: [s.borys.user.id] }));
    expect(dataOf<Diagnostician[]>(await as(s.teacher).get(assignUrl(s.own.id))).map((u) => u.id)).toEqual([
      s.borys.user.id,
    ]);
    // Each must be a diagnostician of the project: a teacher, an inactive user, another project's.
    const refused = await as(s.teacher).put(assignUrl(s.own.id), {
      user_ids: [s.dana.user.id, s.otherTeacher.user.id, s.inactive.id, s.foreign.user.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['user_ids.1', 'user_ids.2', 'user_ids.3']);
    // Roles that may not; nobody; another project.
    expect((await as(s.moderator).get('/api/diagnosticians')).statusCode).toBe(403);
    // A diagnostician may what a teacher may: her own students only (she has none).
    expect((await as(s.dana, ROLE.diagnostician).put(assignUrl(s.own.id), { user_ids: [] })).statusCode).toBe(
      404,
    );
    expect((await apiAs(t.app, s.teacher, { token: null }).get('/api/diagnosticians')).statusCode).toBe(401);
    const foreignAdmin = await buildSignedInMember(t.db, s.other, 'admin');
    expect((await as(foreignAdmin).get(assignUrl(s.own.id))).statusCode).toBe(404);
  });

  it("the diagnostician sees her students across the project's teachers, with their diagnoses; search and pages", async () => {
    const s = await buildAssignSchool();
    dataOf(await as(s.teacher).put(assignUrl(s.own.id), { user_ids: [s.dana.user.id] }));
    dataOf(await as(s.admin).put(assignUrl(s.others.id), { user_ids: [s.dana.user.id] }));
    const card = await buildDiagnosticCard(t.db, s.workspace.id, s.moderator.user.id, EMPTY_CARD);
    await buildDiagnosis(t.db, {
      workspaceId: s.workspace.id,
      cardId: card.id,
      clientId: s.own.id,
      filledBy: s.dana.user.id,
      status: 'sent',
      diagnosedOn: '2026-03-01',
    });
    const page = await as(s.dana, ROLE.diagnostician).get('/api/diagnostician/clients');
    expect(page.statusCode, page.body).toBe(200);
    const data = (page.json() as DiagnosticianClientsPage).data;
    expect(data.map((row) => [row.child_name, row.teacher.name])).toEqual([
      ['Marko Shevchenko', 'Oleh Teacher'],
      ['Sofiia Koval', 'Tetiana Teacher'],
    ]);
    expect(data[1]!.diagnoses).toEqual([
      expect.objectContaining({ card_title: 'Speech screening', status: 'sent', diagnosed_on: '2026-03-01' }),
    ]);
    const found = (
      await as(s.dana, ROLE.diagnostician).get('/api/diagnostician/clients', { query: 'term=sofi' })
    ).json();
    expect(found.data.map((row: { id: number }) => row.id)).toEqual([s.own.id]);
    const second = (
      await as(s.dana, ROLE.diagnostician).get('/api/diagnostician/clients', { query: 'per_page=1&page=2' })
    ).json();
    expect(second.meta).toEqual({ total: 2, page: 2, per_page: 1 });
    expect(second.data).toHaveLength(1);
    // Borys has none; a teacher acting as teacher may not ask.
    expect((await as(s.borys, ROLE.diagnostician).get('/api/diagnostician/clients')).json().data).toEqual([]);
    expect((await as(s.teacher).get('/api/diagnostician/clients')).statusCode).toBe(403);
  });

  it("the CRM asks who diagnoses a student by remote id, with the project's token", async () => {
    const s = await buildAssignSchool();
    dataOf(await as(s.teacher).put(assignUrl(s.own.id), { user_ids: [s.dana.user.id] }));
    const issued = await as(s.admin).post(`/api/workspaces/${s.workspace.id}/crm-token`);
    expect(issued.statusCode, issued.body).toBe(201);
    const token = issued.json().data.secret as string;
    const crm = (secret: string | null, query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/get-remote-diagnostician?${query}`,
        headers: { 'accept-language': 'en', ...(secret ? bearer(secret) : {}) },
      } as InjectOptions);
    const found = await crm(token, 'remote_id=crm-1');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([
      { id: s.dana.user.id, name: 'Dana Diagnostician', email: s.dana.user.email },
    ]);
    expect((await crm(token, 'remote_id=nope')).statusCode).toBe(404);
    expect((await crm(null, 'remote_id=crm-1')).statusCode).toBe(401);
    expect((await crm('lgs_wrong', 'remote_id=crm-1')).statusCode).toBe(401);
    // A user's session does not open a CRM route.
    expect((await crm(await tokenFor(t.db, s.admin.user), 'remote_id=crm-1')).statusCode).toBe(401);
    // Another project's token, or this token naming another project.
    const otherAdmin = await buildSignedInMember(t.db, s.other, 'admin');
    const otherToken = (await as(otherAdmin).post(`/api/workspaces/${s.other.id}/crm-token`)).json().data
      .secret;
    expect((await crm(otherToken, 'remote_id=crm-1')).statusCode).toBe(404);
    expect((await crm(token, `remote_id=crm-1&workspace_id=${s.other.id}`)).statusCode).toBe(401);
    // Revoked.
    expect((await as(s.admin).delete(`/api/workspaces/${s.workspace.id}/crm-token`)).statusCode).toBe(200);
    expect((await crm(token, 'remote_id=crm-1')).statusCode).toBe(401);
  });

  it('an admin who is a diagnostician may assign herself, but the teacher sees it and the audit log keeps it (decision 026)', async () => {
    const s = await buildAssignSchool();
    const adminUser = await buildMember(t.db, s.workspace, ['admin', 'diagnostician'], {
      user: { name: 'Alla Admin' },
    });
    const admin: Member = {
      workspace: s.workspace,
      user: adminUser,
      token: await tokenFor(t.db, adminUser),
      roleId: ROLE.admin,
    };
    const set = await as(admin).put(assignUrl(s.own.id), { user_ids: [adminUser.id] });
    expect(set.statusCode, set.body).toBe(200);
    const seen = dataOf<AssignedDiagnostician[]>(await as(s.teacher).get(assignUrl(s.own.id)));
    expect(seen).toEqual([
      {
        id: adminUser.id,
        name: 'Alla Admin',
        email: adminUser.email,
        assigned_by: { id: adminUser.id, name: 'Alla Admin' },
        assigned_at: expect.any(String),
      },
    ]);
    // The teacher replaces her with Dana: both changes are on record, with who made them.
    dataOf(await as(s.teacher).put(assignUrl(s.own.id), { user_ids: [s.dana.user.id] }));
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'diagnosticians.assign'), eq(auditLog.workspaceId, s.workspace.id)))
      .orderBy(asc(auditLog.id));
    expect(rows.map((row) => [row.actorId, row.targetUserId, row.details])).toEqual([
      [adminUser.id, adminUser.id, { client_id: s.own.id, change: 'added', acting_as: 'admin' }],
      [s.teacher.user.id, s.dana.user.id, { client_id: s.own.id, change: 'added', acting_as: 'teacher' }],
      [s.teacher.user.id, adminUser.id, { client_id: s.own.id, change: 'removed', acting_as: 'teacher' }],
    ]);
    // Root reads it in the audit log, filtered by the action.
    const log = await as(s.root).get('/api/audit-log', { query: 'action=diagnosticians.assign' });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data.length).toBeGreaterThanOrEqual(3);
  });
});
