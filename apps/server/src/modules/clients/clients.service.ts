import {
  ageInYears,
  todayIso,
  type Client,
  type ClientInput,
  type ClientsQuery,
  type ClientUpdate,
} from '@logoschool/contract';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clients, type ClientRow } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';

/** Whose students a call sees: the teacher's own, in the project the call acts in. */
export interface ClientOwner {
  workspaceId: number;
  teacherId: number;
}

export function toClientView(row: ClientRow, today = todayIso()): Client {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    teacher_id: row.teacherId,
    client_name: row.clientName,
    child_name: row.childName,
    birthdate: row.birthdate,
    age: row.birthdate === null ? null : ageInYears(row.birthdate, today),
    comment_for_teacher: row.commentForTeacher,
    custom_themes: row.customThemes,
    parent_request: row.parentRequest,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every query of the table goes through this filter: another teacher's student is not there. */
const ownedBy = (owner: ClientOwner) =>
  and(eq(clients.workspaceId, owner.workspaceId), eq(clients.teacherId, owner.teacherId));

const ownClient = (owner: ClientOwner, clientId: number) => and(ownedBy(owner), eq(clients.id, clientId));

/** A LIKE pattern matching `term` anywhere, its wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A page of the teacher's students by child name; `term` searches the client's and the child's name. */
export async function listClients(db: Tx, owner: ClientOwner, query: ClientsQuery) {
  const conditions: (SQL | undefined)[] = [ownedBy(owner)];
  if (query.term) {
    const pattern = containing(query.term);
    conditions.push(or(ilike(clients.childName, pattern), ilike(clients.clientName, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(clients)
      .where(where)
      .orderBy(sql`lower(${clients.childName})`, asc(clients.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(clients)
      .where(where),
  ]);
  const today = todayIso();
  return {
    data: rows.map((row) => toClientView(row, today)),
    meta: { total: total?.count ?? 0, page: query.page, per_page: query.per_page },
  };
}

/** One of the teacher's students; 404 for anyone else's, or one of another project. */
export async function getClient(db: Tx, owner: ClientOwner, clientId: number): Promise<Client> {
  const [row] = await db.select().from(clients).where(ownClient(owner, clientId));
  if (!row) throw notFound();
  return toClientView(row);
}

/** A new student of the teacher. */
export async function createClient(db: Tx, owner: ClientOwner, input: ClientInput): Promise<Client> {
  const [row] = await db
    .insert(clients)
    .values({
      workspaceId: owner.workspaceId,
      teacherId: owner.teacherId,
      clientName: input.client_name,
      childName: input.child_name,
      birthdate: input.birthdate ?? null,
      commentForTeacher: input.comment_for_teacher ?? '',
      customThemes: input.custom_themes ?? [],
      parentRequest: input.parent_request ?? '',
    })
    .returning();
  return toClientView(row as ClientRow);
}

/** Changes the fields named in `update` of one of the teacher's students; 404 as `getClient`. */
export async function updateClient(
  db: Tx,
  owner: ClientOwner,
  clientId: number,
  update: ClientUpdate,
): Promise<Client> {
  const [row] = await db
    .update(clients)
    .set({
      clientName: update.client_name,
      childName: update.child_name,
      birthdate: update.birthdate,
      commentForTeacher: update.comment_for_teacher,
      customThemes: update.custom_themes,
      parentRequest: update.parent_request,
      updatedAt: sql`now()`,
    })
    .where(ownClient(owner, clientId))
    .returning();
  if (!row) throw notFound();
  return toClientView(row);
}
