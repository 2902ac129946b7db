import {
  ROLE,
  selfChangeRefused,
  type InvitationStatus,
  type Language,
  type ProjectUser,
  type RemoveRoleBody,
  type RoleName,
  type UserEnvironment,
  type UserEnvironmentBody,
  type UsersExportQuery,
  type UsersQuery,
  type UserStatus,
  type UserUpdateBody,
} from '@logoschool/contract';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { assignments, invitations, sessions, users, type AssignmentRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { csvOf } from '../../files/csv.ts';
import type { FieldMessage } from '../../i18n/index.ts';
import { writeAudit } from '../audit/index.ts';
import { assertMayGrant, assertMayManage } from './grants.ts';
import { roleNames } from './users.service.ts';

/** Active in the project only when both the assignment and the user are (spec §4, §6). */
const statusOf = sql<UserStatus>`case when ${assignments.isActive} and ${users.isActive} then 'active' else 'deactivated' end`;

/** The latest invitation of the member's e-mail to the project. */
const invitationOf = sql<InvitationStatus | null>`(
  select ${invitations.status} from ${invitations}
  where ${invitations.workspaceId} = ${assignments.workspaceId} and lower(${invitations.email}) = ${users.email}
  order by ${invitations.createdAt} desc, ${invitations.id} desc
  limit 1
)`;

/**
 * The member's own latest sign-in. Sessions are purged a day after they end, so a user who has
 * not signed in for longer than a session lives shows none.
 */
const lastSignInOf = sql<Date | null>`(
  select max(${sessions.createdAt}) from ${sessions}
  where ${sessions.userId} = ${users.id} and ${sessions.impersonatorId} is null
)`.mapWith(sessions.createdAt);

/** The project's members (not archived assignments), with what the list shows. */
function selectMembers(db: Tx, where: SQL | undefined) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      roles: assignments.roles,
      status: statusOf,
      invitation_status: invitationOf,
      last_sign_in_at: lastSignInOf,
    })
    .from(assignments)
    .innerJoin(users, eq(users.id, assignments.userId))
    .where(where)
    .$dynamic();
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMembers>['execute']>>[number];

function toProjectUser(row: MemberRow): ProjectUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roles: roleNames([...row.roles].sort((a, b) => a - b)),
    status: row.status,
    invitation_status: row.invitation_status,
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
  };
}

const inProject = (workspaceId: number) =>
  and(eq(assignments.workspaceId, workspaceId), eq(assignments.archived, false));

function listWhere(workspaceId: number, query: UsersExportQuery) {
  const conditions: (SQL | undefined)[] = [inProject(workspaceId)];
  // strpos, not LIKE: the term is plain text, its % and _ match only themselves.
  if (query.term) {
    const term = query.term.toLowerCase();
    conditions.push(
      sql`(strpos(lower(${users.name}), lower(${term})) > 0 or strpos(${users.email}, lower(${term})) > 0)`,
    );
  }
  if (query.status) conditions.push(sql`${statusOf} = ${query.status}`);
  return and(...conditions);
}

function listOrder(query: UsersExportQuery): SQL[] {
  const direction = query.order === 'desc' ? desc : asc;
  const name = sql`lower(${users.name})`;
  const first =
    query.sort === 'email'
      ? [direction(users.email)]
      : query.sort === 'status'
        ? [direction(statusOf), asc(name)]
        : [direction(name)];
  return [...first, asc(users.id)];
}

/**
 * A page of the project's users (spec §2 /users): `term` searches names and e-mails, ignoring case;
 * `status` keeps active or deactivated ones.
 */
export async function listUsers(db: Tx, workspaceId: number, query: UsersQuery) {
  const where = listWhere(workspaceId, query);
  const [rows, [total]] = await Promise.all([
    selectMembers(db, where)
      .orderBy(...listOrder(query))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(assignments).innerJoin(users, eq(users.id, assignments.userId)).where(where),
  ]);
  return pageOf(rows.map(toProjectUser), total, query);
}

/** Every user of the list (all pages), in its order. */
export async function allUsers(db: Tx, workspaceId: number, query: UsersExportQuery) {
  const rows = await selectMembers(db, listWhere(workspaceId, query)).orderBy(...listOrder(query));
  return rows.map(toProjectUser);
}

/**
 * The users as CSV (spec §3, `csvOf`): the header from the first row's keys, nulls empty, roles as
 * one cell.
 */
export function usersCsv(rows: readonly ProjectUser[]): string {
  return csvOf(rows.map((row) => ({ ...row, roles: row.roles.join(', ') })));
}

/** The member of the project that a change is for, locked; 404 when the user is not in it. */
async function memberForUpdate(tx: Tx, workspaceId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(assignments)
    .where(and(inProject(workspaceId), eq(assignments.userId, userId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * 403 unless the actor may change this member (contract `mayManageMember`): a root user's
 * assignment only root may; one holding a role the actor could not grant, nobody but root.
 */
async function assertManageable(tx: Tx, actor: Actor, member: AssignmentRow) {
  const [user] = await tx.select({ isRoot: users.isRoot }).from(users).where(eq(users.id, member.userId));
  assertMayManage(actor, { isRoot: user?.isRoot ?? false, roles: roleNames(member.roles) });
}

/** A member of the project as the users list shows them; 404 when the user is not in it. */
export async function memberView(tx: Tx, workspaceId: number, userId: number): Promise<ProjectUser> {
  const [row] = await selectMembers(tx, and(inProject(workspaceId), eq(assignments.userId, userId)));
  if (!row) throw notFound();
  return toProjectUser(row);
}

const conflict = (lang: Language, field: string, key: FieldMessage) =>
  new AppError('conflict', {}, { [field]: [fieldMessage(lang, key)] });

/** Role ids as stored: each once, in id order. */
export const roleIds = (roles: readonly RoleName[]) =>
  [...new Set(roles.map((role) => ROLE[role]))].sort((a, b) => a - b);

const sameRoles = (a: readonly number[], b: readonly number[]) =>
  [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

async function saveMember(
  tx: Tx,
  actor: Actor,
  current: AssignmentRow,
  next: { roles: number[]; isActive: boolean },
  action: 'users.update' | 'users.remove_role',
  details: Record<string, unknown>,
) {
  await tx
    .update(assignments)
    .set({ roles: next.roles, isActive: next.isActive, updatedAt: new Date() })
    .where(eq(assignments.id, current.id));
  await writeAudit(tx, {
    action,
    actorId: actor.userId,
    targetUserId: current.userId,
    workspaceId: actor.workspaceId,
    details: { ...details, role: actor.role },
    ip: actor.ip,
  });
}

/**
 * Changes a member's roles and/or activates or deactivates them in the project (spec §6: admin).
 * Roles come from assignments on every request, so a change takes effect at the member's next
 * call. The new roles must be ones the actor may grant, and the member one the actor may manage
 * (403 role_not_grantable). An administrator may neither deactivate themselves nor drop their own
 * admin role (409), so that a project cannot lose its last administrator by accident. A change to
 * nothing writes nothing.
 */
export async function updateUser(db: Db, actor: Actor, body: UserUpdateBody): Promise<ProjectUser> {
  if (body.roles) assertMayGrant(actor, body.roles);
  return db.transaction(async (tx) => {
    const current = await memberForUpdate(tx, actor.workspaceId, body.user_id);
    await assertManageable(tx, actor, current);
    const self = current.userId === actor.userId;
    const next = {
      roles: body.roles ? roleIds(body.roles) : current.roles,
      isActive: body.is_active ?? current.isActive,
    };
    const refused = selfChangeRefused(
      self,
      { isActive: current.isActive, roles: roleNames(current.roles) },
      { isActive: next.isActive, roles: roleNames(next.roles) },
    );
    if (refused)
      throw conflict(actor.lang, refused === 'cannotDeactivateSelf' ? 'is_active' : 'roles', refused);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (!sameRoles(current.roles, next.roles)) {
      changes.roles = { from: roleNames(current.roles), to: roleNames(next.roles) };
    }
    if (current.isActive !== next.isActive) changes.is_active = { from: current.isActive, to: next.isActive };
    if (Object.keys(changes).length > 0) {
      await saveMember(tx, actor, current, next, 'users.update', { changes });
    }
    return memberView(tx, actor.workspaceId, body.user_id);
  });
}

/**
 * Takes one role from a member (spec §6 remove-role): 403 for a member the actor may not manage;
 * 409 for a role they do not hold, for their last role (spec §5), and for an administrator's own
 * admin role.
 */
export async function removeRole(db: Db, actor: Actor, body: RemoveRoleBody): Promise<ProjectUser> {
  return db.transaction(async (tx) => {
    const current = await memberForUpdate(tx, actor.workspaceId, body.user_id);
    await assertManageable(tx, actor, current);
    const id = ROLE[body.role];
    if (!current.roles.includes(id)) throw conflict(actor.lang, 'role', 'roleNotHeld');
    const remaining = current.roles.filter((held) => held !== id);
    if (roleNames(remaining).length === 0) throw conflict(actor.lang, 'role', 'lastRole');
    const self = current.userId === actor.userId;
    const refused = selfChangeRefused(
      self,
      { isActive: current.isActive, roles: roleNames(current.roles) },
      { isActive: current.isActive, roles: roleNames(remaining) },
    );
    if (refused) throw conflict(actor.lang, 'role', refused);
    await saveMember(
      tx,
      actor,
      current,
      { roles: remaining, isActive: current.isActive },
      'users.remove_role',
      {
        removed: body.role,
        roles: roleNames(remaining),
      },
    );
    return memberView(tx, actor.workspaceId, body.user_id);
  });
}

/**
 * Root moves a user to another environment (spec §6); 404 for an unknown user. A change to the
 * same environment writes nothing.
 */
export async function changeEnvironment(
  db: Db,
  actor: { userId: number; ip: string | null },
  body: UserEnvironmentBody,
): Promise<UserEnvironment> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, body.user_id)).for('update');
    if (!current) throw notFound();
    if (current.envId !== body.env_id) {
      await tx
        .update(users)
        .set({ envId: body.env_id, updatedAt: new Date() })
        .where(eq(users.id, current.id));
      await writeAudit(tx, {
        action: 'users.change_environment',
        actorId: actor.userId,
        targetUserId: current.id,
        details: { email: current.email, from: current.envId, to: body.env_id },
        ip: actor.ip,
      });
    }
    return { id: current.id, email: current.email, name: current.name, env_id: body.env_id };
  });
}
