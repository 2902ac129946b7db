import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { publishedVersion } from './published-versions.ts';
import { belongsTo, id, timestamps } from './shared-columns.ts';
import type { TemplateContent } from '@logoschool/contract';
import { categories } from './categories.ts';
import { clients } from './clients.ts';
import { users } from './users.ts';
import { workspaceRef } from './workspaces.ts';

/**
 * A protocol template (spec §3 Protocol template; issue 14): its working copy (title, description
 * for the educator and the blocks below), its status (contract `TEMPLATE_STATUSES`) and the number
 * of its latest published version (0 before the first), which `protocol_template_versions` keeps.
 */
export const protocolTemplates = pgTable(
  'protocol_templates',
  {
    id: id(),
    workspaceId: workspaceRef(),
    /** Who wrote it: a teacher's own template, or a moderator's. */
    writerId: belongsTo('writer_id', () => users.id, 'restrict'),
    status: text('status').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** What the moderator said when returning it to its writer. */
    comment: text('comment').notNull().default(''),
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('protocol_templates_workspace_idx').on(table.workspaceId, table.id),
    check('protocol_templates_status_check', sql`${table.status} in ('draft', 'moderation', 'published')`),
  ],
);

/**
 * A block of a template's working copy, in `position` order. `key` names the block across versions.
 * Its category and its folders' categories are references: a category a template uses cannot go.
 */
export const protocolTemplateBlocks = pgTable(
  'protocol_template_blocks',
  {
    id: id(),
    templateId: belongsTo('template_id', () => protocolTemplates.id, 'cascade'),
    position: smallint('position').notNull(),
    key: uuid('key').notNull(),
    target: text('target').notNull(),
    // 'no action': checked at the end of the statement, so a whole project can go at once; the API
    // refuses to delete a category a template uses.
    categoryId: belongsTo('category_id', () => categories.id, 'no action'),
    descriptionParents: text('description_parents').notNull(),
    descriptionEducator: text('description_educator').notNull(),
    minPresentations: smallint('min_presentations').notNull(),
    maxPresentations: smallint('max_presentations').notNull(),
  },
  (table) => [
    uniqueIndex('protocol_template_blocks_position_unique').on(table.templateId, table.position),
    uniqueIndex('protocol_template_blocks_key_unique').on(table.templateId, table.key),
    index('protocol_template_blocks_category_idx').on(table.categoryId),
    check(
      'protocol_template_blocks_bounds_check',
      sql`${table.minPresentations} >= 1 and ${table.minPresentations} <= ${table.maxPresentations}`,
    ),
  ],
);

/** A folder a block offers (a category folder under the block's category), in `position` order. */
export const protocolTemplateFolders = pgTable(
  'protocol_template_folders',
  {
    id: id(),
    blockId: belongsTo('block_id', () => protocolTemplateBlocks.id, 'cascade'),
    position: smallint('position').notNull(),
    categoryId: belongsTo('category_id', () => categories.id, 'no action'),
    descriptionParents: text('description_parents').notNull(),
    indicationsEducator: text('indications_educator').notNull(),
  },
  (table) => [
    uniqueIndex('protocol_template_folders_position_unique').on(table.blockId, table.position),
    uniqueIndex('protocol_template_folders_category_unique').on(table.blockId, table.categoryId),
    index('protocol_template_folders_category_idx').on(table.categoryId),
  ],
);

/**
 * A published version of a template, as it was published: plans are made from one and remember
 * which (issue 14: "template updated" with a per-block difference). Never changed after.
 */
export const protocolTemplateVersions = pgTable(
  'protocol_template_versions',
  {
    id: id(),
    templateId: belongsTo('template_id', () => protocolTemplates.id, 'cascade'),
    ...publishedVersion<TemplateContent>(),
  },
  (table) => [uniqueIndex('protocol_template_versions_unique').on(table.templateId, table.version)],
);

export type ProtocolTemplateRow = typeof protocolTemplates.$inferSelect;
export type ProtocolTemplateBlockRow = typeof protocolTemplateBlocks.$inferSelect;
export type ProtocolTemplateFolderRow = typeof protocolTemplateFolders.$inferSelect;

/**
 * A plan (protocol, spec §3 Protocol/plan) of a teacher's student, made from one published version
 * of a template, for ten lessons (spec §9) until its deadline. Its status is computed, not kept
 * (contract `planStatus`). Its link for the parents is a public link (`public_links`, kind
 * `plan`); sending the plan records `sent_at`.
 */
export const protocols = pgTable(
  'protocols',
  {
    id: id(),
    workspaceId: workspaceRef(),
    teacherId: belongsTo('teacher_id', () => users.id, 'restrict'),
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    templateId: belongsTo('template_id', () => protocolTemplates.id, 'restrict'),
    templateVersion: integer('template_version').notNull(),
    /** The template version the teacher chose not to take (0: none): no "template updated" banner for it. */
    keptVersion: integer('kept_version').notNull().default(0),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    lessons: smallint('lessons').notNull().default(10),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('protocols_workspace_teacher_idx').on(table.workspaceId, table.teacherId, table.deadline),
    index('protocols_client_idx').on(table.clientId),
    index('protocols_template_idx').on(table.templateId),
  ],
);

/** A block of a plan: the template block it fills (by key), the folder picked and its bounds. */
export const protocolBlocks = pgTable(
  'protocol_blocks',
  {
    id: id(),
    protocolId: belongsTo('protocol_id', () => protocols.id, 'cascade'),
    key: uuid('key').notNull(),
    /** Null while the block waits for its folder (the plan is "to fill"). */
    folderId: integer('folder_id').references(() => categories.id, { onDelete: 'no action' }),
    minPresentations: smallint('min_presentations').notNull(),
    maxPresentations: smallint('max_presentations').notNull(),
  },
  (table) => [
    uniqueIndex('protocol_blocks_key_unique').on(table.protocolId, table.key),
    index('protocol_blocks_folder_idx').on(table.folderId),
  ],
);

export type ProtocolRow = typeof protocols.$inferSelect;
