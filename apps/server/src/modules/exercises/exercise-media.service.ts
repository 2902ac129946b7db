import {
  API,
  API_BASE,
  fitsMedia,
  type ExerciseMedia,
  type ExerciseMediaKind,
  type ExerciseMediaUpdate,
  type GenerationAssetType,
} from '@logoschool/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { exerciseFiles, type ExerciseFileRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { lockReadable, readableExercise } from './exercise-queries.ts';
import { assertMayEdit } from './exercise-rules.ts';

/** The kinds of `exercise_files` rows that are a deck's pictures and sounds. */
const MEDIA_ROW_KINDS: readonly ExerciseMediaKind[] = ['image', 'audio'];

/** Where a picture's or a sound's bytes are read (with the bearer token and the project). */
export const mediaFileUrl = (workspaceId: number, exerciseId: number, fileId: number) =>
  `${API_BASE}${API.exercises}/${exerciseId}/media/${fileId}?workspace_id=${workspaceId}`;

/** The first slide that uses a picture or sound; one no slide uses comes last. */
const firstSlide = (row: Pick<ExerciseFileRow, 'slides'>) => row.slides?.[0] ?? Number.MAX_SAFE_INTEGER;

/** A deck's pictures or sounds in the order the deck shows them: by first slide, then by name. */
export const inDeckOrder = <T extends Pick<ExerciseFileRow, 'slides' | 'originalName' | 'id'>>(
  rows: readonly T[],
): T[] =>
  [...rows].sort(
    (a, b) =>
      firstSlide(a) - firstSlide(b) ||
      a.originalName.localeCompare(b.originalName, 'en', { numeric: true }) ||
      a.id - b.id,
  );

export function toMedia(row: ExerciseFileRow, workspaceId: number): ExerciseMedia {
  return {
    id: row.id,
    kind: row.kind as ExerciseMediaKind,
    name: row.originalName,
    mime: row.mime,
    size: row.size,
    slides: row.slides ?? [],
    asset_type: row.assetType as GenerationAssetType | null,
    file_url: mediaFileUrl(workspaceId, row.exerciseId, row.id),
  };
}

/** The pictures and sounds of an exercise's deck (any kind), in deck order. */
export async function mediaRowsOf(
  db: Tx,
  exerciseId: number,
  kinds = MEDIA_ROW_KINDS,
): Promise<ExerciseFileRow[]> {
  const rows = await db
    .select()
    .from(exerciseFiles)
    .where(and(eq(exerciseFiles.exerciseId, exerciseId), inArray(exerciseFiles.kind, [...kinds])));
  return inDeckOrder(rows);
}

/**
 * `GET /exercises/:id/images` and `/audios`: the deck's pictures or sounds, by first slide then name,
 * for whoever may read the exercise (404 otherwise).
 */
export async function listMedia(
  db: Tx,
  caller: ProjectActor,
  exerciseId: number,
  kind: ExerciseMediaKind,
): Promise<ExerciseMedia[]> {
  await readableExercise(db, caller, exerciseId);
  const rows = await mediaRowsOf(db, exerciseId, [kind]);
  return rows.map((row) => toMedia(row, caller.workspaceId));
}

/** One picture or sound of an exercise the caller may read; 404 when there is none. */
export async function mediaFile(
  db: Tx,
  caller: ProjectActor,
  exerciseId: number,
  fileId: number,
): Promise<ExerciseFileRow> {
  await readableExercise(db, caller, exerciseId);
  const [row] = await db
    .select()
    .from(exerciseFiles)
    .where(
      and(
        eq(exerciseFiles.id, fileId),
        eq(exerciseFiles.exerciseId, exerciseId),
        inArray(exerciseFiles.kind, [...MEDIA_ROW_KINDS]),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/**
 * `PUT /exercises/:id/media/:fileId`: marks what a themed variant puts in place of a picture or a
 * sound (null: keep it). Who may edit the exercise may (a moderator always); 404 when the caller
 * cannot read it or the file is not its picture or sound; 422 for an asset type the kind cannot take.
 */
export async function markMedia(
  db: Tx,
  caller: ProjectActor,
  exerciseId: number,
  fileId: number,
  input: ExerciseMediaUpdate,
): Promise<ExerciseMedia> {
  return db.transaction(async (tx) => {
    const exercise = await lockReadable(tx, caller, exerciseId);
    const row = await mediaFile(tx, caller, exerciseId, fileId);
    assertMayEdit(caller, exercise);
    const kind = row.kind as ExerciseMediaKind;
    if (input.asset_type !== null && !fitsMedia(kind, input.asset_type)) {
      const key = kind === 'image' ? 'mediaImageAssetType' : 'mediaAudioAssetType';
      throw new AppError('validation_failed', {}, { asset_type: [fieldMessage(caller.lang, key)] });
    }
    const [updated] = await tx
      .update(exerciseFiles)
      .set({ assetType: input.asset_type })
      .where(eq(exerciseFiles.id, fileId))
      .returning();
    if (!updated) throw notFound();
    return toMedia(updated, caller.workspaceId);
  });
}
