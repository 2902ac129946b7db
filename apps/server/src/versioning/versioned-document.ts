/**
 * The versioned-document kit (decision 030): what protocol templates, diagnostic cards, and the
 * course templates and stories to come share. A document has a working copy (kept by its area as
 * it likes: rows per block, one JSON column) and numbered published versions, each a whole copy of
 * the content that never changes (decision 024). An area declares its versions table, how its
 * content reads as items with stable keys (`snapshot`), and what uses a document (`usage`); the
 * kit reads and writes the versions, takes status steps, guards "in use" and compares versions.
 * It knows no area.
 */
import {
  documentTransition,
  versionDifference,
  type DocumentActor,
  type DocumentStatus,
  type DocumentStep,
  type DocumentVersion,
  type ErrorCode,
  type VersionSnapshot,
  type VersionsDiff,
  type VersionsDiffQuery,
} from '@logoschool/contract';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors/app-error.ts';

/** An area's table of published versions: one row per document and number. */
export interface VersionsTable {
  table: PgTable;
  documentId: AnyPgColumn<{ data: number; notNull: true }>;
  version: AnyPgColumn<{ data: number; notNull: true }>;
  content: AnyPgColumn;
  publishedBy: AnyPgColumn<{ data: number }>;
  publishedAt: AnyPgColumn<{ data: Date; notNull: true }>;
  /** The row to insert for a new version, in the table's own field names. */
  row: (values: { documentId: number; version: number; content: unknown; publishedBy: number }) => object;
}

/** An area's table of documents, one row each with its working copy (or the head of it). */
export interface DocumentsTable {
  table: PgTable;
  id: AnyPgColumn<{ data: number; notNull: true }>;
}

/** What an area declares of its document. */
export interface VersionedDocument<Content> {
  documents: DocumentsTable;
  versions: VersionsTable;
  /** The content as items with stable keys, for the difference between versions. */
  snapshot: (content: Content) => VersionSnapshot;
  /** How many things (plans, diagnoses) are made from the document's versions, and the refusal to delete it then. */
  usage: { count: (db: Tx, id: number) => Promise<number>; refusal: (count: number) => AppError };
  /** The 409 for a step the status machine lists, but not from the document's status. */
  wrongStatus: ErrorCode;
}

/** The kit for one area's documents; `Row` is a row of its documents table. */
export function versionedDocument<Content, Row>(document: VersionedDocument<Content>) {
  const { documents, versions } = document;

  /**
   * The document's row when `readable` (the area's rule of who reads which) lets the caller read
   * it, locked for the transaction's writes when asked; 404 otherwise, as anything out of reach.
   */
  async function row(db: Tx, readable: SQL | undefined, id: number, lock = false): Promise<Row> {
    const query = db
      .select()
      .from(documents.table)
      .where(and(readable, eq(documents.id, id)));
    const [found] = lock ? await query.for('update') : await query;
    if (!found) throw notFound();
    return found as Row;
  }

  /** Writes fields of the document's row (`Row`'s own names) and gives it back as saved. */
  async function save(tx: Tx, id: number, values: Partial<Row>): Promise<Row> {
    const [saved] = await tx
      .update(documents.table)
      .set(values as never)
      .where(eq(documents.id, id))
      .returning();
    if (!saved) throw notFound();
    return saved as Row;
  }

  /** Who wrote a document, as the API names people (an empty name once the account is gone). */
  async function writerOf(db: Tx, writerId: number): Promise<{ id: number; name: string }> {
    const [writer] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, writerId));
    return writer ?? { id: writerId, name: '' };
  }
  const one = (id: number, version: number) =>
    and(eq(versions.documentId, id), eq(versions.version, version));

  /** A published version's content; null when there is none of that number. */
  async function content(db: Tx, id: number, version: number): Promise<Content | null> {
    const [row] = await db.select({ content: versions.content }).from(versions.table).where(one(id, version));
    return (row?.content as Content | undefined) ?? null;
  }

  /** Several published versions' contents at once, by `${id}:${version}`. */
  async function contents(
    db: Tx,
    wanted: readonly (readonly [id: number, version: number])[],
  ): Promise<Map<string, Content>> {
    const found = new Map<string, Content>();
    if (wanted.length === 0) return found;
    const rows = await db
      .select({ id: versions.documentId, version: versions.version, content: versions.content })
      .from(versions.table)
      .where(or(...wanted.map(([id, version]) => one(id, version))));
    for (const row of rows) found.set(`${String(row.id)}:${String(row.version)}`, row.content as Content);
    return found;
  }

  /** The published versions of a document, the first first. */
  async function list(db: Tx, id: number): Promise<DocumentVersion[]> {
    const rows = await db
      .select({
        version: versions.version,
        publishedAt: versions.publishedAt,
        byId: users.id,
        byName: users.name,
      })
      .from(versions.table)
      .leftJoin(users, eq(users.id, versions.publishedBy))
      .where(eq(versions.documentId, id))
      .orderBy(asc(versions.version));
    return rows.map((row) => ({
      version: row.version,
      published_at: row.publishedAt.toISOString(),
      published_by: row.byId === null ? null : { id: row.byId, name: row.byName ?? '' },
    }));
  }

  /** Writes the working copy as version `version` (the caller holds the document's row lock). */
  async function publish(tx: Tx, id: number, version: number, written: Content, by: number): Promise<void> {
    await tx
      .insert(versions.table)
      .values(versions.row({ documentId: id, version, content: written, publishedBy: by }) as never);
  }

  /**
   * The status a step leads to: 403 when none of the actors may take it, the area's 409 when they
   * may but not from this status.
   */
  function step(
    status: DocumentStatus,
    action: DocumentStep,
    actors: readonly DocumentActor[],
  ): DocumentStatus {
    const result = documentTransition(status, action, actors);
    if ('refused' in result) {
      throw new AppError(result.refused === 'not_allowed' ? 'forbidden' : document.wrongStatus);
    }
    return result.to;
  }

  /** Deletes a document, refused while something is made from it (each area's own 409 and message). */
  async function remove(tx: Tx, id: number): Promise<void> {
    const used = await document.usage.count(tx, id);
    if (used > 0) throw document.usage.refusal(used);
    await tx.delete(documents.table).where(eq(documents.id, id));
  }

  /**
   * `GET …/versions/diff?from=&to=`: what changed from one published version to another, or to
   * `current` (what the caller reads now: the working copy, or the latest version) without `to`.
   * 404 for a version the document does not have.
   */
  async function diff(
    db: Tx,
    id: number,
    query: VersionsDiffQuery,
    current: () => Promise<{ content: Content | null; working: boolean; version: number }>,
  ): Promise<VersionsDiff> {
    const older = await content(db, id, query.from);
    const now = query.to === undefined ? await current() : null;
    const newer = now ? now.content : await content(db, id, query.to ?? 0);
    if (!older || !newer) throw notFound();
    const to = query.to ?? (now?.working === true ? null : (now?.version ?? null));
    return { from: query.from, to, ...versionDifference(document.snapshot(older), document.snapshot(newer)) };
  }

  /** How many things are made from the document's versions (the "in use" notice). */
  const usage = (db: Tx, id: number) => document.usage.count(db, id);

  return { row, save, writerOf, content, contents, list, publish, step, usage, remove, diff };
}
