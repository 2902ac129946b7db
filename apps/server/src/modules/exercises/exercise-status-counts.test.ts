import {
  EXERCISE_STATUS,
  ROLE,
  exercisesForAuthorQuery,
  exercisesForTeacherQuery,
  exercisesQuery,
  mayReadExercise,
  type RoleName,
  type StatusCounts,
} from '@logoschool/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProjectActor } from '../../access/actor.ts';
import { exerciseStatusCounts, exercises, workspaces, type ExerciseRow } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { buildMember, buildWorkspace } from '../../test/factories.ts';
import { listExercises, listForAuthor, listForTeacher } from './exercise-queries.ts';
import { recordOf } from './exercise-rules.ts';

const t = useTestApp();

const STATUS_IDS = Object.values(EXERCISE_STATUS);
const status = fc.constantFrom(...STATUS_IDS);

/** One write of the exercises table; `pick` chooses among the rows there are, modulo their number. */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    status,
    author: fc.nat(1),
    assigned: fc.option(fc.nat(1), { nil: null }),
    project: fc.nat(1),
  }),
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('bulk-delete' as const), picks: fc.array(fc.nat(), { maxLength: 4 }) }),
  // Several at once, in one statement, and a status change of rows in different statuses.
  fc.record({ kind: fc.constant('bulk-create' as const), statuses: fc.array(status, { maxLength: 4 }) }),
  fc.record({
    kind: fc.constant('bulk-status' as const),
    picks: fc.array(fc.nat(), { maxLength: 4 }),
    status,
  }),
);

function countsOf(rows: ExerciseRow[]): StatusCounts {
  const counts: StatusCounts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rows) counts[row.statusId as keyof StatusCounts] += 1;
  return counts;
}

describe('exercise_status_counts', () => {
  it('equals count(*) group by status after any writes, and so do the lists’ counters', async () => {
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const projects = [await buildWorkspace(t.db), await buildWorkspace(t.db)];
        const [first] = projects as [(typeof projects)[number]];
        const authors = [
          await buildMember(t.db, first, ['author']),
          await buildMember(t.db, first, ['author']),
        ];
        const ids = () =>
          t.db
            .select({ id: exercises.id })
            .from(exercises)
            .where(
              inArray(
                exercises.workspaceId,
                projects.map((project) => project.id),
              ),
            )
            .orderBy(exercises.id);
        const picked = async (picks: number[]) => {
          const rows = await ids();
          return rows.length === 0 ? [] : [...new Set(picks.map((pick) => rows[pick % rows.length]!.id))];
        };
        const values = (statusId: number, author = 0, assigned: number | null = null, project = 0) => ({
          workspaceId: projects[project]!.id,
          title: `Counted ${(serial += 1)} ${Math.random()}`,
          statusId,
          authorId: authors[author]!.id,
          assignedId: assigned === null ? null : authors[assigned]!.id,
          language: 'en',
        });

        for (const action of steps) {
          if (action.kind === 'create') {
            await t.db
              .insert(exercises)
              .values(values(action.status, action.author, action.assigned, action.project));
          } else if (action.kind === 'bulk-create') {
            if (action.statuses.length > 0) {
              await t.db.insert(exercises).values(action.statuses.map((statusId) => values(statusId)));
            }
          } else if (action.kind === 'status' || action.kind === 'bulk-status') {
            const chosen = await picked(action.kind === 'status' ? [action.pick] : action.picks);
            if (chosen.length > 0) {
              await t.db
                .update(exercises)
                .set({ statusId: action.status })
                .where(inArray(exercises.id, chosen));
            }
          } else {
            const chosen = await picked(action.kind === 'delete' ? [action.pick] : action.picks);
            if (chosen.length > 0) await t.db.delete(exercises).where(inArray(exercises.id, chosen));
          }
        }

        for (const project of projects) {
          const counted = await t.db
            .select({ status: exercises.statusId, count: sql<number>`count(*)::int` })
            .from(exercises)
            .where(eq(exercises.workspaceId, project.id))
            .groupBy(exercises.statusId);
          const stored = await t.db
            .select({ status: exerciseStatusCounts.statusId, count: exerciseStatusCounts.count })
            .from(exerciseStatusCounts)
            .where(
              and(eq(exerciseStatusCounts.workspaceId, project.id), sql`${exerciseStatusCounts.count} > 0`),
            );
          const byStatus = (rows: { status: number; count: number }[]) =>
            [...rows].sort((a, b) => a.status - b.status);
          expect(byStatus(stored)).toEqual(byStatus(counted));
        }

        // The lists' counters with no filter, in each read scope, against the rows the caller reads.
        const rows = await t.db.select().from(exercises).where(eq(exercises.workspaceId, first.id));
        const reader = authors[0]!;
        const caller = (role: RoleName): ProjectActor => ({
          workspaceId: first.id,
          role,
          userId: reader.id,
          lang: 'en',
        });
        const readable = (role: RoleName) =>
          rows.filter((row) => mayReadExercise(role, reader.id, recordOf(row)));
        for (const role of ['moderator', 'author', 'teacher'] as const) {
          const query = exercisesQuery.parse({ workspace_id: first.id, role_id: ROLE[role] });
          const listed = await listExercises(t.db, caller(role), query);
          expect(listed.meta.counters).toEqual(countsOf(readable(role)));
        }
        const acting = (role: RoleName) => ({ workspace_id: first.id, role_id: ROLE[role] });
        const forAuthor = await listForAuthor(
          t.db,
          caller('author'),
          exercisesForAuthorQuery.parse(acting('author')),
        );
        expect(forAuthor.meta.counters).toEqual(
          countsOf(
            rows.filter(
              (row) =>
                row.statusId === EXERCISE_STATUS.request || (row.assignedId ?? row.authorId) === reader.id,
            ),
          ),
        );
        const forTeacher = await listForTeacher(
          t.db,
          caller('teacher'),
          exercisesForTeacherQuery.parse(acting('teacher')),
        );
        expect(forTeacher.meta.counters).toEqual(
          countsOf(rows.filter((row) => row.statusId === EXERCISE_STATUS.accepted)),
        );
      }),
      { numRuns: 25 },
    );
  });

  it('leaves no counts behind when a project is deleted with its exercises', async () => {
    const project = await buildWorkspace(t.db);
    const author = await buildMember(t.db, project, ['author']);
    await t.db.insert(exercises).values(
      STATUS_IDS.map((statusId) => ({
        workspaceId: project.id,
        title: `Gone ${statusId}`,
        statusId,
        authorId: author.id,
        language: 'en',
      })),
    );
    await t.db.delete(workspaces).where(eq(workspaces.id, project.id));
    const left = await t.db
      .select()
      .from(exerciseStatusCounts)
      .where(eq(exerciseStatusCounts.workspaceId, project.id));
    expect(left).toEqual([]);
  });
});
