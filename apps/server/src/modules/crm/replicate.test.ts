import {
  ROLE,
  type Client,
  type Plan,
  type ReplicateClientResult,
  type RoleName,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, clients, themeShares, type WorkspaceRow } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  addMembership,
  buildSignedInMember,
  buildTemplate,
  buildTheme,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';

const t = useTestApp();

/** A project with its moderator, two teachers and an admin. */
async function buildSchool() {
  const workspace = await buildWorkspace(t.db);
  const member = (role: RoleName) => buildSignedInMember(t.db, workspace, role);
  return {
    workspace,
    moderator: await member('moderator'),
    teacher: await member('teacher'),
    colleague: await member('teacher'),
    admin: await member('admin'),
  };
}
type School = Awaited<ReturnType<typeof buildSchool>>;

async function buildStudent(teacher: Member, values: object = {}) {
  const response = await apiAs(t.app, teacher).post('/api/clients', {
    client_name: 'Olena Koval',
    child_name: 'Sofiia Koval',
    birthdate: '2019-05-14',
    custom_themes: ['cars'],
    ...values,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Client;
}

/**
 * A published template of the school titled `title` (one block "Articulation", one folder named
 * `folder`), and a plan of the student filled from it.
 */
async function buildPlan(school: School, student: Client, title: string, folder = '[R] in words') {
  const made = await buildTemplate(t.db, school.workspace.id, school.moderator.user.id, { title });
  await t.db.update(categories).set({ name: folder }).where(eq(categories.id, made.folder.id));
  const published = await apiAs(t.app, school.moderator).post(`/api/templates/${made.template.id}/review`, {
    action: 'publish',
  });
  expect(published.statusCode, published.body).toBe(200);
  const teacher = student.teacher_id === school.teacher.user.id ? school.teacher : school.colleague;
  const api = apiAs(t.app, teacher);
  const created = await api.post('/api/protocols', {
    client_id: student.id,
    template_id: made.template.id,
    deadline: '2099-06-30',
  });
  expect(created.statusCode, created.body).toBe(201);
  const plan = created.json().data as Plan;
  const block = plan.blocks[0]!;
  const filled = await api.put(`/api/protocols/${plan.id}`, {
    deadline: '2099-06-30',
    blocks: [{ key: block.key, folder_id: made.folder.id, min_presentations: 2, max_presentations: 3 }],
  });
  expect(filled.statusCode, filled.body).toBe(200);
  return { plan: filled.json().data as Plan, ...made };
}

const replicate = (caller: Member, body: object, roleId = caller.roleId) =>
  apiAs(t.app, caller, { roleId }).post('/api/replicate-client', body);

/** A plan of a teacher, as she reads it. */
async function planOf(teacher: Member, id: number) {
  const response = await apiAs(t.app, teacher, { roleId: ROLE.teacher }).get(`/api/protocols/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Plan;
}

describe('POST /api/replicate-client', () => {
  it("copies a teacher's own student with their plans to a colleague; the original stays, the remote id too", async () => {
    const school = await buildSchool();
    const cars = await buildTheme(t.db, school.workspace.id, { name: 'Cars' });
    const student = await buildStudent(school.teacher, { remote_id: 'crm-1', theme_ids: [cars.id] });
    const { plan } = await buildPlan(school, student, 'Sound [R]');

    const response = await replicate(school.teacher, {
      client_id: student.id,
      teacher_id: school.colleague.user.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json().data as ReplicateClientResult;
    expect(result.client).toMatchObject({
      teacher_id: school.colleague.user.id,
      workspace_id: school.workspace.id,
      child_name: 'Sofiia Koval',
      birthdate: '2019-05-14',
      custom_themes: ['cars'],
      themes: [{ id: cars.id, name: 'Cars' }],
      remote_id: null,
    });
    expect(result.client.id).not.toBe(student.id);
    expect(result.remote_id_dropped).toBe(true);
    expect(result.themes_dropped).toEqual([]);
    expect(result.plans_skipped).toEqual([]);
    expect(result.plans_copied).toEqual([
      { from_id: plan.id, id: expect.any(Number), template_title: 'Sound [R]', filled: true },
    ]);

    const copy = await planOf(school.colleague, result.plans_copied[0]!.id);
    expect(copy).toMatchObject({
      client: { id: result.client.id },
      status: 'active',
      deadline: '2099-06-30',
      sent_at: null,
    });
    expect(
      copy.blocks.map((block) => [
        block.key,
        block.folder_id,
        block.min_presentations,
        block.max_presentations,
      ]),
    ).toEqual(plan.blocks.map((block) => [block.key, block.folder_id, 2, 3]));
    // The original is as it was.
    expect((await planOf(school.teacher, plan.id)).client.id).toBe(student.id);
    const original = await apiAs(t.app, school.teacher).get(`/api/clients/${student.id}`);
    expect(original.json().data.remote_id).toBe('crm-1');
  });

  it('lets an admin and root copy any student of the project; a teacher only her own (404)', async () => {
    const school = await buildSchool();
    const root = await buildSignedInMember(t.db, school.workspace, 'root');
    const student = await buildStudent(school.teacher);
    const body = { client_id: student.id, teacher_id: school.colleague.user.id };
    expect((await replicate(school.admin, body)).statusCode).toBe(201);
    expect((await replicate(root, body)).statusCode).toBe(201);
    const foreign = await replicate(school.colleague, {
      client_id: student.id,
      teacher_id: school.teacher.user.id,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it.each(['manager', 'moderator', 'author'] as const)('is refused to %s (403)', async (role) => {
    const school = await buildSchool();
    const student = await buildStudent(school.teacher);
    const member = await buildSignedInMember(t.db, school.workspace, role);
    const response = await replicate(member, { client_id: student.id, teacher_id: school.colleague.user.id });
    expect(response.statusCode).toBe(403);
    expect((await apiAs(t.app, member, { token: null }).post('/api/replicate-client', {})).statusCode).toBe(
      401,
    );
  });

  it('refuses a teacher who is none of the project (404), and the same teacher (422)', async () => {
    const school = await buildSchool();
    const other = await buildSchool();
    const student = await buildStudent(school.teacher);
    for (const teacherId of [other.teacher.user.id, school.moderator.user.id, 2_000_000_000]) {
      expect(
        (await replicate(school.admin, { client_id: student.id, teacher_id: teacherId })).statusCode,
      ).toBe(404);
    }
    const same = await replicate(school.admin, { client_id: student.id, teacher_id: school.teacher.user.id });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({
      teacher_id: ['The student already belongs to this speech therapist: choose another one.'],
    });
    expect((await replicate(school.admin, { client_id: student.id })).statusCode).toBe(422);
  });

  it('copies into another project where the caller is a teacher: unseen themes and unknown templates stay behind', async () => {
    const school = await buildSchool();
    const other = await buildSchool();
    // The teacher teaches in the other school too.
    await addMembership(t.db, school.teacher.user, other.workspace, ['teacher']);
    const own = await buildTheme(t.db, school.workspace.id, { name: 'Dinosaurs' });
    const shared = await buildTheme(t.db, school.workspace.id, { name: 'Space' });
    await t.db.insert(themeShares).values({ themeId: shared.id, workspaceId: other.workspace.id });
    const student = await buildStudent(school.teacher, {
      remote_id: 'crm-9',
      theme_ids: [own.id, shared.id],
    });
    const { plan: matched } = await buildPlan(school, student, 'Sound [R]', '[R] in words');
    const { plan: unmatched } = await buildPlan(school, student, 'Whistling sounds');
    // The other school has its own "Sound [R]" with a folder of the same name.
    const there = await buildPlan(other, await buildStudent(other.teacher), 'sound [r] ', '[r] IN WORDS');

    const response = await replicate(school.teacher, {
      client_id: student.id,
      to_workspace_id: other.workspace.id,
      teacher_id: other.colleague.user.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json().data as ReplicateClientResult;
    expect(result.client).toMatchObject({
      workspace_id: other.workspace.id,
      teacher_id: other.colleague.user.id,
      themes: [{ id: shared.id, name: 'Space' }],
      remote_id: 'crm-9',
    });
    expect(result.themes_dropped).toEqual(['Dinosaurs']);
    expect(result.remote_id_dropped).toBe(false);
    expect(result.plans_skipped).toEqual([{ id: unmatched.id, template_title: 'Whistling sounds' }]);
    expect(result.plans_copied).toEqual([
      { from_id: matched.id, id: expect.any(Number), template_title: 'sound [r] ', filled: true },
    ]);
    const copy = await apiAs(t.app, other.colleague).get(`/api/protocols/${result.plans_copied[0]!.id}`);
    expect(copy.statusCode, copy.body).toBe(200);
    const copied = copy.json().data as Plan;
    expect(copied.template.id).toBe(there.template.id);
    expect(copied.blocks[0]).toMatchObject({
      folder_id: there.folder.id,
      min_presentations: 2,
      max_presentations: 3,
    });
    const rows = await t.db.select().from(clients).where(eq(clients.workspaceId, other.workspace.id));
    expect(rows.map((row) => row.childName).sort()).toEqual(['Sofiia Koval', 'Sofiia Koval']);
  });

  it('refuses (404) a project where the caller may not copy, and one that does not exist', async () => {
    const school = await buildSchool();
    const other = await buildSchool();
    await addMembership(t.db, school.teacher.user, other.workspace, ['moderator']);
    const student = await buildStudent(school.teacher);
    for (const workspace of [other.workspace, { id: 2_000_000_000 } as WorkspaceRow]) {
      const response = await replicate(school.teacher, {
        client_id: student.id,
        to_workspace_id: workspace.id,
        teacher_id: other.teacher.user.id,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('GET /api/replicate-client/teachers', () => {
  it("lists the project's teachers and diagnosticians, by name", async () => {
    const school = await buildSchool();
    const diagnostician = await buildSignedInMember(t.db, school.workspace, 'diagnostician');
    const response = await apiAs(t.app, school.teacher).get('/api/replicate-client/teachers');
    expect(response.statusCode, response.body).toBe(200);
    const ids = (response.json().data as { id: number }[]).map((teacher) => teacher.id).sort();
    expect(ids).toEqual([school.teacher.user.id, school.colleague.user.id, diagnostician.user.id].sort());
    expect((await apiAs(t.app, school.moderator).get('/api/replicate-client/teachers')).statusCode).toBe(403);
  });
});
