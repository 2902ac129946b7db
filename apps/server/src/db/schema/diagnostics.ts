import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { publishedVersion } from './published-versions.ts';
import { belongsTo, id, timestamps } from './shared-columns.ts';
import type { Answers, BlockMarks, DiagnosticCardContent } from '@logoschool/contract';
import { clients } from './clients.ts';
import { exercises } from './exercises.ts';
import { users } from './users.ts';
import { workspaceRef } from './workspaces.ts';

/**
 * A diagnostic card (spec §3; issue 16): its working copy (`content`, contract
 * `DiagnosticCardContent`, with its title and language also in columns for lists), its status
 * (contract `DIAGNOSTIC_CARD_STATUSES`) and the number of its latest published version (0 before
 * the first), which `diagnostic_card_versions` keeps.
 */
export const diagnosticCards = pgTable(
  'diagnostic_cards',
  {
    id: id(),
    workspaceId: workspaceRef(),
    writerId: belongsTo('writer_id', () => users.id, 'restrict'),
    status: text('status').notNull().default('draft'),
    title: text('title').notNull(),
    language: text('language').notNull(),
    content: jsonb('content').$type<DiagnosticCardContent>().notNull(),
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('diagnostic_cards_workspace_idx').on(table.workspaceId, table.id),
    check('diagnostic_cards_status_check', sql`${table.status} in ('draft', 'published')`),
    check('diagnostic_cards_language_check', sql`${table.language} in ('uk', 'ru', 'en', 'pl')`),
  ],
);

/** A published version of a card, as it was published: diagnoses are made from one. Never changed after. */
export const diagnosticCardVersions = pgTable(
  'diagnostic_card_versions',
  {
    id: id(),
    cardId: belongsTo('card_id', () => diagnosticCards.id, 'cascade'),
    ...publishedVersion<DiagnosticCardContent>(),
  },
  (table) => [uniqueIndex('diagnostic_card_versions_unique').on(table.cardId, table.version)],
);

/**
 * A diagnosis: one filling of a published card version for one student (contract `diagnosis.ts`).
 * The header (names, birthdate, date) is prefilled from the student and may be corrected. Status:
 * contract `DIAGNOSIS_STATUSES`; `completed_at` is the explicit save (spec §5); the parents' link is a
 * public link (`public_links`, kind `diagnosis`).
 */
export const diagnoses = pgTable(
  'diagnoses',
  {
    id: id(),
    workspaceId: workspaceRef(),
    // 'no action': checked at the end of the statement, so a whole project can go at once; the API
    // refuses to delete a card that has diagnoses.
    cardId: belongsTo('card_id', () => diagnosticCards.id, 'no action'),
    cardVersion: integer('card_version').notNull(),
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    /** Who started it: the student's teacher or an assigned diagnostician. */
    filledBy: belongsTo('filled_by', () => users.id, 'restrict'),
    clientName: text('client_name').notNull(),
    childName: text('child_name').notNull(),
    birthdate: date('birthdate', { mode: 'string' }),
    diagnosedOn: date('diagnosed_on', { mode: 'string' }).notNull(),
    answers: jsonb('answers').$type<Answers>().notNull().default({}),
    blockMarks: jsonb('block_marks').$type<BlockMarks>().notNull().default({}),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('draft'),
    /** Why the last sending failed (spec §8 send failure). */
    sendError: text('send_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('diagnoses_client_card_idx').on(table.clientId, table.cardId, table.diagnosedOn),
    index('diagnoses_workspace_idx').on(table.workspaceId, table.id),
    index('diagnoses_card_idx').on(table.cardId),
    check('diagnoses_status_check', sql`${table.status} in ('draft', 'sent', 'not_sent')`),
  ],
);

/**
 * A student assigned to a diagnostician (issue 16 item 5): by the student's teacher or an admin.
 * The diagnostician holds the diagnostician role in the student's project.
 */
export const clientDiagnosticians = pgTable(
  'client_diagnosticians',
  {
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    workspaceId: workspaceRef(),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.userId] }),
    index('client_diagnosticians_user_idx').on(table.workspaceId, table.userId),
  ],
);

/**
 * A recommended program or an exercise complex (spec §3: name, content; issue 16 item 7): the
 * project's moderators keep them; a computed block's band points at a program.
 */
export const recommendedPrograms = pgTable(
  'recommended_programs',
  {
    id: id(),
    workspaceId: workspaceRef(),
    /** 'program' or 'complex' (contract `PROGRAM_KINDS`). */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('recommended_programs_workspace_idx').on(table.workspaceId, table.kind, table.id),
    check('recommended_programs_kind_check', sql`${table.kind} in ('program', 'complex')`),
  ],
);

/** A program's content: accepted exercises in `position` order, each with a note. */
export const recommendedProgramItems = pgTable(
  'recommended_program_items',
  {
    id: id(),
    programId: belongsTo('program_id', () => recommendedPrograms.id, 'cascade'),
    position: smallint('position').notNull(),
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    note: text('note').notNull().default(''),
  },
  (table) => [
    uniqueIndex('recommended_program_items_position_unique').on(table.programId, table.position),
    index('recommended_program_items_exercise_idx').on(table.exerciseId),
  ],
);

export type DiagnosticCardRow = typeof diagnosticCards.$inferSelect;
export type DiagnosisRow = typeof diagnoses.$inferSelect;
export type RecommendedProgramRow = typeof recommendedPrograms.$inferSelect;
