/**
 * Home practice's tables (issue 29 item 2; decision 038). An assignment is one of a teacher's
 * lessons given to its student's family to practise (all its presentations, or the exercises
 * chosen); at most one live assignment per lesson, by a partial unique index. Its link is the
 * public-link kit's (kind `practice`). A try is one tap of the parent's player, in its own table:
 * the therapist's marks (`lesson_marks`), the lesson's statistics and its "held" state never read
 * it. Each try carries the key the player made for the tap, unique, so a double tap or a retry is
 * one row.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/clients.ts';
import { exercises } from '../../db/schema/exercises.ts';
import { lessons } from '../../db/schema/lessons.ts';
import { belongsTo, createdAt, id, timestamps } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

export const practiceAssignments = pgTable(
  'practice_assignments',
  {
    id: id(),
    workspaceId: workspaceRef(),
    lessonId: belongsTo('lesson_id', () => lessons.id, 'cascade'),
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    teacherId: belongsTo('teacher_id', () => users.id, 'restrict'),
    /** The exercises chosen of the lesson's presentations; null: all of them, as the lesson has them. */
    exerciseIds: integer('exercise_ids').array(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('practice_assignments_live_lesson_unique')
      .on(table.lessonId)
      .where(sql`${table.withdrawnAt} is null`),
    index('practice_assignments_client_idx').on(table.workspaceId, table.clientId),
  ],
);

export type PracticeAssignmentRow = typeof practiceAssignments.$inferSelect;

export const practiceTries = pgTable(
  'practice_tries',
  {
    id: id(),
    workspaceId: workspaceRef(),
    assignmentId: belongsTo('assignment_id', () => practiceAssignments.id, 'cascade'),
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    outcome: text('outcome').notNull(),
    /** The key the player made for the tap: the same key twice is one try. */
    key: uuid('key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('practice_tries_key_unique').on(table.key),
    index('practice_tries_assignment_idx').on(table.assignmentId, table.exerciseId),
    check('practice_tries_outcome_check', sql`${table.outcome} in ('right', 'helped', 'not_yet')`),
  ],
);
