import {
  EXERCISE_PRESENTATION_MAX_BYTES,
  mustBeComplete,
  exerciseStatusName,
  type Exercise,
  type ExerciseActualizeInput,
  type ExerciseFileDeleteQuery,
  type ExerciseSlides,
  type Language,
  type SlidesStatus,
} from '@logoschool/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { exerciseFiles, exerciseSlides, exercises, type ExerciseFileRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { FieldMessage } from '../../i18n/index.ts';
import type { FileStore } from '../../files/files.ts';
import { megabytes, uploadsOf, type Upload } from '../../files/multipart.ts';
import { readPptx, type PptxContent, type PptxMedia } from '../../files/pptx.ts';
import { PPTX_LIMITS, PPTX_MIME, PptxError } from '../../files/pptx-deck.ts';
import type { JobSender } from '../../jobs/queue.ts';
import { getExercise, lockReadable, readableExercise } from './exercise-queries.ts';
import { assertComplete, assertMayEdit, assertSameProject } from './exercise-rules.ts';
import { EXERCISE_FILES } from './exercise-storage.ts';
import { slideFileUrl } from './exercise-view.ts';
import { RENDER_SLIDES, WAITED_FOR, type RenderSlidesData } from './slide-render.service.ts';

/** Longest `original_name` kept. */
const ORIGINAL_NAME_MAX = 200;

/** Slides' texts are kept in one column, one slide after another, split by a form feed. */
export const SLIDE_SEPARATOR = '\f';

/** The uploader's name without folders or control characters, ending in `.pptx`. */
function originalName(filename: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const stem = base.replace(/\.pptx$/i, '') || 'presentation';
  return `${stem.slice(0, ORIGINAL_NAME_MAX - 5)}.pptx`;
}

/** A refused upload: the code and status of each way a file is not a deck we take. */
function refusal(error: PptxError, upload: Upload, lang: Language): AppError {
  const field = (key: FieldMessage, params = {}) => ({ file: [fieldMessage(lang, key, params)] });
  const type = { type: upload.filename.slice(0, ORIGINAL_NAME_MAX) || '?' };
  switch (error.problem) {
    case 'legacy':
      return new AppError('unsupported_media_type', type, field('presentationLegacy'));
    case 'not_pptx':
    case 'unsupported':
      return new AppError('unsupported_media_type', type, field('presentationNotPptx'));
    case 'damaged':
      return new AppError('validation_failed', {}, field('presentationDamaged'));
    case 'too_many_entries':
      return new AppError(
        'validation_failed',
        {},
        field('presentationTooManyParts', { max: PPTX_LIMITS.maxEntries }),
      );
    case 'too_large':
      return new AppError(
        'validation_failed',
        {},
        field('presentationUnpacksTooLarge', { limit: megabytes(PPTX_LIMITS.maxInflatedBytes) }),
      );
    case 'too_much_text':
      return new AppError('deck_too_much_text');
  }
}

/** The one file of a form's `file` field, read as a deck; 413/415/422 as `refusal` says. */
export async function checkedDeck(
  value: unknown,
  lang: Language,
): Promise<{ upload: Upload; deck: PptxContent }> {
  const uploads = uploadsOf(value);
  const upload = uploads?.length === 1 ? uploads[0] : undefined;
  if (!upload) throw new AppError('validation_failed', {}, { file: [fieldMessage(lang, 'required')] });
  if (upload.content.length > EXERCISE_PRESENTATION_MAX_BYTES) {
    throw new AppError('payload_too_large', { limit: megabytes(EXERCISE_PRESENTATION_MAX_BYTES) });
  }
  try {
    return { upload, deck: await readPptx(upload.content) };
  } catch (error) {
    if (error instanceof PptxError) throw refusal(error, upload, lang);
    throw error;
  }
}

/**
 * The files that come from an exercise's deck: the deck, its slide images, pictures and sounds.
 * Themed variants are not among them: they stay until a moderator generates them again or removes them.
 */
const ofDeck = (exerciseId: number) =>
  and(eq(exerciseFiles.exerciseId, exerciseId), ne(exerciseFiles.kind, 'generated'));

const filesOf = (tx: Tx, exerciseId: number) => tx.select().from(exerciseFiles).where(ofDeck(exerciseId));

/**
 * The marks (asset types) of the former deck's pictures and sounds that a new upload keeps: those
 * whose part (`media_path`) holds the very same bytes again, as in a revised deck whose other slides
 * changed. A changed picture loses its mark: it may not be what the mark said any more.
 */
async function keptMarks(
  files: FileStore,
  old: readonly ExerciseFileRow[],
  media: readonly PptxMedia[],
): Promise<Map<string, string>> {
  const marks = new Map<string, string>();
  for (const row of old) {
    if (!row.assetType || !row.mediaPath) continue;
    const same = media.find((item) => item.path === row.mediaPath);
    if (!same || same.content.length !== row.size) continue;
    const stored = await files.read(EXERCISE_FILES, row.storedName);
    if (stored?.content.equals(same.content)) marks.set(row.mediaPath, row.assetType);
  }
  return marks;
}

/** Saves the deck's pictures and sounds with the file store; their stored names, in the deck's order. */
async function saveMedia(files: FileStore, media: readonly PptxMedia[]): Promise<string[]> {
  const saved: string[] = [];
  try {
    for (const item of media) saved.push(await files.save(EXERCISE_FILES, item.content, item.type.ext));
  } catch (error) {
    await Promise.all(saved.map((name) => files.remove(EXERCISE_FILES, name)));
    throw error;
  }
  return saved;
}

/**
 * `POST /exercises/:id/files`: stores the deck (replacing any earlier one, its slide images, pictures
 * and sounds), keeps its slide count and text and its pictures and sounds (`image`, `audio` rows; a
 * picture or sound the former deck held unchanged keeps its asset type), and queues the slide
 * images. 404 when the caller cannot read the exercise, 403 unless they may edit it; 413/415/422 for a file that is not a deck we take; 422
 * when an exercise that must be complete would get a deck without slides.
 */
export async function uploadPresentation(
  db: Db,
  files: FileStore,
  jobs: JobSender | null,
  caller: ProjectActor,
  id: number,
  file: unknown,
): Promise<Exercise> {
  // The permission before the (costly) unpacking; checked again under the lock below.
  assertMayEdit(caller, await readableExercise(db, caller, id));
  const { upload, deck } = await checkedDeck(file, caller.lang);
  const storedName = await files.save(EXERCISE_FILES, upload.content, 'pptx');
  let mediaNames: string[] = [];
  let replaced: ExerciseFileRow[] = [];
  let fileId: number;
  try {
    mediaNames = await saveMedia(files, deck.media);
    fileId = await db.transaction(async (tx) => {
      const current = await lockReadable(tx, caller, id);
      assertMayEdit(caller, current);
      replaced = await filesOf(tx, id);
      const marks = await keptMarks(files, replaced, deck.media);
      await tx.delete(exerciseFiles).where(ofDeck(id));
      const [row] = await tx
        .insert(exerciseFiles)
        .values({
          exerciseId: id,
          kind: 'presentation',
          storedName,
          mime: PPTX_MIME,
          size: upload.content.length,
          originalName: originalName(upload.filename),
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      if (deck.media.length > 0) {
        await tx.insert(exerciseFiles).values(
          deck.media.map((item, index) => ({
            exerciseId: id,
            kind: item.type.kind === 'image' ? 'image' : 'audio',
            storedName: mediaNames[index] ?? '',
            mime: item.type.mime,
            size: item.content.length,
            originalName: item.name.slice(0, ORIGINAL_NAME_MAX),
            mediaPath: item.path,
            slides: item.slides,
            assetType: marks.get(item.path) ?? null,
          })),
        );
      }
      const [updated] = await tx
        .update(exercises)
        .set({
          slideCount: deck.slideTexts.length,
          slideText: deck.slideTexts.join(SLIDE_SEPARATOR),
          slidesStatus: 'pending',
          slidesMessage: null,
          updatedAt: sql`now()`,
        })
        .where(eq(exercises.id, id))
        .returning();
      if (!updated) throw notFound();
      const status = exerciseStatusName(updated.statusId);
      if (status && mustBeComplete(status)) await assertComplete(tx, caller.lang, updated);
      return row.id;
    });
  } catch (error) {
    await Promise.all([storedName, ...mediaNames].map((name) => files.remove(EXERCISE_FILES, name)));
    throw error;
  }
  await Promise.all(replaced.map((old) => files.remove(EXERCISE_FILES, old.storedName)));
  if (jobs) await jobs.send(RENDER_SLIDES, { exerciseId: id, fileId } satisfies RenderSlidesData, WAITED_FOR);
  return getExercise(db, caller, id);
}

/**
 * `DELETE /exercises/:id/files`: removes the deck, its slide images, pictures and sounds (themed
 * variants stay). 404 when the caller cannot
 * read the exercise or it has no deck; 403 unless they may edit it; 409 `conflict` when `status_id`
 * is not the exercise's status any more, 409 `presentation_required` while its status needs one.
 */
export async function deletePresentation(
  db: Db,
  files: FileStore,
  caller: ProjectActor,
  id: number,
  query: Pick<ExerciseFileDeleteQuery, 'status_id'>,
): Promise<Exercise> {
  const removed = await db.transaction(async (tx) => {
    const current = await lockReadable(tx, caller, id);
    assertMayEdit(caller, current);
    if (query.status_id !== undefined && query.status_id !== current.statusId) throw new AppError('conflict');
    const status = exerciseStatusName(current.statusId);
    if (status && mustBeComplete(status)) throw new AppError('presentation_required');
    const rows = await filesOf(tx, id);
    if (!rows.some((row) => row.kind === 'presentation')) throw notFound();
    await tx.delete(exerciseFiles).where(ofDeck(id));
    await tx
      .update(exercises)
      .set({
        slideCount: null,
        slideText: null,
        slidesStatus: null,
        slidesMessage: null,
        updatedAt: sql`now()`,
      })
      .where(eq(exercises.id, id));
    return rows;
  });
  await Promise.all(removed.map((row) => files.remove(EXERCISE_FILES, row.storedName)));
  return getExercise(db, caller, id);
}

/** The deck of an exercise the caller may read; 404 when there is none. */
export async function presentationFile(db: Tx, caller: ProjectActor, id: number): Promise<ExerciseFileRow> {
  await readableExercise(db, caller, id);
  const [row] = await db
    .select()
    .from(exerciseFiles)
    .where(and(eq(exerciseFiles.exerciseId, id), eq(exerciseFiles.kind, 'presentation')));
  if (!row) throw notFound();
  return row;
}

/** The image of one slide of an exercise the caller may read; 404 when there is none. */
export async function slideFile(
  db: Tx,
  caller: ProjectActor,
  id: number,
  position: number,
): Promise<ExerciseFileRow> {
  await readableExercise(db, caller, id);
  const [row] = await db
    .select({ file: exerciseFiles })
    .from(exerciseSlides)
    .innerJoin(exerciseFiles, eq(exerciseFiles.id, exerciseSlides.fileId))
    .where(and(eq(exerciseSlides.exerciseId, id), eq(exerciseSlides.position, position)));
  if (!row) throw notFound();
  return row.file;
}

/** `GET /exercises/:id/slides`: the slide images and how their rendering goes. */
export async function listSlides(db: Tx, caller: ProjectActor, id: number): Promise<ExerciseSlides> {
  const row = await readableExercise(db, caller, id);
  const slides = await db
    .select({ position: exerciseSlides.position })
    .from(exerciseSlides)
    .where(eq(exerciseSlides.exerciseId, id))
    .orderBy(asc(exerciseSlides.position));
  const message = row.slidesMessage as FieldMessage | null;
  return {
    status: row.slidesStatus as SlidesStatus | null,
    message: message === null ? null : fieldMessage(caller.lang, message),
    slides: slides.map(({ position }) => ({
      position,
      file_url: slideFileUrl(caller.workspaceId, id, position),
    })),
  };
}

/**
 * `POST /exercises/files/actualize-file` (spec §7: body `file_id`): renders a deck's slide images
 * again, e.g. after LibreOffice was installed on a server that could only show the thumbnail, or
 * after a failed rendering. A deck already queued or rendering is left to its job. 404 when the
 * file is not the deck of an exercise the caller can read in the project; 403 unless they may
 * edit it.
 */
export async function actualizeFile(
  db: Db,
  jobs: JobSender | null,
  caller: ProjectActor,
  input: ExerciseActualizeInput,
): Promise<ExerciseSlides> {
  assertSameProject(caller, input.workspace_id);
  const [deck] = await db
    .select({ exerciseId: exerciseFiles.exerciseId })
    .from(exerciseFiles)
    .innerJoin(exercises, eq(exercises.id, exerciseFiles.exerciseId))
    .where(
      and(
        eq(exerciseFiles.id, input.file_id),
        eq(exerciseFiles.kind, 'presentation'),
        eq(exercises.workspaceId, caller.workspaceId),
      ),
    );
  if (!deck) throw notFound();
  assertMayEdit(caller, await readableExercise(db, caller, deck.exerciseId));
  const queued = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: exercises.slidesStatus })
      .from(exercises)
      .where(eq(exercises.id, deck.exerciseId))
      .for('update');
    if (current?.status === 'pending' || current?.status === 'rendering') return false;
    await tx
      .update(exercises)
      .set({ slidesStatus: 'pending', slidesMessage: null })
      .where(eq(exercises.id, deck.exerciseId));
    return true;
  });
  if (queued && jobs) {
    await jobs.send(
      RENDER_SLIDES,
      { exerciseId: deck.exerciseId, fileId: input.file_id } satisfies RenderSlidesData,
      WAITED_FOR,
    );
  }
  return listSlides(db, caller, deck.exerciseId);
}
