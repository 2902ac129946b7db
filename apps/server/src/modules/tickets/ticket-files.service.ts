/**
 * The files of problem reports: images (a screenshot) and PDFs, judged by their bytes alone
 * (`files/area-files.ts` with the reports' own rules: anything else 415, over the size cap 413).
 * A file is uploaded before its report exists; the report that names it takes it. Until then only
 * its uploader reads it; after, its reporter (its uploader) and the project's moderators.
 */
import { ROLE, TICKET_ATTACHMENT_MAX_BYTES, type TicketFile } from '@logoschool/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rowCount } from '../../db/pages.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { storeUpload, type AreaFiles } from '../../files/area-files.ts';
import { detectAttachmentType } from '../../files/file-type.ts';
import type { FileStore } from '../../files/files.ts';
import { toTicketFile } from './ticket-view.ts';
import { ticketFiles, type TicketFileRow } from './tickets.schema.ts';

/** The folder of reports' files in the file store. */
export const TICKET_FILES = 'tickets';

/**
 * How many uploads one person may keep waiting for a report in a project: enough for a few
 * dialogs' worth, not a free file store.
 */
export const TICKET_WAITING_UPLOADS_MAX = 20;

/** The caller's uploads as the shared store writes them, with the reports' rules. */
const ticketFilesOf = (db: Db, caller: Actor): AreaFiles<TicketFile, 'image' | 'document'> => ({
  folder: TICKET_FILES,
  rules: {
    detect: detectAttachmentType,
    maxBytes: { image: TICKET_ATTACHMENT_MAX_BYTES, document: TICKET_ATTACHMENT_MAX_BYTES },
  },
  insert: async (file) => {
    const [row] = await db
      .insert(ticketFiles)
      .values({ workspaceId: caller.workspaceId, uploadedBy: caller.userId, ...file })
      .returning();
    if (!row) throw new Error('the report file was not written');
    return toTicketFile(row, 'reporter', ROLE[caller.role]);
  },
});

/**
 * `POST /report-tickets/files`: one image or PDF for a report about to be made; 422 when `file` is
 * no single file, or when the caller already has as many uploads waiting as one may.
 */
export async function uploadTicketFile(
  db: Db,
  files: FileStore,
  caller: Actor,
  body: { file?: unknown },
): Promise<TicketFile> {
  const [waiting] = await db
    .select(rowCount())
    .from(ticketFiles)
    .where(
      and(
        eq(ticketFiles.workspaceId, caller.workspaceId),
        eq(ticketFiles.uploadedBy, caller.userId),
        isNull(ticketFiles.ticketId),
      ),
    );
  if ((waiting?.count ?? 0) >= TICKET_WAITING_UPLOADS_MAX) {
    throw new AppError(
      'validation_failed',
      {},
      { file: [fieldMessage(caller.lang, 'tooManyItems', { count: TICKET_WAITING_UPLOADS_MAX })] },
    );
  }
  return storeUpload(files, ticketFilesOf(db, caller), body, caller.lang);
}

/** `GET /report-tickets/files/:fileId`: a file the caller uploaded in the project; 404 for any other. */
export async function ownTicketFile(db: Tx, caller: Actor, fileId: number): Promise<TicketFileRow> {
  const [row] = await db
    .select()
    .from(ticketFiles)
    .where(
      and(
        eq(ticketFiles.workspaceId, caller.workspaceId),
        eq(ticketFiles.id, fileId),
        eq(ticketFiles.uploadedBy, caller.userId),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** `GET /report-tickets/:ticketId/files/:fileId`: a file of a report of the project; 404 otherwise. */
export async function attachedTicketFile(
  db: Tx,
  caller: Actor,
  ticketId: number,
  fileId: number,
): Promise<TicketFileRow> {
  const [row] = await db
    .select()
    .from(ticketFiles)
    .where(
      and(
        eq(ticketFiles.workspaceId, caller.workspaceId),
        eq(ticketFiles.id, fileId),
        eq(ticketFiles.ticketId, ticketId),
      ),
    );
  if (!row) throw notFound();
  return row;
}
