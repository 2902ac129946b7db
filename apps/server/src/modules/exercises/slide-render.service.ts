/**
 * The `render-slides` job: turns an uploaded deck into slide images (LibreOffice and pdftoppm, or
 * the deck's own thumbnail) after the upload has answered, and queues the decks still waiting.
 */
import type { SlidesStatus } from '@logoschool/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { exerciseFiles, exerciseSlides, exercises } from '../../db/schema/index.ts';
import type { FieldMessage } from '../../i18n/index.ts';
import type { FileStore } from '../../files/files.ts';
import { readPptx } from '../../files/pptx.ts';
import { findProgram, renderSlides } from '../../files/render-slides.ts';
import type { JobSender } from '../../jobs/queue.ts';
import { EXERCISE_FILES } from './exercise-storage.ts';

/** The queue of the slide-image job. */
export const RENDER_SLIDES = 'render-slides';

/**
 * How an upload's render is sent: someone is waiting for its images, so it goes before the decks
 * queued at start (`queuePendingRenders`, priority 0), which may be many after a restart or on a
 * new demo school (LibreOffice takes seconds a deck).
 */
export const WAITED_FOR = { priority: 1 } as const;

/** What the render job is sent: the deck it renders (a newer upload makes it stale). */
export interface RenderSlidesData {
  exerciseId: number;
  fileId: number;
}

/** What the render job needs: the file store, and where LibreOffice and pdftoppm may be. */
export interface SlideRenderOptions {
  files: FileStore;
  sofficePath: string;
  pdftoppmPath: string;
}

/** Sets the rendering state of an exercise whose deck is still `fileId`; false when it is not any more. */
async function setSlidesState(
  tx: Tx,
  data: RenderSlidesData,
  state: { slidesStatus: SlidesStatus; slidesMessage: FieldMessage | null },
): Promise<boolean> {
  const [deck] = await tx
    .select({ id: exerciseFiles.id })
    .from(exerciseFiles)
    .where(and(eq(exerciseFiles.id, data.fileId), eq(exerciseFiles.exerciseId, data.exerciseId)))
    .for('update');
  if (!deck) return false;
  await tx.update(exercises).set(state).where(eq(exercises.id, data.exerciseId));
  return true;
}

/**
 * The `render-slides` job: renders the deck's slides to images with LibreOffice and pdftoppm and
 * keeps them as the exercise's slides. Without either program (looked up when the job runs) the
 * deck's own thumbnail is the only image, status `thumbnail`. A deck replaced or removed meanwhile
 * is left alone. Returns what it did, for the job's log.
 */
export async function renderExerciseSlides(
  db: Db,
  options: SlideRenderOptions,
  data: RenderSlidesData,
): Promise<{ status: SlidesStatus | 'stale'; slides: number }> {
  const [deckRow] = await db
    .select()
    .from(exerciseFiles)
    .where(and(eq(exerciseFiles.id, data.fileId), eq(exerciseFiles.exerciseId, data.exerciseId)));
  if (!deckRow) return { status: 'stale', slides: 0 };
  const deck = await options.files.read(EXERCISE_FILES, deckRow.storedName);
  if (!deck) {
    await db.transaction((tx) =>
      setSlidesState(tx, data, { slidesStatus: 'failed', slidesMessage: 'slidesRenderFailed' }),
    );
    return { status: 'failed', slides: 0 };
  }
  await db.transaction((tx) => setSlidesState(tx, data, { slidesStatus: 'rendering', slidesMessage: null }));
  const soffice = await findProgram(options.sofficePath);
  const pdftoppm = await findProgram(options.pdftoppmPath);
  let images: Buffer[];
  let status: SlidesStatus;
  let message: FieldMessage | null = null;
  if (soffice && pdftoppm) {
    try {
      images = await renderSlides(deck.content, { soffice, pdftoppm });
      status = images.length > 0 ? 'ready' : 'failed';
      if (images.length === 0) message = 'slidesRenderFailed';
    } catch {
      images = [];
      status = 'failed';
      message = 'slidesRenderFailed';
    }
  } else {
    const { thumbnail } = await readPptx(deck.content);
    images = thumbnail ? [thumbnail] : [];
    status = thumbnail ? 'thumbnail' : 'failed';
    message = thumbnail ? 'slidesLibreOfficeMissing' : 'slidesNoThumbnail';
  }
  const ext = status === 'thumbnail' ? 'jpg' : 'png';
  const saved: string[] = [];
  try {
    for (const image of images) saved.push(await options.files.save(EXERCISE_FILES, image, ext));
    const result = await db.transaction(async (tx) => {
      if (!(await setSlidesState(tx, data, { slidesStatus: status, slidesMessage: message }))) return null;
      const old = await tx
        .select()
        .from(exerciseFiles)
        .where(and(eq(exerciseFiles.exerciseId, data.exerciseId), eq(exerciseFiles.kind, 'slide')));
      await tx
        .delete(exerciseFiles)
        .where(and(eq(exerciseFiles.exerciseId, data.exerciseId), eq(exerciseFiles.kind, 'slide')));
      for (const [index, storedName] of saved.entries()) {
        const [file] = await tx
          .insert(exerciseFiles)
          .values({
            exerciseId: data.exerciseId,
            kind: 'slide',
            storedName,
            mime: ext === 'jpg' ? 'image/jpeg' : 'image/png',
            size: images[index]?.length ?? 0,
            originalName: `slide-${index + 1}.${ext}`,
          })
          .returning({ id: exerciseFiles.id });
        if (!file) throw new Error('insert returned no row');
        await tx
          .insert(exerciseSlides)
          .values({ exerciseId: data.exerciseId, position: index + 1, fileId: file.id });
      }
      return old;
    });
    if (result === null) {
      await Promise.all(saved.map((name) => options.files.remove(EXERCISE_FILES, name)));
      return { status: 'stale', slides: 0 };
    }
    await Promise.all(result.map((row) => options.files.remove(EXERCISE_FILES, row.storedName)));
  } catch (error) {
    await Promise.all(saved.map((name) => options.files.remove(EXERCISE_FILES, name)));
    throw error;
  }
  return { status, slides: saved.length };
}

/**
 * Queues the slide images of every deck still waiting for them: decks a stopped server left
 * `pending` or `rendering`, and the demo school's decks, which the seed stores without a queue.
 * Runs once at start; a job for a deck replaced meanwhile changes nothing.
 */
export async function queuePendingRenders(db: Db, jobs: JobSender): Promise<number> {
  const waiting = await db
    .select({ exerciseId: exercises.id, fileId: exerciseFiles.id })
    .from(exercises)
    .innerJoin(
      exerciseFiles,
      and(eq(exerciseFiles.exerciseId, exercises.id), eq(exerciseFiles.kind, 'presentation')),
    )
    .where(inArray(exercises.slidesStatus, ['pending', 'rendering']));
  for (const deck of waiting) await jobs.send(RENDER_SLIDES, deck satisfies RenderSlidesData);
  return waiting.length;
}
