import { effectiveRoles, roleMay, type ProjectTeacher } from '@logoschool/contract';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { membershipCounts } from '../../db/memberships.ts';
import { assignments, users, workspaces } from '../../db/schema/index.ts';
import { roleNames } from '../users/index.ts';

/**
 * The teachers of a project: its active members, in an active assignment of a project that is not
 * archived, whose roles may keep students (`clients.manage`: teachers and diagnosticians). Whom a
 * student may belong to, from the CRM, a copy or an import.
 */
async function teachersWhere(db: Tx, workspaceId: number, extra?: SQL): Promise<ProjectTeacher[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, roles: assignments.roles })
    .from(assignments)
    .innerJoin(users, eq(users.id, assignments.userId))
    .innerJoin(workspaces, eq(workspaces.id, assignments.workspaceId))
    .where(and(eq(assignments.workspaceId, workspaceId), membershipCounts(), extra))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return rows
    .filter((row) => effectiveRoles(roleNames(row.roles)).some((role) => roleMay(role, 'clients.manage')))
    .map(({ id, name, email }) => ({ id, name, email }));
}

/** Every teacher of the project, by name. */
export function projectTeachers(db: Tx, workspaceId: number): Promise<ProjectTeacher[]> {
  return teachersWhere(db, workspaceId);
}

/** The teacher of the project with this id, or undefined. */
export async function projectTeacher(
  db: Tx,
  workspaceId: number,
  userId: number,
): Promise<ProjectTeacher | undefined> {
  return (await teachersWhere(db, workspaceId, eq(users.id, userId)))[0];
}

/** The teacher of the project with this e-mail (stored lower-cased, as the schema gives it), or undefined. */
export async function projectTeacherByEmail(
  db: Tx,
  workspaceId: number,
  email: string,
): Promise<ProjectTeacher | undefined> {
  return (await teachersWhere(db, workspaceId, eq(users.email, email)))[0];
}
