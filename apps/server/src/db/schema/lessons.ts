import { sql } from 'drizzle-orm';
import {
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
import { exercises } from './exercises.ts';
import { protocols } from './protocols.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * A lesson of a plan (spec §3 Lesson; issue 15): its place in the plan (`number`, 1 to the plan's
 * lessons; the previous lesson is the one numbered before it), its date and length, and whether it
 * is finished. `locked_until` is set while its decks are being regenerated (spec §4, §8: the lesson
 * is blocked until then); `player_token` is the random key of the player's link, once made.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    protocolId: integer('protocol_id')
      .notNull()
      .references(() => protocols.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    durationMinutes: smallint('duration_minutes').notNull().default(45),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    playerToken: text('player_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lessons_protocol_number_unique').on(table.protocolId, table.number),
    // The teacher's list: by date, within one project.
    index('lessons_workspace_teacher_starts_idx').on(table.workspaceId, table.teacherId, table.startsAt),
    uniqueIndex('lessons_player_token_unique').on(table.playerToken),
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
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    blockKey: uuid('block_key').notNull(),
    position: smallint('position').notNull(),
    // 'no action': checked at the end of the statement, so a whole project (its exercises and its
    // lessons) can go at once; deleting one exercise a lesson uses is refused.
    exerciseId: integer('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'no action' }),
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
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'no action' }),
    trial: smallint('trial').notNull(),
    result: text('result').notNull(),
    /** How the child was helped, for a cued trial: verbal, visual, gestural, tactile, phonemic. */
    cue: text('cue'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lesson_marks_trial_unique').on(table.lessonId, table.exerciseId, table.trial),
    index('lesson_marks_exercise_idx').on(table.exerciseId),
    check('lesson_marks_result_check', sql`${table.result} in ('correct', 'incorrect', 'cued')`),
    check('lesson_marks_trial_check', sql`${table.trial} >= 1`),
  ],
);
