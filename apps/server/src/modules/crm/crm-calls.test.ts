import { createHash } from 'node:crypto';
import { ROLE, type RemoteClient, type RemoteClientDetail, type RoleName } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  auditLog,
  clients,
  protocols,
  workspaceApiTokens,
  type WorkspaceRow,
} from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import {
  bearer,
  buildSignedInMember,
  buildTemplate,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';

const t = useTestApp();

/** A project with a root user, its admin, a teacher and a moderator. */
async function buildSchool(values: Partial<WorkspaceRow> = {}) {
  const workspace = await buildWorkspace(t.db, values);
  const member = (role: RoleName) => buildSignedInMember(t.db, workspace, role);
  return {
    workspace,
    root: await member('root'),
    admin: await member('admin'),
    teacher: await member('teacher'),
    moderator: await member('moderator'),
  };
}
type School = Awaited<ReturnType<typeof buildSchool>>;

const tokenPath = (workspace: { id: number }) => `/api/workspaces/${workspace.id}/crm-token`;

/** A new CRM token of the school, made by its admin. */
async function issue(school: School, by: Member = school.admin) {
  const response = await apiAs(t.app, by).post(tokenPath(school.workspace));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { secret: string; replaced: boolean; token: { prefix: string } };
}

/** A call of the CRM: the token as a bearer (none when null), English messages. */
const crm = (token: string | null, options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { 'accept-language': 'en', ...(token ? bearer(token) : {}), ...options.headers },
  });

/** A student of the teacher, made through the API. */
async function buildStudent(teacher: Member, values: object = {}) {
  const response = await apiAs(t.app, teacher).post('/api/clients', {
    client_name: 'Olena Koval',
    child_name: 'Sofiia Koval',
    ...values,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; updated_at: string };
}

describe("the project's CRM token", () => {
  it.each(['admin', 'root'] as const)(
    'is made by %s, shown whole once, kept only as a hash',
    async (role) => {
      const school = await buildSchool();
      const issued = await issue(school, school[role]);
      expect(issued.secret).toMatch(/^lgs_[\w-]{43}$/);
      expect(issued.replaced).toBe(false);
      expect(issued.token.prefix).toBe(issued.secret.slice(0, 12));

      const status = await apiAs(t.app, school[role]).get(tokenPath(school.workspace));
      expect(status.statusCode).toBe(200);
      expect(status.json().data.token).toMatchObject({
        prefix: issued.secret.slice(0, 12),
        created_by: school[role].user.name,
        last_used_at: null,
      });
      expect(status.body).not.toContain(issued.secret);

      const rows = await t.db
        .select()
        .from(workspaceApiTokens)
        .where(eq(workspaceApiTokens.workspaceId, school.workspace.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.hash).toBe(createHash('sha256').update(issued.secret).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(issued.secret);
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.workspaceId, school.workspace.id));
      expect(audit.map((entry) => entry.action)).toEqual(['crm.token_create']);
    },
  );

  it('is one per project: a new one replaces the old, whose calls are refused from then on', async () => {
    const school = await buildSchool();
    const first = await issue(school);
    const second = await issue(school);
    expect(second.replaced).toBe(true);
    const old = await crm(first.secret, { method: 'GET', url: '/api/clients/get-remote-clients' });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(
      "The CRM token is wrong or has been revoked. Ask the project's administrator for a new one.",
    );
    const current = await crm(second.secret, { method: 'GET', url: '/api/clients/get-remote-clients' });
    expect(current.statusCode, current.body).toBe(200);
  });

  it('is revoked: the project has none, its calls get 401, and revoking again is no error', async () => {
    const school = await buildSchool();
    const { secret } = await issue(school);
    const revoked = await apiAs(t.app, school.admin).delete(tokenPath(school.workspace));
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toEqual({ token: null });
    expect((await apiAs(t.app, school.admin).get(tokenPath(school.workspace))).json().data).toEqual({
      token: null,
    });
    const call = await crm(secret, { method: 'GET', url: '/api/clients/get-remote-clients' });
    expect(call.statusCode).toBe(401);
    expect(call.json().code).toBe('unauthenticated');
    expect((await apiAs(t.app, school.root).delete(tokenPath(school.workspace))).statusCode).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.workspaceId, school.workspace.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['crm.token_create', 'crm.token_revoke']);
  });

  it.each(['manager', 'moderator', 'author', 'teacher', 'diagnostician'] as const)(
    'is refused to %s (403), for reading, making and revoking',
    async (role) => {
      const workspace = await buildWorkspace(t.db);
      const member = await buildSignedInMember(t.db, workspace, role);
      const api = apiAs(t.app, member);
      for (const response of [
        await api.get(tokenPath(workspace)),
        await api.post(tokenPath(workspace)),
        await api.delete(tokenPath(workspace)),
      ]) {
        expect(response.statusCode).toBe(403);
      }
    },
  );

  it('answers 401 without a session, and 404 to an admin of another project', async () => {
    const school = await buildSchool();
    const other = await buildSchool();
    expect(
      (await apiAs(t.app, school.admin, { token: null }).get(tokenPath(school.workspace))).statusCode,
    ).toBe(401);
    const foreign = await apiAs(t.app, other.admin).post(tokenPath(school.workspace));
    expect(foreign.statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(workspaceApiTokens)
        .where(eq(workspaceApiTokens.workspaceId, school.workspace.id)),
    ).toEqual([]);
  });

  it('is not made for an archived project (422)', async () => {
    const school = await buildSchool({ archived: true });
    const response = await apiAs(t.app, school.root).post(tokenPath(school.workspace));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ workspace_id: ['The project is archived.'] });
  });
});

describe("the CRM's calls", () => {
  const REMOTE_CALLS: InjectOptions[] = [
    { method: 'GET', url: '/api/clients/get-remote-clients' },
    { method: 'GET', url: '/api/get-client-by-remote-id?remote_id=crm-1' },
    { method: 'GET', url: '/api/get-plans?remote_id=crm-1' },
    {
      method: 'PUT',
      url: '/api/get-client-by-remote-id',
      payload: {
        remote_id: 'crm-1',
        teacher_email: 'x@example.test',
        client_name: 'Olena',
        child_name: 'Sofiia',
      },
    },
  ];

  it.each(REMOTE_CALLS.map((call) => [`${call.method} ${call.url}`, call] as const))(
    '%s: 401 without a token, with a wrong one, with a user session, or naming another project',
    async (_label, call) => {
      const school = await buildSchool();
      const other = await buildSchool();
      const { secret } = await issue(school);
      const none = await crm(null, call);
      expect(none.statusCode).toBe(401);
      expect(none.json().message).toBe(
        "Send the project's CRM token in the header Authorization: Bearer <token>.",
      );
      expect((await crm(`lgs_${'x'.repeat(43)}`, call)).statusCode).toBe(401);
      expect((await crm('not-even-a-crm-token', call)).statusCode).toBe(401);
      // A user's session, even root's or the admin's, opens no CRM call.
      expect((await crm(school.root.token, call)).statusCode).toBe(401);
      expect((await crm(school.admin.token, call)).statusCode).toBe(401);
      const url = `${call.url}${call.url?.toString().includes('?') ? '&' : '?'}workspace_id=${other.workspace.id}`;
      const crossed = await crm(secret, { ...call, url });
      expect(crossed.statusCode).toBe(401);
      expect(crossed.json().message).toBe(`This CRM token is not for project ${other.workspace.id}.`);
    },
  );

  it("lists only its own project's students that have a remote id, with their teachers' e-mails", async () => {
    const school = await buildSchool();
    const other = await buildSchool();
    const { secret } = await issue(school);
    await buildStudent(school.teacher, { remote_id: 'crm-1', child_name: 'Andrii', custom_themes: ['cars'] });
    await buildStudent(school.teacher, { remote_id: 'crm-2', child_name: 'Bohdana' });
    await buildStudent(school.teacher, { child_name: 'Not in the CRM' });
    await buildStudent(other.teacher, { remote_id: 'crm-3', child_name: 'Elsewhere' });

    const response = await crm(secret, {
      method: 'GET',
      url: `/api/clients/get-remote-clients?workspace_id=${school.workspace.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { data: RemoteClient[]; meta: object };
    expect(page.meta).toEqual({ total: 2, page: 1, per_page: 20 });
    expect(page.data.map((client) => [client.remote_id, client.child_name])).toEqual([
      ['crm-1', 'Andrii'],
      ['crm-2', 'Bohdana'],
    ]);
    expect(page.data[0]).toMatchObject({
      teacher_email: school.teacher.user.email,
      custom_themes: ['cars'],
      language: 'uk',
      themes: [],
    });

    const second = await crm(secret, {
      method: 'GET',
      url: '/api/clients/get-remote-clients?per_page=1&page=2',
    });
    expect(second.json().data.map((client: RemoteClient) => client.remote_id)).toEqual(['crm-2']);
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const none = await crm(secret, {
      method: 'GET',
      url: `/api/clients/get-remote-clients?updated_since=${future}`,
    });
    expect(none.json().meta.total).toBe(0);
    const bad = await crm(secret, {
      method: 'GET',
      url: '/api/clients/get-remote-clients?updated_since=yesterday',
    });
    expect(bad.statusCode).toBe(422);

    // The call is noted on the token.
    const status = await apiAs(t.app, school.admin).get(tokenPath(school.workspace));
    expect(status.json().data.token.last_used_at).not.toBeNull();
  });

  it('shows one student by remote id with their plans; 404 for another project’s or an unknown one; 422 for a bad id', async () => {
    const school = await buildSchool();
    const other = await buildSchool();
    const { secret } = await issue(school);
    const { secret: otherSecret } = await issue(other);
    const student = await buildStudent(school.teacher, { remote_id: 'crm-7' });
    const { template } = await buildTemplate(t.db, school.workspace.id, school.moderator.user.id, {
      title: 'Sound [R]',
    });
    const published = await apiAs(t.app, school.moderator).post(`/api/templates/${template.id}/review`, {
      action: 'publish',
    });
    expect(published.statusCode, published.body).toBe(200);
    const plan = await apiAs(t.app, school.teacher).post('/api/protocols', {
      client_id: student.id,
      template_id: template.id,
      deadline: '2099-12-31',
    });
    expect(plan.statusCode, plan.body).toBe(201);

    const response = await crm(secret, {
      method: 'GET',
      url: '/api/get-client-by-remote-id?remote_id=crm-7',
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().data as RemoteClientDetail;
    expect(detail).toMatchObject({
      id: student.id,
      remote_id: 'crm-7',
      teacher_email: school.teacher.user.email,
    });
    expect(detail.plans).toEqual([
      {
        id: plan.json().data.id,
        template_title: 'Sound [R]',
        deadline: '2099-12-31',
        status: 'pending',
        lessons: 10,
        sent_at: null,
      },
    ]);
    const plans = await crm(secret, {
      method: 'GET',
      url: '/api/get-plans?remote_id=crm-7&time_zone=Europe/Kyiv',
    });
    expect(plans.statusCode).toBe(200);
    expect(plans.json().data).toEqual(detail.plans);

    expect(
      (await crm(otherSecret, { method: 'GET', url: '/api/get-client-by-remote-id?remote_id=crm-7' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await crm(secret, { method: 'GET', url: '/api/get-client-by-remote-id?remote_id=crm-8' })).statusCode,
    ).toBe(404);
    expect((await crm(secret, { method: 'GET', url: '/api/get-plans?remote_id=crm-8' })).statusCode).toBe(
      404,
    );
    const missing = await crm(secret, { method: 'GET', url: '/api/get-client-by-remote-id' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ remote_id: ['Required.'] });
    const wrong = await crm(secret, { method: 'GET', url: '/api/get-client-by-remote-id?remote_id=crm%201' });
    expect(wrong.json().errors).toEqual({ remote_id: ['Wrong format.'] });
  });

  describe('PUT /api/get-client-by-remote-id', () => {
    const put = (secret: string, payload: object) =>
      crm(secret, { method: 'PUT', url: '/api/get-client-by-remote-id', payload });

    it('creates the student (201), then changes nothing for the same body (200), then updates', async () => {
      const school = await buildSchool();
      const { secret } = await issue(school);
      const body = {
        remote_id: 'crm-42',
        teacher_email: school.teacher.user.email.toUpperCase(),
        client_name: 'Olena Koval',
        child_name: 'Sofiia Koval',
        birthdate: '2019-05-14',
        parent_phone: '+380 50 123 45 67',
        language: 'en',
      };
      const created = await put(secret, body);
      expect(created.statusCode, created.body).toBe(201);
      const client = created.json().data as RemoteClientDetail;
      expect(client).toMatchObject({
        remote_id: 'crm-42',
        parent_phone: '+380501234567',
        language: 'en',
        teacher_email: school.teacher.user.email,
        plans: [],
      });
      // The teacher sees the student among hers.
      const own = await apiAs(t.app, school.teacher).get(`/api/clients/${client.id}`);
      expect(own.statusCode).toBe(200);

      const again = await put(secret, body);
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(client);

      const changed = await put(secret, { ...body, parent_request: 'Sound R' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({
        id: client.id,
        parent_request: 'Sound R',
        birthdate: '2019-05-14',
      });
      const rows = await t.db.select().from(clients).where(eq(clients.workspaceId, school.workspace.id));
      expect(rows).toHaveLength(1);
    });

    it('moves the student, with their plans, to another teacher of the project that the e-mail names', async () => {
      const school = await buildSchool();
      const colleague = await buildSignedInMember(t.db, school.workspace, 'diagnostician');
      const { secret } = await issue(school);
      const student = await buildStudent(school.teacher, { remote_id: 'crm-5' });
      const { template } = await buildTemplate(t.db, school.workspace.id, school.moderator.user.id);
      await apiAs(t.app, school.moderator).post(`/api/templates/${template.id}/review`, {
        action: 'publish',
      });
      const plan = await apiAs(t.app, school.teacher).post('/api/protocols', {
        client_id: student.id,
        template_id: template.id,
        deadline: '2099-01-01',
      });
      expect(plan.statusCode, plan.body).toBe(201);
      const moved = await put(secret, {
        remote_id: 'crm-5',
        teacher_email: colleague.user.email,
        client_name: 'Olena Koval',
        child_name: 'Sofiia Koval',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.teacher_email).toBe(colleague.user.email);
      const [row] = await t.db.select().from(protocols).where(eq(protocols.clientId, student.id));
      expect(row?.teacherId).toBe(colleague.user.id);
      expect((await apiAs(t.app, school.teacher).get(`/api/clients/${student.id}`)).statusCode).toBe(404);
      expect(
        (await apiAs(t.app, colleague, { roleId: ROLE.teacher }).get(`/api/clients/${student.id}`))
          .statusCode,
      ).toBe(200);
    });

    it('refuses (422) an e-mail that is no teacher of the project, a missing remote id, an unknown field', async () => {
      const school = await buildSchool();
      const other = await buildSchool();
      const { secret } = await issue(school);
      const body = { remote_id: 'crm-9', client_name: 'Olena Koval', child_name: 'Sofiia' };
      for (const email of [school.moderator.user.email, other.teacher.user.email, 'nobody@example.test']) {
        const refused = await put(secret, { ...body, teacher_email: email });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors).toEqual({
          teacher_email: ['No speech therapist of the project has this e-mail.'],
        });
      }
      const cases: [object, Record<string, string[]>][] = [
        [
          { ...body, remote_id: undefined, teacher_email: school.teacher.user.email },
          { remote_id: ['Required.'] },
        ],
        [{ ...body, remote_id: '', teacher_email: school.teacher.user.email }, { remote_id: ['Required.'] }],
        [{ ...body, teacher_email: 'not-an-address' }, { teacher_email: ['Enter a valid email address.'] }],
        [
          { ...body, teacher_email: school.teacher.user.email, theme_ids: [1] },
          { theme_ids: ['Unknown field.'] },
        ],
        [
          { ...body, teacher_email: school.teacher.user.email, child_name: 'S' },
          { child_name: ['At least 2 characters.'] },
        ],
      ];
      for (const [payload, errors] of cases) {
        const refused = await put(secret, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
        expect(refused.json().errors).toEqual(errors);
      }
      expect(await t.db.select().from(clients).where(eq(clients.workspaceId, school.workspace.id))).toEqual(
        [],
      );
    });
  });
});

describe('refused CRM tokens, like sign-ins', () => {
  const limited = { app: null as Awaited<ReturnType<typeof buildApp>> | null };
  afterAll(async () => {
    await limited.app?.close();
  });

  it('make an address wait after LOGIN_RATE_LIMIT_IP refusals in a minute (429, Retry-After)', async () => {
    limited.app = await buildApp({
      config: testConfig({ LOGIN_RATE_LIMIT_IP: '3' }),
      database: t.testDb.database,
    });
    const call = () =>
      limited.app!.inject({
        method: 'GET',
        url: '/api/clients/get-remote-clients',
        headers: { 'accept-language': 'en', ...bearer(`lgs_${'y'.repeat(43)}`) },
      });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await call()).statusCode).toBe(401);
    const waiting = await call();
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(waiting.json().code).toBe('rate_limited');
  });
});
