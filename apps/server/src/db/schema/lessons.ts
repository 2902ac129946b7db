import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamps, updatedAt } from './shared-columns.ts';
import { clients } from './clients.ts';
import { exercises } from './exercises.ts';
import { protocols } from './protocols.ts';
import { users } from './users.ts';
import { workspaceRef } from './workspaces.ts';

/**
 * A lesson of a plan (spec §3 Lesson; issue 15): its place in the plan (`number`, 1 to the plan's
 * lessons; the previous lesson is the one numbered before it), its date and length, and whether it
 * is finished. `locked_until` is set while its decks are being regenerated (spec §4, §8: the lesson
 * is blocked until then); the child's screen opens under a public link (`public_links`, kind `lesson`).
 */
export const lessons = pgTable(
  'lessons',
  {
    id: id(),
    workspaceId: workspaceRef(),
    teacherId: belongsTo('teacher_id', () => users.id, 'restrict'),
    protocolId: belongsTo('protocol_id', () => protocols.id, 'cascade'),
    number: smallint('number').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    durationMinutes: smallint('duration_minutes').notNull().default(45),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * The live session the child's screen follows (issue 15 item 5): when the teacher's player
     * started and ended it, and where it stands (the presentation's place in the lesson's order,
     * 0-based, and the slide in it, 0-based).
     */
    sessionStartedAt: timestamp('session_started_at', { withTimezone: true }),
    sessionEndedAt: timestamp('session_ended_at', { withTimezone: true }),
    sessionPosition: smallint('session_position').notNull().default(0),
    sessionSlide: smallint('session_slide').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('lessons_protocol_number_unique').on(table.protocolId, table.number),
    // The teacher's list: by date, within one project.
    index('lessons_workspace_teacher_starts_idx').on(table.workspaceId, table.teacherId, table.startsAt),
    check('lessons_number_check', sql`${table.number} >= 1`),
    check('lessons_duration_check', sql`${table.durationMinutes} between 45 and 60`),
  ],
);

export type LessonRow = typeof lessons.$inferSelect;

/**
 * A presentation of a lesson: an exercise in one block of the plan (by the block's key), at its
 * place in the block. An exercise a lesson uses cannot be deleted (the API refuses it first).
 */
export const lessonPresentations = pgTable(
  'lesson_presentations',
  {
    id: id(),
    lessonId: belongsTo('lesson_id', () => lessons.id, 'cascade'),
    blockKey: uuid('block_key').notNull(),
    position: smallint('position').notNull(),
    // 'no action': checked at the end of the statement, so a whole project (its exercises and its
    // lessons) can go at once; deleting one exercise a lesson uses is refused.
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'no action'),
  },
  (table) => [
    uniqueIndex('lesson_presentations_position_unique').on(table.lessonId, table.blockKey, table.position),
    index('lesson_presentations_exercise_idx').on(table.exerciseId),
  ],
);

/**
 * A trial the teacher marked in the player (issue 15: correct, incorrect or cued, with the cue),
 * the `trial`-th of that exercise in the lesson.
 */
export const lessonMarks = pgTable(
  'lesson_marks',
  {
    id: id(),
    lessonId: belongsTo('lesson_id', () => lessons.id, 'cascade'),
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'no action'),
    trial: smallint('trial').notNull(),
    result: text('result').notNull(),
    /** How the child was helped, for a cued trial: verbal, visual, gestural, tactile, phonemic. */
    cue: text('cue'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('lesson_marks_trial_unique').on(table.lessonId, table.exerciseId, table.trial),
    index('lesson_marks_exercise_idx').on(table.exerciseId),
    check('lesson_marks_result_check', sql`${table.result} in ('correct', 'incorrect', 'cued')`),
    check('lesson_marks_trial_check', sql`${table.trial} >= 1`),
  ],
);

/**
 * A run of the themed-versions job for a lesson (issue 15 item 2, spec §7 generate-before-lesson):
 * the student's interests × the lesson's decks. While one is queued or running the lesson is locked
 * (`lessons.locked_until`). `total`, `done` and `skipped` are its progress.
 */
export const lessonGenerations = pgTable(
  'lesson_generations',
  {
    id: id(),
    workspaceId: workspaceRef(),
    lessonId: belongsTo('lesson_id', () => lessons.id, 'cascade'),
    /** Who asked for it; null when the schedule did (before a lesson). */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('lesson_generations_lesson_idx').on(table.lessonId, table.createdAt),
    check('lesson_generations_status_check', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export type LessonGenerationRow = typeof lessonGenerations.$inferSelect;

/**
 * A lesson's tracking (issue 15 item 7, spec §7 track/lesson-statistic): when the player started and
 * ended it, its length in minutes, the trials marked by result, and whether it was finished. One
 * row per lesson, kept by the player's start and end, by its marks and by finishing; the managers'
 * report reads the rows that are `held` (decision 034: finished, or a trial marked with the child;
 * a player only opened, a preview, is not a lesson held).
 */
export const lessonStatistics = pgTable(
  'lesson_statistics',
  {
    lessonId: integer('lesson_id')
      .primaryKey()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    workspaceId: workspaceRef(),
    teacherId: belongsTo('teacher_id', () => users.id, 'cascade'),
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationMinutes: smallint('duration_minutes').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    incorrect: integer('incorrect').notNull().default(0),
    cued: integer('cued').notNull().default(0),
    finished: boolean('finished').notNull().default(false),
    /** Whether the lesson was held (decision 034): finished, or at least one trial marked. */
    held: boolean('held')
      .notNull()
      .generatedAlwaysAs(sql`finished or correct + incorrect + cued > 0`),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('lesson_statistics_workspace_started_idx').on(table.workspaceId, table.startedAt),
    index('lesson_statistics_workspace_teacher_started_idx').on(
      table.workspaceId,
      table.teacherId,
      table.startedAt,
    ),
    check('lesson_statistics_duration_check', sql`${table.durationMinutes} >= 0`),
  ],
);
