/**
 * The CSV import of students (issue 14 item 4): a school without a CRM takes the same way in. The
 * web reads the file and sends its rows as cells; each row is read again here by the contract's
 * `parseImportRow` and saved by itself, in its own transaction, so that one wrong row does not
 * keep the others out: the answer says per row what happened (created, updated, refused and why).
 * A row with a remote id creates or updates the teacher's student with it; one without creates a
 * student, unless the teacher already has one with the same child, parent and birthdate, so that
 * importing the same file twice does not make every student twice.
 */
import {
  parseImportRow,
  type ClientImportInput,
  type ClientImportResult,
  type ClientImportRow,
  type ImportOutcome,
} from '@logoschool/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clients } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { text } from '../../i18n/index.ts';
import { createClient, updateClient, type ClientOwner } from '../clients/index.ts';
import { lockRemoteIds } from './crm-clients.service.ts';

type RowResult = ClientImportResult['rows'][number];

/** A refused row, its messages by column ('' for the row as a whole). */
class RowRefused extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('row refused');
  }
}

/** Whether the teacher already has this child (same child and parent names, ignoring case, and birthdate). */
async function alreadyThere(tx: Tx, owner: ClientOwner, row: ClientImportRow): Promise<boolean> {
  const [same] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.workspaceId, owner.workspaceId),
        eq(clients.teacherId, owner.teacherId),
        sql`lower(${clients.childName}) = lower(${row.child_name})`,
        sql`lower(${clients.clientName}) = lower(${row.client_name})`,
        row.birthdate ? eq(clients.birthdate, row.birthdate) : isNull(clients.birthdate),
      ),
    )
    .limit(1);
  return same !== undefined;
}

/** Saves one valid row: its outcome and the student's id. */
async function saveRow(
  db: Db,
  owner: ClientOwner,
  row: ClientImportRow,
): Promise<{ outcome: ImportOutcome; id: number }> {
  return db.transaction(async (tx) => {
    const remoteId = row.remote_id ?? null;
    if (remoteId === null) {
      if (await alreadyThere(tx, owner, row)) {
        throw new RowRefused({ '': [text(owner.lang, 'crm.importDuplicate')] });
      }
      return { outcome: 'created', id: (await createClient(tx, owner, row)).id };
    }
    await lockRemoteIds(tx, owner.workspaceId);
    const [existing] = await tx
      .select({ id: clients.id, teacherId: clients.teacherId })
      .from(clients)
      .where(and(eq(clients.workspaceId, owner.workspaceId), eq(clients.remoteId, remoteId)));
    if (!existing) return { outcome: 'created', id: (await createClient(tx, owner, row)).id };
    if (existing.teacherId !== owner.teacherId) {
      throw new RowRefused({ remote_id: [text(owner.lang, 'crm.remoteIdOtherTeacher')] });
    }
    await updateClient(tx, owner, existing.id, row);
    return { outcome: 'updated', id: existing.id };
  });
}

/** `POST /clients/import`: every row read and saved by itself, in order; the outcome of each. */
export async function importClients(
  db: Db,
  owner: ClientOwner,
  input: ClientImportInput,
): Promise<ClientImportResult> {
  const rows: RowResult[] = [];
  for (const [index, cells] of input.rows.entries()) {
    const parsed = parseImportRow(cells);
    if (!parsed.ok) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.issues) {
        const said = fieldMessage(owner.lang, issue.key, issue.params);
        const messages = (errors[issue.field] ??= []);
        if (!messages.includes(said)) messages.push(said);
      }
      rows.push({ index, outcome: 'refused', client_id: null, errors });
      continue;
    }
    try {
      const saved = await saveRow(db, owner, parsed.row);
      rows.push({ index, outcome: saved.outcome, client_id: saved.id, errors: {} });
    } catch (error) {
      // The clients area's own refusals (a theme, a remote id taken) are the row's, like ours.
      const refusal =
        error instanceof RowRefused
          ? error.errors
          : error instanceof AppError && error.code === 'validation_failed'
            ? (error.fieldErrors ?? {})
            : null;
      if (!refusal) throw error;
      rows.push({ index, outcome: 'refused', client_id: null, errors: refusal });
    }
  }
  const count = (outcome: ImportOutcome) => rows.filter((row) => row.outcome === outcome).length;
  return { rows, created: count('created'), updated: count('updated'), refused: count('refused') };
}
