/**
 * Recommended programs and exercise complexes (spec §3; issue 16 item 7): the project's moderators
 * keep them; their content is accepted exercises of the project in order, each with a note. A
 * computed block's band of a published diagnostic card may point at a program, which keeps it.
 */
import {
  EXERCISE_STATUS,
  type Program,
  type ProgramItem,
  type ProgramKind,
  type ProgramsPage,
  type ProgramsQuery,
  type programInput,
} from '@logoschool/contract';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  diagnosticCards,
  exercises,
  recommendedProgramItems,
  recommendedPrograms,
  type RecommendedProgramRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';

type ProgramInput = z.output<typeof programInput>;

const inProject = (workspaceId: number) => eq(recommendedPrograms.workspaceId, workspaceId);

/** The program's exercises in order, with their titles and categories. */
export async function programItems(tx: Tx, programId: number): Promise<ProgramItem[]> {
  const rows = await tx
    .select({
      exerciseId: recommendedProgramItems.exerciseId,
      note: recommendedProgramItems.note,
      title: exercises.title,
      categoryName: categories.name,
    })
    .from(recommendedProgramItems)
    .innerJoin(exercises, eq(exercises.id, recommendedProgramItems.exerciseId))
    .leftJoin(categories, eq(categories.id, exercises.categoryId))
    .where(eq(recommendedProgramItems.programId, programId))
    .orderBy(asc(recommendedProgramItems.position));
  return rows.map((row) => ({
    exercise_id: row.exerciseId,
    title: row.title,
    category_name: row.categoryName ?? '',
    note: row.note,
  }));
}

async function viewOf(tx: Tx, row: RecommendedProgramRow): Promise<Program> {
  return {
    id: row.id,
    kind: row.kind as ProgramKind,
    name: row.name,
    description: row.description,
    items: await programItems(tx, row.id),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The project's program, locked for the transaction when asked; 404 for another project's or none. */
export async function programOf(
  tx: Tx,
  caller: ProjectActor,
  id: number,
  lock = false,
): Promise<RecommendedProgramRow> {
  const query = tx
    .select()
    .from(recommendedPrograms)
    .where(and(inProject(caller.workspaceId), eq(recommendedPrograms.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** `GET /recommended-programs/:id`. */
export async function getProgram(db: Tx, caller: ProjectActor, id: number): Promise<Program> {
  return viewOf(db, await programOf(db, caller, id));
}

/** `GET /recommended-programs`: a page of the project's programs, by name. */
export async function listPrograms(
  db: Tx,
  caller: ProjectActor,
  query: ProgramsQuery,
): Promise<ProgramsPage> {
  const filters: (SQL | undefined)[] = [inProject(caller.workspaceId)];
  if (query.kind) filters.push(eq(recommendedPrograms.kind, query.kind));
  if (query.term) filters.push(sql`strpos(lower(${recommendedPrograms.name}), lower(${query.term})) > 0`);
  const where = and(...filters);
  // Spelled out: inside the subquery a bare column name would be the items' own `id`.
  const items = sql<number>`(select count(*) from recommended_program_items i where i.program_id = recommended_programs.id)::int`;
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(recommendedPrograms).where(where),
    db
      .select({ row: recommendedPrograms, items })
      .from(recommendedPrograms)
      .where(where)
      .orderBy(asc(sql`lower(${recommendedPrograms.name})`), desc(recommendedPrograms.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const data = rows.map(({ row, items: number }) => ({
    id: row.id,
    kind: row.kind as ProgramKind,
    name: row.name,
    description: row.description,
    items: number,
    updated_at: row.updatedAt.toISOString(),
  }));
  return { data, meta: { total: total?.count ?? 0, page: query.page, per_page: query.per_page } };
}

/**
 * A 422 on each item that is not an accepted exercise of the project (another project's id reads as
 * an unknown one).
 */
async function assertExercises(tx: Tx, caller: ProjectActor, input: ProgramInput): Promise<void> {
  const ids = input.items.map((item) => item.exercise_id);
  if (ids.length === 0) return;
  const accepted = new Set(
    (
      await tx
        .select({ id: exercises.id })
        .from(exercises)
        .where(
          and(
            eq(exercises.workspaceId, caller.workspaceId),
            eq(exercises.statusId, EXERCISE_STATUS.accepted),
            inArray(exercises.id, ids),
          ),
        )
    ).map((row) => row.id),
  );
  const errors: Record<string, string[]> = {};
  input.items.forEach((item, index) => {
    if (!accepted.has(item.exercise_id)) {
      errors[`items.${index}.exercise_id`] = [fieldMessage(caller.lang, 'programExerciseNotAccepted')];
    }
  });
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', {}, errors);
}

async function writeItems(tx: Tx, programId: number, input: ProgramInput): Promise<void> {
  await tx.delete(recommendedProgramItems).where(eq(recommendedProgramItems.programId, programId));
  if (input.items.length === 0) return;
  await tx.insert(recommendedProgramItems).values(
    input.items.map((item, position) => ({
      programId,
      position,
      exerciseId: item.exercise_id,
      note: item.note,
    })),
  );
}

/** `POST /recommended-programs`. */
export async function createProgram(db: Db, caller: ProjectActor, input: ProgramInput): Promise<Program> {
  return db.transaction(async (tx) => {
    await assertExercises(tx, caller, input);
    const [row] = await tx
      .insert(recommendedPrograms)
      .values({
        workspaceId: caller.workspaceId,
        kind: input.kind,
        name: input.name,
        description: input.description,
        createdBy: caller.userId,
      })
      .returning();
    if (!row) throw new Error('the program was not written');
    await writeItems(tx, row.id, input);
    return viewOf(tx, row);
  });
}

/** `PUT /recommended-programs/:id`: its name, description, kind and exercises, all replaced. */
export async function updateProgram(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: ProgramInput,
): Promise<Program> {
  return db.transaction(async (tx) => {
    await programOf(tx, caller, id, true);
    await assertExercises(tx, caller, input);
    const [saved] = await tx
      .update(recommendedPrograms)
      .set({ kind: input.kind, name: input.name, description: input.description, updatedAt: new Date() })
      .where(eq(recommendedPrograms.id, id))
      .returning();
    if (!saved) throw notFound();
    await writeItems(tx, id, input);
    return viewOf(tx, saved);
  });
}

/** Whether a card content's bands point at the program (`computed[].bands[].program_id`). */
const pointsAt = (content: SQL | typeof diagnosticCards.content, id: number): SQL =>
  sql`jsonb_path_exists(${content}, '$.computed[*].bands[*] ? (@.program_id == $id)', jsonb_build_object('id', ${id}::int))`;

/**
 * The titles of the project's cards that a published version of points at the program (or whose
 * published working copy does): diagnoses made from those show the program.
 */
async function cardsPointingAt(tx: Tx, caller: ProjectActor, id: number): Promise<string[]> {
  // Spelled out: inside the subquery bare column names would be the versions' own.
  const versionPoints = sql`exists (select 1 from diagnostic_card_versions v where v.card_id = diagnostic_cards.id and ${pointsAt(sql`v.content`, id)})`;
  const rows = await tx
    .selectDistinct({ title: diagnosticCards.title })
    .from(diagnosticCards)
    .where(
      and(
        eq(diagnosticCards.workspaceId, caller.workspaceId),
        or(
          and(eq(diagnosticCards.status, 'published'), pointsAt(diagnosticCards.content, id)),
          versionPoints,
        ),
      ),
    );
  return rows.map((row) => row.title).sort();
}

/** `DELETE /recommended-programs/:id`: 409 `program_in_use` while a published card's band points at it. */
export async function deleteProgram(db: Db, caller: ProjectActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await programOf(tx, caller, id, true);
    const cards = await cardsPointingAt(tx, caller, id);
    if (cards.length > 0) throw new AppError('program_in_use', { cards: cards.join(', ') });
    await tx.delete(recommendedPrograms).where(eq(recommendedPrograms.id, id));
  });
}
