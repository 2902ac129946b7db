/**
 * Where the bytes of exercises (decks, slide images, pictures and sounds) live in the file store,
 * and their removal once the rows that name them are gone.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { exerciseFiles, exercises } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/files.ts';
import { inProject } from './exercise-conditions.ts';

/** The folder of exercises' decks and slide images in the file store. */
export const EXERCISE_FILES = 'exercises';

/**
 * The stored names of the files (decks, slide images) of some exercises of a project, read before
 * the exercises go: their rows go with them (cascade), the bytes are removed after the commit.
 */
export async function storedNamesOf(tx: Tx, ids: readonly number[], workspaceId: number): Promise<string[]> {
  const rows = await tx
    .select({ storedName: exerciseFiles.storedName })
    .from(exerciseFiles)
    .innerJoin(exercises, eq(exercises.id, exerciseFiles.exerciseId))
    .where(and(inProject(workspaceId), inArray(exerciseFiles.exerciseId, [...ids])));
  return rows.map((row) => row.storedName);
}

/** Removes stored files of exercises (after the commit that removed their rows). */
export const removeStored = (files: FileStore, names: readonly string[]) =>
  Promise.all(names.map((name) => files.remove(EXERCISE_FILES, name)));
