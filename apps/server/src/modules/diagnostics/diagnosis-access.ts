import { ROLE, type DiagnosticCardContent } from '@logoschool/contract';
import { and, arrayContains, eq, exists, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  assignments,
  clientDiagnosticians,
  clients,
  diagnoses,
  diagnosticCardVersions,
  users,
  workspaces,
  type ClientRow,
  type DiagnosisRow,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';

/**
 * Who may diagnose a student (issue 16): the student's teacher, and the diagnosticians the student
 * is assigned to, in the project the call acts in. Everyone else (another teacher, another
 * project's user) gets 404, as for any object they cannot see. An assignment counts only while its
 * diagnostician holds the role (issue 24, spec §6): a role removed, a member deactivated, a user
 * blocked or a project archived ends the access it gave at once, and gives it back when undone.
 */
export interface Diagnostician {
  workspaceId: number;
  userId: number;
}

/**
 * The condition "this user holds the diagnostician role in this project now": an active,
 * unarchived membership with the role, an active user, a project not archived (what
 * `rolesInWorkspace` asks of a signed-in caller, asked of the database for any user).
 */
export function holdsDiagnosticianRole(
  userId: Column | SQL | number,
  workspaceId: Column | SQL | number,
): SQL {
  return exists(
    sql`(select 1 from ${assignments}
      join ${users} on ${users.id} = ${assignments.userId}
      join ${workspaces} on ${workspaces.id} = ${assignments.workspaceId}
      where ${assignments.userId} = ${userId} and ${assignments.workspaceId} = ${workspaceId}
        and ${assignments.isActive} and not ${assignments.archived} and ${users.isActive}
        and not ${workspaces.archived} and ${arrayContains(assignments.roles, [ROLE.diagnostician])})`,
  );
}

/**
 * The condition "this assignment row still counts": its diagnostician holds the role in its
 * project now (rows of a removed role stay, and count again when the role is given back).
 */
export const assignmentCounts = (): SQL =>
  holdsDiagnosticianRole(clientDiagnosticians.userId, clientDiagnosticians.workspaceId);

/** The join condition of a diagnosis's card version: the published version it is a filling of. */
export function cardVersionOfDiagnosis(): SQL | undefined {
  return and(
    eq(diagnosticCardVersions.cardId, diagnoses.cardId),
    eq(diagnosticCardVersions.version, diagnoses.cardVersion),
  );
}

/** The condition "the caller may diagnose this client row". */
export function diagnosableBy(caller: Diagnostician) {
  return and(
    eq(clients.workspaceId, caller.workspaceId),
    or(
      eq(clients.teacherId, caller.userId),
      and(
        exists(
          sql`(select 1 from ${clientDiagnosticians} where ${clientDiagnosticians.clientId} = ${clients.id} and ${clientDiagnosticians.userId} = ${caller.userId})`,
        ),
        holdsDiagnosticianRole(caller.userId, caller.workspaceId),
      ),
    ),
  );
}

/** A student the caller may diagnose; 404 otherwise. */
export async function diagnosableClient(db: Tx, caller: Diagnostician, clientId: number): Promise<ClientRow> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), diagnosableBy(caller)));
  if (!row) throw notFound();
  return row;
}

/** A diagnosis of a student the caller may diagnose, with its student; 404 otherwise. */
export async function diagnosisFor(
  db: Tx,
  caller: Diagnostician,
  diagnosisId: number,
): Promise<{ diagnosis: DiagnosisRow; client: ClientRow }> {
  const [row] = await db
    .select({ diagnosis: diagnoses, client: clients })
    .from(diagnoses)
    .innerJoin(clients, eq(clients.id, diagnoses.clientId))
    .where(
      and(
        eq(diagnoses.id, diagnosisId),
        eq(diagnoses.workspaceId, caller.workspaceId),
        diagnosableBy(caller),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** The card version a diagnosis was made from. */
export async function diagnosisContent(db: Tx, diagnosis: DiagnosisRow): Promise<DiagnosticCardContent> {
  const [version] = await db
    .select({ content: diagnosticCardVersions.content })
    .from(diagnosticCardVersions)
    .where(
      and(
        eq(diagnosticCardVersions.cardId, diagnosis.cardId),
        eq(diagnosticCardVersions.version, diagnosis.cardVersion),
      ),
    );
  if (!version) throw notFound();
  return version.content;
}
