import { randomBytes } from 'node:crypto';
import { LANGUAGES, ROLE, type RoleName } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments, auditLog, invitations, mails, type WorkspaceRow } from '../../db/schema/index.ts';
import { text } from '../../i18n/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  assignmentOf,
  buildMember,
  buildSignedInMember,
  buildUser,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';

/**
 * Who may grant which role (contract `access/grants.ts`), enforced where roles are given or
 * changed: invitations (invite, existing user, resend) and the administration of members.
 */
const t = useTestApp();

const newEmail = () => `grant-${randomBytes(5).toString('hex')}@example.test`;

type InviteRoute = 'invite' | 'invite/existing-user';

const invite = (caller: Member, route: InviteRoute, email: string, roles: RoleName[], lang = 'en') =>
  apiAs(t.app, caller).post(
    `/api/invitations/${route}`,
    { email, workspace_id: caller.workspace.id, roles },
    { lang },
  );

const update = (caller: Member, payload: object) => apiAs(t.app, caller).put('/api/users/user', payload);

const removeRole = (caller: Member, payload: object) =>
  apiAs(t.app, caller).post('/api/users/user/remove-role', payload);

const invitationsTo = (email: string) => t.db.select().from(invitations).where(eq(invitations.email, email));
const mailsTo = (email: string) => t.db.select().from(mails).where(eq(mails.to, email));
const auditIn = (workspace: WorkspaceRow) =>
  t.db.select().from(auditLog).where(eq(auditLog.workspaceId, workspace.id));

const refusal = (roles: string, lang: (typeof LANGUAGES)[number] = 'en') => ({
  code: 'role_not_grantable',
  message: text(lang, 'errors.role_not_grantable', { roles }),
});

describe('inviting with roles the inviter may not grant', () => {
  it.each([
    ['invite', ['admin'], 'Administrator'],
    ['invite', ['manager'], 'Manager'],
    ['invite', ['teacher', 'admin', 'manager'], 'Manager, Administrator'],
    ['invite/existing-user', ['admin'], 'Administrator'],
    ['invite/existing-user', ['manager', 'author'], 'Manager'],
  ] as const)(
    'refuses a manager: POST /%s with %j is 403, nothing written, no mail',
    async (route, roles, named) => {
      const manager = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'manager');
      const email = newEmail();
      const response = await invite(manager, route, email, [...roles]);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual(refusal(named));
      expect(await invitationsTo(email)).toEqual([]);
      expect(await mailsTo(email)).toEqual([]);
      expect(await auditIn(manager.workspace)).toEqual([]);
    },
  );

  it.each(['invite', 'invite/existing-user'] as const)(
    'answers a manager the same refusal on /%s whether or not the address has an account',
    async (route) => {
      const manager = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'manager');
      const existing = await buildUser(t.db);
      const known = await invite(manager, route, existing.email, ['admin']);
      const unknown = await invite(manager, route, newEmail(), ['admin']);
      expect(known.statusCode).toBe(403);
      expect(known.json()).toEqual(unknown.json());
      expect(await assignmentOf(t.db, existing.id, manager.workspace.id)).toBeUndefined();
      expect(await mailsTo(existing.email)).toEqual([]);
    },
  );

  it.each(LANGUAGES)('names the refused roles in %s', async (lang) => {
    const manager = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'manager');
    const response = await invite(manager, 'invite', newEmail(), ['admin'], lang);
    const names = { uk: 'Адміністратор', ru: 'Администратор', en: 'Administrator', pl: 'Administrator' };
    expect(response.json()).toEqual(refusal(names[lang], lang));
  });

  it('lets a manager invite every role below manager', async () => {
    const manager = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'manager');
    const roles: RoleName[] = ['moderator', 'author', 'teacher', 'diagnostician'];
    const response = await invite(manager, 'invite', newEmail(), roles);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('lets an admin invite an admin and a manager, acting as admin or as manager', async () => {
    const workspace = await buildWorkspace(t.db);
    const admin = await buildSignedInMember(t.db, workspace, 'admin');
    for (const caller of [admin, { ...admin, roleId: ROLE.manager }]) {
      const response = await invite(caller, 'invite', newEmail(), ['admin', 'manager']);
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('lets root invite an admin', async () => {
    const root = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'root');
    expect((await invite(root, 'invite', newEmail(), ['admin'])).statusCode).toBe(201);
  });

  it("refuses a manager resending an admin's invitation that gives admin: the link stays as it was", async () => {
    const workspace = await buildWorkspace(t.db);
    const admin = await buildSignedInMember(t.db, workspace, 'admin');
    const email = newEmail();
    const invited = await invite(admin, 'invite', email, ['admin']);
    expect(invited.statusCode).toBe(201);
    const [before] = await invitationsTo(email);
    const manager = await buildSignedInMember(t.db, workspace, 'manager');
    const response = await apiAs(t.app, manager).post('/api/invitations/invite/send', {
      invitation_id: before!.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refusal('Administrator'));
    expect(await invitationsTo(email)).toEqual([before]);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('changing the roles or status of a member', () => {
  /** A root user who also has an assignment row in the project (left from before, or seeded). */
  async function rootWithAssignment(workspace: WorkspaceRow) {
    return buildMember(t.db, workspace, ['teacher'], { user: { isRoot: true } });
  }

  it.each([
    ['PUT roles', { roles: ['author'] }],
    ['PUT is_active', { is_active: false }],
    ['remove-role', null],
  ] as const)(
    "refuses an admin changing a root user's assignment (%s): 403, nothing written",
    async (_case, change) => {
      const workspace = await buildWorkspace(t.db);
      const admin = await buildSignedInMember(t.db, workspace, 'admin');
      const root = await rootWithAssignment(workspace);
      await t.db
        .update(assignments)
        .set({ roles: [ROLE.teacher, ROLE.author] })
        .where(eq(assignments.userId, root.id));
      const before = await assignmentOf(t.db, root.id, workspace.id);
      const response = change
        ? await update(admin, { user_id: root.id, ...change })
        : await removeRole(admin, { user_id: root.id, role: 'author' });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual(refusal('Super admin'));
      expect(await assignmentOf(t.db, root.id, workspace.id)).toEqual(before);
      expect(await auditIn(workspace)).toEqual([]);
    },
  );

  it("lets root change a root user's assignment", async () => {
    const workspace = await buildWorkspace(t.db);
    const root = await buildSignedInMember(t.db, workspace, 'root');
    const other = await rootWithAssignment(workspace);
    const response = await update(root, { user_id: other.id, is_active: false });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("lets an admin change another admin's roles and deactivate them (decision: admins manage admins)", async () => {
    const workspace = await buildWorkspace(t.db);
    const admin = await buildSignedInMember(t.db, workspace, 'admin');
    const other = await buildMember(t.db, workspace, ['admin', 'teacher']);
    expect((await update(admin, { user_id: other.id, roles: ['manager'] })).statusCode).toBe(200);
    expect((await update(admin, { user_id: other.id, is_active: false })).statusCode).toBe(200);
    expect(await assignmentOf(t.db, other.id, workspace.id)).toMatchObject({
      roles: [ROLE.manager],
      isActive: false,
    });
  });
});
