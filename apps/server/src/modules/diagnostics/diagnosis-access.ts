import type { DiagnosticCardContent } from '@logoschool/contract';
import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  clientDiagnosticians,
  clients,
  diagnoses,
  diagnosticCardVersions,
  type ClientRow,
  type DiagnosisRow,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';

/**
 * Who may diagnose a student (issue 16): the student's teacher, and the diagnosticians the student
 * is assigned to, in the project the call acts in. Everyone else (another teacher, another
 * project's user) gets 404, as for any object they cannot see.
 */
export interface Diagnostician {
  workspaceId: number;
  userId: number;
}

/** The condition "the caller may diagnose this client row". */
export function diagnosableBy(caller: Diagnostician) {
  return and(
    eq(clients.workspaceId, caller.workspaceId),
    or(
      eq(clients.teacherId, caller.userId),
      exists(
        sql`(select 1 from ${clientDiagnosticians} where ${clientDiagnosticians.clientId} = ${clients.id} and ${clientDiagnosticians.userId} = ${caller.userId})`,
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
