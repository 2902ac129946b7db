/**
 * Problem reports' tables (issue 33 item 1): a report with the context it was made in (its screen,
 * the object and slide it is about, the role and browser of its reporter), its status (contract
 * `tickets/status.ts`), who works it and what it was merged into; its files (images and PDFs,
 * checked by their bytes; an upload waits with no report until the report that names it is made);
 * and its history, comments included, one row per thing that happened.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamps } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

const STATUSES = sql`('new', 'in_process', 'done', 'declined', 'archived', 'deleted')`;

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    workspaceId: workspaceRef(),
    reporterId: belongsTo('reporter_id', () => users.id, 'restrict'),
    /** The dialog's key for this report: the same key again is the same report. */
    key: uuid('key').notNull(),
    status: text('status').notNull().default('new'),
    description: text('description').notNull(),
    screen: text('screen').notNull(),
    role: text('role').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** The exercise or story it is about (no reference: the report outlives them). */
    objectKind: text('object_kind'),
    objectId: integer('object_id'),
    slide: integer('slide'),
    place: text('place').notNull().default(''),
    /** The reporter's language when reporting: the language of the mails they get about it. */
    lang: text('lang').notNull(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    declineReason: text('decline_reason').notNull().default(''),
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => tickets.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('tickets_reporter_key').on(table.workspaceId, table.reporterId, table.key),
    index('tickets_workspace_status_idx').on(table.workspaceId, table.status, table.updatedAt),
    index('tickets_object_idx').on(table.workspaceId, table.objectKind, table.objectId),
    index('tickets_merged_into_idx').on(table.mergedIntoId),
    check('tickets_status_check', sql`${table.status} in ${STATUSES}`),
    check('tickets_object_check', sql`(${table.objectKind} is null) = (${table.objectId} is null)`),
  ],
);
export type TicketRow = typeof tickets.$inferSelect;

/** A file of a report: uploaded first (no report yet), then named by the report made with it. */
export const ticketFiles = pgTable(
  'ticket_files',
  {
    id: id(),
    workspaceId: workspaceRef(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    uploadedBy: belongsTo('uploaded_by', () => users.id, 'restrict'),
    kind: text('kind').notNull(),
    storedName: text('stored_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ticket_files_ticket_idx').on(table.ticketId),
    index('ticket_files_uploader_idx').on(table.workspaceId, table.uploadedBy),
    uniqueIndex('ticket_files_stored_name_key').on(table.storedName),
    check('ticket_files_kind_check', sql`${table.kind} in ('image', 'document')`),
  ],
);
export type TicketFileRow = typeof ticketFiles.$inferSelect;

/** One entry of a report's history: made, moved from one status to another, commented, merged. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: id(),
    workspaceId: workspaceRef(),
    ticketId: belongsTo('ticket_id', () => tickets.id, 'cascade'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    text: text('text').notNull().default(''),
    otherTicketId: integer('other_ticket_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ticket_events_ticket_idx').on(table.ticketId, table.id),
    check(
      'ticket_events_kind_check',
      sql`${table.kind} in ('created', 'status', 'comment', 'merged_into', 'merged_from')`,
    ),
  ],
);
export type TicketEventRow = typeof ticketEvents.$inferSelect;
