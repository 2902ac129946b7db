import { and, eq, type SQL } from 'drizzle-orm';
import { assignments, users, workspaces } from './schema/index.ts';

/**
 * The condition "this membership counts now": an active assignment, not archived, of an active
 * user, in a project that is not archived (what `rolesInWorkspace` asks of a signed-in caller).
 * The query joins the assignment's user and project.
 */
export function membershipCounts(): SQL | undefined {
  return and(
    eq(assignments.isActive, true),
    eq(assignments.archived, false),
    eq(users.isActive, true),
    eq(workspaces.archived, false),
  );
}
