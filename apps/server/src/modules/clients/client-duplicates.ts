import type { ClientDuplicate, ClientDuplicatesQuery } from '@logoschool/contract';
import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clients } from '../../db/schema/index.ts';
import { ownClientRow, ownedBy, type ClientOwner } from './clients.service.ts';

/** The most possible duplicates one answer names: a warning, not a list to page through. */
const DUPLICATES_MAX = 10;

/** A name as two spellings of one child compare: trimmed, its runs of spaces one, in lower case. */
const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const normalNameOf = (column: SQL | typeof clients.childName) =>
  sql`lower(regexp_replace(btrim(${column}), '[[:space:]]+', ' ', 'g'))`;

/**
 * The teacher's students in the project that look like the one about to be saved: the same child's
 * name (case and spaces aside) and birthdate, or the same parent's e-mail (case aside). Only the
 * caller's own students, the ones the list shows her: another teacher's or another project's are
 * never named. `except_id` (the student being edited) must be hers: 404 otherwise, as `getClient`.
 */
export async function findDuplicates(
  db: Tx,
  owner: ClientOwner,
  query: ClientDuplicatesQuery,
): Promise<ClientDuplicate[]> {
  if (query.except_id !== undefined) await ownClientRow(db, owner, query.except_id);
  const child =
    query.child_name && query.birthdate
      ? and(
          sql`${normalNameOf(clients.childName)} = ${normalName(query.child_name)}`,
          eq(clients.birthdate, query.birthdate),
        )
      : undefined;
  const email = query.parent_email
    ? and(
        ne(clients.parentEmail, ''),
        sql`lower(${clients.parentEmail}) = ${query.parent_email.toLowerCase()}`,
      )
    : undefined;
  const rows = await db
    .select({
      id: clients.id,
      childName: clients.childName,
      clientName: clients.clientName,
      birthdate: clients.birthdate,
      parentEmail: clients.parentEmail,
      sameChild: child ? sql<boolean>`${child}` : sql<boolean>`false`,
      sameEmail: email ? sql<boolean>`${email}` : sql<boolean>`false`,
    })
    .from(clients)
    .where(
      and(
        ownedBy(owner),
        or(child, email),
        query.except_id === undefined ? undefined : ne(clients.id, query.except_id),
      ),
    )
    .orderBy(sql`lower(${clients.childName})`, asc(clients.id))
    .limit(DUPLICATES_MAX);
  return rows.map((row) => ({
    id: row.id,
    child_name: row.childName,
    client_name: row.clientName,
    birthdate: row.birthdate,
    parent_email: row.parentEmail,
    matched: [
      ...(row.sameChild ? (['child'] as const) : []),
      ...(row.sameEmail ? (['parent_email'] as const) : []),
    ],
  }));
}
