import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { exerciseFiles } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/files.ts';
import { EXERCISE_FILES } from './exercise-storage.ts';

/**
 * How old a stored file without a row must be before it goes: an upload writes its file before the
 * transaction that adds the row commits, so a young file may still be on its way in.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

/** Names looked up in one query. */
const BATCH = 500;

/**
 * Removes the exercise files that no row names any more: what a deleted project, a deleted theme's
 * variants, or a crash between a commit and a file's removal leave behind (the rows go by cascade,
 * the bytes on disk cannot). Files younger than `SWEEP_GRACE_MS` are kept. Returns how many went.
 */
export async function sweepExerciseFiles(db: Db, files: FileStore, now = new Date()): Promise<number> {
  const old = (await files.list(EXERCISE_FILES)).filter(
    (file) => now.getTime() - file.modifiedAt.getTime() >= SWEEP_GRACE_MS,
  );
  let removed = 0;
  for (let start = 0; start < old.length; start += BATCH) {
    const names = old.slice(start, start + BATCH).map((file) => file.name);
    const known = await db
      .select({ name: exerciseFiles.storedName })
      .from(exerciseFiles)
      .where(inArray(exerciseFiles.storedName, names));
    const kept = new Set(known.map((row) => row.name));
    for (const name of names.filter((name) => !kept.has(name))) {
      await files.remove(EXERCISE_FILES, name);
      removed += 1;
    }
  }
  return removed;
}
