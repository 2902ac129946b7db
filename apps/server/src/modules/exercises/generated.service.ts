/** An exercise's themed variants once made: listed, read, downloaded, removed, made read-only. */
import {
  API,
  API_BASE,
  type ExerciseBulkResult,
  type ExerciseGenerated,
  type GeneratedToggleInput,
} from '@logoschool/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import {
  exerciseFiles,
  exerciseGenerated,
  exercises,
  themes,
  users,
  type ExerciseFileRow,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/files.ts';
import { readableExercise } from './exercise-queries.ts';
import { EXERCISE_FILES } from './exercise-storage.ts';

/** Where a variant's .pptx is downloaded (with the bearer token and the project). */
export const generatedFileUrl = (workspaceId: number, id: number) =>
  `${API_BASE}${API.exercisesGenerated}/${id}/file?workspace_id=${workspaceId}`;

/** Variants of the project, with their exercise, theme, file and maker, by id. */
async function variantViews(
  db: Tx,
  workspaceId: number,
  condition: SQL | undefined,
): Promise<ExerciseGenerated[]> {
  const rows = await db
    .select({
      variant: exerciseGenerated,
      title: exercises.title,
      themeName: themes.name,
      fileName: exerciseFiles.originalName,
      fileSize: exerciseFiles.size,
      makerName: users.name,
    })
    .from(exerciseGenerated)
    .innerJoin(exercises, eq(exercises.id, exerciseGenerated.exerciseId))
    .innerJoin(themes, eq(themes.id, exerciseGenerated.themeId))
    .innerJoin(exerciseFiles, eq(exerciseFiles.id, exerciseGenerated.fileId))
    .leftJoin(users, eq(users.id, exerciseGenerated.createdBy))
    .where(and(eq(exerciseGenerated.workspaceId, workspaceId), condition))
    .orderBy(asc(exerciseGenerated.id));
  return rows.map(({ variant, title, themeName, fileName, fileSize, makerName }) => ({
    id: variant.id,
    exercise_id: variant.exerciseId,
    exercise_title: title,
    theme: { id: variant.themeId, name: themeName },
    replaced_count: variant.replacedCount,
    read_only: variant.readOnly,
    file: { name: fileName, size: fileSize, url: generatedFileUrl(workspaceId, variant.id) },
    created_by:
      variant.createdBy !== null && makerName !== null ? { id: variant.createdBy, name: makerName } : null,
    created_at: variant.createdAt.toISOString(),
  }));
}

/** `GET /exercises/:id/generated`: the exercise's themed variants; 404 as reading the exercise. */
export async function listGenerated(db: Tx, caller: ProjectActor, exerciseId: number) {
  await readableExercise(db, caller, exerciseId);
  return variantViews(db, caller.workspaceId, eq(exerciseGenerated.exerciseId, exerciseId));
}

/** `GET /exercises/generated/:id`: one variant of the project; 404 for any other. */
export async function getGenerated(db: Tx, caller: ProjectActor, id: number): Promise<ExerciseGenerated> {
  const [view] = await variantViews(db, caller.workspaceId, eq(exerciseGenerated.id, id));
  if (!view) throw notFound();
  return view;
}

/** The .pptx of a variant of the project; 404 for any other. */
export async function generatedFile(db: Tx, caller: ProjectActor, id: number): Promise<ExerciseFileRow> {
  const [row] = await db
    .select({ file: exerciseFiles })
    .from(exerciseGenerated)
    .innerJoin(exerciseFiles, eq(exerciseFiles.id, exerciseGenerated.fileId))
    .where(and(eq(exerciseGenerated.id, id), eq(exerciseGenerated.workspaceId, caller.workspaceId)));
  if (!row) throw notFound();
  return row.file;
}

/** `DELETE /exercises/generated/:id`: removes a variant and its file, read-only or not; 404 as `getGenerated`. */
export async function deleteGenerated(db: Tx, files: FileStore, caller: ProjectActor, id: number) {
  const storedName = await db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ fileId: exerciseGenerated.fileId })
      .from(exerciseGenerated)
      .where(and(eq(exerciseGenerated.id, id), eq(exerciseGenerated.workspaceId, caller.workspaceId)))
      .for('update');
    if (!variant) throw notFound();
    const [file] = await tx
      .delete(exerciseFiles)
      .where(eq(exerciseFiles.id, variant.fileId))
      .returning({ storedName: exerciseFiles.storedName });
    return file?.storedName ?? null;
  });
  if (storedName) await files.remove(EXERCISE_FILES, storedName);
}

/** `POST /exercises/generated/toggle`: sets `read_only` on every variant named, all or nothing (404). */
export async function toggleGenerated(
  db: Tx,
  caller: ProjectActor,
  input: GeneratedToggleInput,
): Promise<ExerciseBulkResult> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(exerciseGenerated)
      .set({ readOnly: input.read_only })
      .where(
        and(eq(exerciseGenerated.workspaceId, caller.workspaceId), inArray(exerciseGenerated.id, input.ids)),
      )
      .returning({ id: exerciseGenerated.id });
    if (changed.length !== input.ids.length) throw notFound();
    return { count: changed.length };
  });
}
