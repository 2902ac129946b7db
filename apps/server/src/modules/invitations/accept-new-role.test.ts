import { ROLE } from '@logoschool/contract';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, invitations, mails } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { apiAs, apiWithToken } from '../../test/api.ts';
import {
  addMembership,
  assignmentOf,
  buildMember,
  buildSignedInMember,
  buildUser,
  buildWorkspace,
  tokenFor,
} from '../../test/factories.ts';

/**
 * `/accept-new-role` (issue 33 item 6): the invitation mailed to an address that has an account
 * links there, and the signed-in account accepts it with its session
 * (`POST /invitations/invite/accept/new-role`).
 */
const t = useTestApp();

/** A project with a manager who invites, and an account of another project who is invited. */
async function invitedAccount() {
  const manager = await buildSignedInMember(
    t.db,
    await buildWorkspace(t.db, { title: 'Second school' }),
    'manager',
  );
  const home = await buildWorkspace(t.db, { title: 'First school' });
  const user = await buildMember(t.db, home, ['author']);
  const sent = await apiAs(t.app, manager).post('/api/invitations/invite', {
    email: user.email,
    workspace_id: manager.workspace.id,
    roles: ['teacher'],
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const [mail] = await t.db
    .select()
    .from(mails)
    .where(eq(mails.to, user.email))
    .orderBy(desc(mails.id))
    .limit(1);
  const link = /(https?:\/\/[^\s"<>]+)\/accept-new-role\?token=([\w-]+)/.exec(mail!.text);
  if (!link) throw new Error(`no /accept-new-role link in: ${mail!.text}`);
  return {
    manager,
    user,
    sent: sent.json().data,
    token: decodeURIComponent(link[2]!),
    session: await tokenFor(t.db, user),
  };
}

const acceptAs = (session: string | null, body: Record<string, unknown>) =>
  apiWithToken(t.app, session).post('/api/invitations/invite/accept/new-role', body, { lang: 'en' });

describe('POST /api/invitations/invite/accept/new-role', () => {
  it('mails an account’s owner the /accept-new-role link, while the inviter’s copy stays the one every invitation has', async () => {
    const { sent, token } = await invitedAccount();
    // Kept in the outbox (no SMTP server): the inviter gets a link, which tells no account apart.
    expect(sent.invitation_link).toMatch(/\/accept-invite\?token=[\w-]+$/);
    expect(new URL(sent.invitation_link).searchParams.get('token')).toBe(token);
  });

  it('joins the signed-in account with the invited roles and answers the user and the project', async () => {
    const { manager, user, token, session } = await invitedAccount();
    const response = await acceptAs(session, { token });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.workspace_id).toBe(manager.workspace.id);
    expect(data.user.id).toBe(user.id);
    expect(data.user.assignments).toContainEqual(
      expect.objectContaining({
        workspaceId: manager.workspace.id,
        workspaceTitle: 'Second school',
        roles: ['teacher'],
      }),
    );
    expect((await assignmentOf(t.db, user.id, manager.workspace.id))?.roles).toEqual([ROLE.teacher]);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, user.email));
    expect(row).toMatchObject({ status: 'accepted', acceptedUserId: user.id });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invitations.accept'), eq(auditLog.workspaceId, manager.workspace.id)));
    expect(audit?.details).toMatchObject({ email: user.email, signed_in: true, existing_account: true });
    // The same session now acts in the new project.
    const check = await apiWithToken(t.app, session).get('/api/check-token');
    expect(check.json().data.assignments.map((a: { workspaceId: number }) => a.workspaceId)).toContain(
      manager.workspace.id,
    );

    // The link is used up.
    const again = await acceptAs(session, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invitation_accepted');
  });

  it('refuses another account, naming the invited address, and leaves the invitation open', async () => {
    const { user, token } = await invitedAccount();
    const other = await buildUser(t.db);
    const response = await acceptAs(await tokenFor(t.db, other), { token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'invitation_other_account' });
    expect(response.json().message).toContain(user.email);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, user.email));
    expect(row?.status).toBe('pending');
  });

  it('answers 401 without a session, before the link is looked at', async () => {
    const { token } = await invitedAccount();
    const response = await acceptAs(null, { token });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it('tells an unknown, an expired and a malformed link apart, as the other ways to accept do', async () => {
    const { user, token, session } = await invitedAccount();
    const unknown = await acceptAs(session, { token: `${token}x` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('invitation_not_found');

    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, user.email));
    const expired = await acceptAs(session, { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('invitation_expired');

    for (const body of [{}, { token: '' }, { token: 'x'.repeat(200) }, { token, extra: 1 }]) {
      const bad = await acceptAs(session, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json().code).toBe('validation_failed');
    }
  });

  it('refuses a member of the project (409), and brings back one removed before', async () => {
    const member = await invitedAccount();
    await addMembership(t.db, member.user, member.manager.workspace, ['author']);
    const refused = await acceptAs(member.session, { token: member.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('already_member');

    const removed = await invitedAccount();
    await addMembership(t.db, removed.user, removed.manager.workspace, ['author'], { archived: true });
    const back = await acceptAs(removed.session, { token: removed.token });
    expect(back.statusCode, back.body).toBe(200);
    expect(await assignmentOf(t.db, removed.user.id, removed.manager.workspace.id)).toMatchObject({
      roles: [ROLE.teacher],
      archived: false,
      isActive: true,
    });
  });

  it('two tabs accepting at once: one joins, the other is told the link is used', async () => {
    const { token, session } = await invitedAccount();
    const answers = await Promise.all([acceptAs(session, { token }), acceptAs(session, { token })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});
