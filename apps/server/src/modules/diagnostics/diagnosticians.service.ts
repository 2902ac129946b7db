/**
 * Diagnosticians (issue 16 item 5): who holds the role in a project, which students each is
 * assigned to (by the student's teacher, or root or an admin of the project), the diagnostician's
 * own list of students across the project's teachers, and the CRM's question "who diagnoses this
 * student" (spec §7 /get-remote-diagnostician).
 */
import {
  diagnosticianAssignScope,
  ROLE,
  type AssignedDiagnostician,
  type Diagnostician,
  type DiagnosticianClient,
  type DiagnosticianClientsPage,
  type DiagnosticianClientsQuery,
} from '@logoschool/contract';
import { and, arrayContains, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor, ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset } from '../../db/pages.ts';
import { membershipCounts } from '../../db/memberships.ts';
import {
  assignments,
  clientDiagnosticians,
  clients,
  diagnoses,
  diagnosticCardVersions,
  users,
  workspaces,
  type ClientRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { writeAudit } from '../audit/index.ts';
import { assignmentCounts, cardVersionOfDiagnosis } from './diagnosis-access.ts';

/** The project's active users holding the diagnostician role, by name. */
async function diagnosticiansWhere(db: Tx, workspaceId: number, ids?: number[]): Promise<Diagnostician[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(assignments)
    .innerJoin(users, eq(users.id, assignments.userId))
    .innerJoin(workspaces, eq(workspaces.id, assignments.workspaceId))
    .where(
      and(
        eq(assignments.workspaceId, workspaceId),
        membershipCounts(),
        arrayContains(assignments.roles, [ROLE.diagnostician]),
        ids === undefined ? undefined : inArray(users.id, ids.length > 0 ? ids : [0]),
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** `GET /diagnosticians`. */
export function listDiagnosticians(db: Tx, caller: ProjectActor): Promise<Diagnostician[]> {
  return diagnosticiansWhere(db, caller.workspaceId);
}

/** Whether the caller assigns for any student of the project (root, an admin) or her own only. */
function assignsForAll(caller: Pick<Actor, 'role' | 'heldRoles'>): boolean {
  return diagnosticianAssignScope([caller.role, ...caller.heldRoles]) === 'any';
}

/** A student whose diagnosticians the caller may see and set; 404 otherwise. */
async function assignableClient(db: Tx, caller: Actor, clientId: number): Promise<ClientRow> {
  const [row] = await db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.id, clientId),
        eq(clients.workspaceId, caller.workspaceId),
        assignsForAll(caller) ? undefined : eq(clients.teacherId, caller.userId),
      ),
    );
  if (!row) throw notFound();
  return row;
}

const assigner = alias(users, 'assigner');

/**
 * The diagnosticians a student is assigned to who hold the role now, by name, each with who
 * assigned her and when.
 */
async function assignedTo(db: Tx, clientId: number): Promise<AssignedDiagnostician[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      assignerId: assigner.id,
      assignerName: assigner.name,
      assignedAt: clientDiagnosticians.assignedAt,
    })
    .from(clientDiagnosticians)
    .innerJoin(users, eq(users.id, clientDiagnosticians.userId))
    .leftJoin(assigner, eq(assigner.id, clientDiagnosticians.assignedBy))
    .where(and(eq(clientDiagnosticians.clientId, clientId), assignmentCounts()))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    assigned_by: row.assignerId === null ? null : { id: row.assignerId, name: row.assignerName ?? '' },
    assigned_at: row.assignedAt.toISOString(),
  }));
}

/** `GET /clients/:clientId/diagnosticians`. */
export async function clientDiagnosticiansOf(
  db: Tx,
  caller: Actor,
  clientId: number,
): Promise<AssignedDiagnostician[]> {
  const client = await assignableClient(db, caller, clientId);
  return assignedTo(db, client.id);
}

/**
 * `PUT /clients/:clientId/diagnosticians`: the whole list; each must hold the diagnostician role in
 * the project (422 naming the ones who do not). Each diagnostician added or removed is written to
 * the audit log (decision 026: an admin may assign anyone, herself too, but never unseen).
 */
export async function setClientDiagnosticians(
  db: Db,
  caller: Actor,
  clientId: number,
  userIds: number[],
): Promise<AssignedDiagnostician[]> {
  return db.transaction(async (tx) => {
    const client = await assignableClient(tx, caller, clientId);
    const wanted = [...new Set(userIds)];
    const found = new Set((await diagnosticiansWhere(tx, caller.workspaceId, wanted)).map((user) => user.id));
    const errors: Record<string, string[]> = {};
    userIds.forEach((id, index) => {
      if (!found.has(id)) errors[`user_ids.${index}`] = [fieldMessage(caller.lang, 'notDiagnostician')];
    });
    if (Object.keys(errors).length > 0) throw new AppError('validation_failed', {}, errors);
    const kept = await tx
      .select({ userId: clientDiagnosticians.userId })
      .from(clientDiagnosticians)
      .where(eq(clientDiagnosticians.clientId, client.id));
    const keptIds = new Set(kept.map((row) => row.userId));
    const gone = [...keptIds].filter((id) => !found.has(id));
    if (gone.length > 0) {
      await tx
        .delete(clientDiagnosticians)
        .where(and(eq(clientDiagnosticians.clientId, client.id), inArray(clientDiagnosticians.userId, gone)));
    }
    const added = wanted.filter((id) => !keptIds.has(id));
    if (added.length > 0) {
      await tx.insert(clientDiagnosticians).values(
        added.map((userId) => ({
          clientId: client.id,
          userId,
          workspaceId: caller.workspaceId,
          assignedBy: caller.userId,
        })),
      );
    }
    const changes = [
      ...added.map((userId) => ({ userId, change: 'added' })),
      ...gone.map((userId) => ({ userId, change: 'removed' })),
    ];
    for (const { userId, change } of changes) {
      await writeAudit(tx, {
        action: 'diagnosticians.assign',
        actorId: caller.userId,
        targetUserId: userId,
        workspaceId: caller.workspaceId,
        details: { client_id: client.id, change, acting_as: caller.role },
        ip: caller.ip,
      });
    }
    return assignedTo(tx, client.id);
  });
}

/** A LIKE pattern matching `term` anywhere, its wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** `GET /diagnostician/clients`: the caller's assigned students across the project's teachers, by child name. */
export async function listDiagnosticianClients(
  db: Tx,
  caller: ProjectActor,
  query: DiagnosticianClientsQuery,
): Promise<DiagnosticianClientsPage> {
  const where = and(
    eq(clientDiagnosticians.userId, caller.userId),
    eq(clientDiagnosticians.workspaceId, caller.workspaceId),
    eq(clients.workspaceId, caller.workspaceId),
    assignmentCounts(),
    query.term ? ilike(clients.childName, containing(query.term)) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db
      .select({ count: count() })
      .from(clientDiagnosticians)
      .innerJoin(clients, eq(clients.id, clientDiagnosticians.clientId))
      .where(where),
    db
      .select({
        id: clients.id,
        childName: clients.childName,
        language: clients.language,
        teacherId: users.id,
        teacherName: users.name,
      })
      .from(clientDiagnosticians)
      .innerJoin(clients, eq(clients.id, clientDiagnosticians.clientId))
      .innerJoin(users, eq(users.id, clients.teacherId))
      .where(where)
      .orderBy(asc(sql`lower(${clients.childName})`), asc(clients.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
  ]);
  const ids = rows.map((row) => row.id);
  const made =
    ids.length === 0
      ? []
      : await db
          .select({
            id: diagnoses.id,
            clientId: diagnoses.clientId,
            title: sql<string>`${diagnosticCardVersions.content}->>'title'`,
            status: diagnoses.status,
            diagnosedOn: diagnoses.diagnosedOn,
            completedAt: diagnoses.completedAt,
          })
          .from(diagnoses)
          .innerJoin(diagnosticCardVersions, cardVersionOfDiagnosis())
          .where(and(inArray(diagnoses.clientId, ids), eq(diagnoses.workspaceId, caller.workspaceId)))
          .orderBy(desc(diagnoses.diagnosedOn), desc(diagnoses.id));
  const data: DiagnosticianClient[] = rows.map((row) => ({
    id: row.id,
    child_name: row.childName,
    language: row.language as DiagnosticianClient['language'],
    teacher: { id: row.teacherId, name: row.teacherName },
    diagnoses: made
      .filter((diagnosis) => diagnosis.clientId === row.id)
      .map((diagnosis) => ({
        id: diagnosis.id,
        card_title: diagnosis.title,
        status: diagnosis.status as DiagnosticianClient['diagnoses'][number]['status'],
        diagnosed_on: diagnosis.diagnosedOn,
        completed_at: diagnosis.completedAt?.toISOString() ?? null,
      })),
  }));
  return pageOf(data, total, query);
}

/** `GET /get-remote-diagnostician` (CRM token): the diagnosticians of the project's student with that remote id. */
export async function remoteDiagnosticians(
  db: Tx,
  workspaceId: number,
  remoteId: string,
): Promise<Diagnostician[]> {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.workspaceId, workspaceId), eq(clients.remoteId, remoteId)));
  if (!client) throw notFound();
  const assigned = await assignedTo(db, client.id);
  return assigned.map(({ id, name, email }) => ({ id, name, email }));
}
