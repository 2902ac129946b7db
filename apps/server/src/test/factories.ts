import { randomBytes } from 'node:crypto';
import { EXERCISE_STATUS, ROLE, type RoleName } from '@logoschool/contract';
import { hashPassword } from '../auth/password.ts';
import { createSession } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import {
  assignments,
  exercises,
  users,
  workspaces,
  type ExerciseRow,
  type UserRow,
  type WorkspaceRow,
} from '../db/schema/index.ts';

export const TEST_PASSWORD = 'test-password-1';
let passwordHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

/** A project. */
export async function buildWorkspace(db: Db, values: Partial<typeof workspaces.$inferInsert> = {}) {
  const [row] = await db
    .insert(workspaces)
    .values({ title: `School ${unique()}`, envId: 1, ...values })
    .returning();
  return row as WorkspaceRow;
}

/** A user with password TEST_PASSWORD. */
export async function buildUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${unique()}@example.test`,
      name: 'Test User',
      passwordHash: await passwordHash,
      ...values,
    })
    .returning();
  return row as UserRow;
}

/** A user holding `roles` in a project. */
export async function buildMember(
  db: Db,
  workspace: WorkspaceRow,
  roles: RoleName[],
  options: { isActive?: boolean; archived?: boolean; user?: Partial<typeof users.$inferInsert> } = {},
) {
  const user = await buildUser(db, options.user);
  await addMembership(db, user, workspace, roles, options);
  return user;
}

export async function addMembership(
  db: Db,
  user: UserRow,
  workspace: WorkspaceRow,
  roles: RoleName[],
  options: { isActive?: boolean; archived?: boolean } = {},
) {
  await db.insert(assignments).values({
    userId: user.id,
    workspaceId: workspace.id,
    roles: roles.map((role) => ROLE[role]),
    isActive: options.isActive ?? true,
    archived: options.archived ?? false,
  });
}

/** A signed-in session for a user: its bearer token. */
export async function tokenFor(db: Db, user: UserRow, ttlSeconds = 3600): Promise<string> {
  return createSession(db, user.id, ttlSeconds);
}

/** A user acting in a project in one role, signed in: whom an API test calls as. */
export interface Member {
  workspace: WorkspaceRow;
  user: UserRow;
  token: string;
  roleId: number;
}

/** A new member of the project in the role (for `root`, a root user), with a session. */
export async function buildSignedInMember(
  db: Db,
  workspace: WorkspaceRow,
  role: RoleName,
  user: Partial<typeof users.$inferInsert> = {},
): Promise<Member> {
  const row =
    role === 'root'
      ? await buildUser(db, { isRoot: true, ...user })
      : await buildMember(db, workspace, [role], { user });
  return { workspace, user: row, token: await tokenFor(db, row), roleId: ROLE[role] };
}

/** The Authorization header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * An exercise of a project, written straight to the table: accepted, in Ukrainian, unless `values`
 * say otherwise. Tests that need the API's checks create exercises through the API instead.
 */
export async function buildExercise(
  db: Db,
  workspaceId: number,
  authorId: number,
  values: Partial<typeof exercises.$inferInsert> = {},
) {
  const [row] = await db
    .insert(exercises)
    .values({
      workspaceId,
      authorId,
      title: `Exercise ${unique()}`,
      statusId: EXERCISE_STATUS.accepted,
      language: 'uk',
      ...values,
    })
    .returning();
  return row as ExerciseRow;
}
