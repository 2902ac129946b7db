/**
 * The generation's tables (issue 30 item 3). A run is one request of the generation (a theme, the
 * whole project, named versions…) done by a job; its items are the exercise × theme pairs it makes,
 * each settled in its own transaction, so a run that stops midway (the server restarted) goes on
 * from its first pending item when its job is sent again (`resumeRuns`). A version's check is what
 * the text boxes of its slides came to once the names were filled in.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { exerciseGenerated, exercises } from '../../db/schema/exercises.ts';
import { belongsTo, createdAt, id } from '../../db/schema/shared-columns.ts';
import { themes } from '../../db/schema/themes.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

export const generationRuns = pgTable(
  'generation_runs',
  {
    id: id(),
    workspaceId: workspaceRef(),
    kind: text('kind').notNull(),
    /** The theme asked for; null for the whole project or for named versions. */
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    kept: integer('kept').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** When a worker last showed it was at work on the run; a run silent too long is sent again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('generation_runs_workspace_idx').on(table.workspaceId, table.id),
    index('generation_runs_open_idx')
      .on(table.heartbeatAt)
      .where(sql`${table.status} in ('queued', 'running')`),
    check('generation_runs_status_check', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    check(
      'generation_runs_kind_check',
      sql`${table.kind} in ('generate', 'refresh', 'only_new', 'by_theme', 'by_workspace', 'refresh_for_reports')`,
    ),
  ],
);

export type GenerationRunRow = typeof generationRuns.$inferSelect;

export const generationRunItems = pgTable(
  'generation_run_items',
  {
    id: id(),
    runId: belongsTo('run_id', () => generationRuns.id, 'cascade'),
    workspaceId: workspaceRef(),
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    themeId: belongsTo('theme_id', () => themes.id, 'cascade'),
    /** Null while pending; then `made`, `kept` (read-only) or `failed`. */
    outcome: text('outcome'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('generation_run_items_pending_idx')
      .on(table.runId, table.id)
      .where(sql`${table.outcome} is null`),
    index('generation_run_items_pair_idx').on(table.workspaceId, table.themeId, table.exerciseId, table.id),
    check('generation_run_items_outcome_check', sql`${table.outcome} in ('made', 'kept', 'failed')`),
  ],
);

/** A version's text boxes once the names were filled in: the first box that overflows, if any. */
export const generatedChecks = pgTable(
  'generated_checks',
  {
    generatedId: integer('generated_id')
      .primaryKey()
      .references(() => exerciseGenerated.id, { onDelete: 'cascade' }),
    workspaceId: workspaceRef(),
    overflowSlide: integer('overflow_slide'),
    overflowText: text('overflow_text'),
    linesNeeded: integer('lines_needed'),
    linesFit: integer('lines_fit'),
    checkedAt: createdAt(),
  },
  (table) => [
    index('generated_checks_overflow_idx')
      .on(table.workspaceId)
      .where(sql`${table.overflowSlide} is not null`),
  ],
);
