/**
 * A generated version's text (issue 30 item 3): the theme's names filled into the version's own
 * copy of the deck (the source deck keeps its placeholders), and the check that flags a box whose
 * text no longer fits (`overflow.ts`'s rule), for the jobs and for `check-generate-presentation`.
 */
import type { CheckGeneratePresentationResult } from '@logoschool/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  assets,
  exerciseFiles,
  exerciseGenerated,
  exerciseSlides,
  themeAssets,
  themes,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/files.ts';
import { EXERCISE_FILES, slideFileUrl } from '../exercises/index.ts';
import { generatedChecks } from './generation.schema.ts';
import { fillDeckNames, overflowOfSlides, slidesOf, type Names } from './overflow.ts';

/** The names a theme fills a deck's placeholders with: its own, and its first asset's of each type. */
async function namesOf(db: Tx, themeId: number): Promise<Names> {
  const [theme] = await db.select({ name: themes.name }).from(themes).where(eq(themes.id, themeId));
  const rows = await db
    .select({ type: assets.type, name: assets.name })
    .from(themeAssets)
    .innerJoin(assets, eq(assets.id, themeAssets.assetId))
    .where(eq(themeAssets.themeId, themeId))
    .orderBy(asc(assets.id));
  const names: Record<string, string> = { theme: theme?.name ?? '' };
  for (const row of rows) names[row.type] ??= row.name;
  return names;
}

/**
 * Fills the theme's names into the version's deck (its own copy): the new bytes are stored and its
 * file row points at them; returns the replaced file's name, to remove once committed (null when
 * the deck names nobody or cannot be read).
 */
export async function fillVersionNames(
  db: Tx,
  files: FileStore,
  generatedId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ themeId: exerciseGenerated.themeId, file: exerciseFiles })
    .from(exerciseGenerated)
    .innerJoin(exerciseFiles, eq(exerciseFiles.id, exerciseGenerated.fileId))
    .where(eq(exerciseGenerated.id, generatedId));
  if (!row) return null;
  const stored = await files.read(EXERCISE_FILES, row.file.storedName);
  if (!stored) return null;
  let filled: Buffer | null;
  try {
    filled = await fillDeckNames(stored.content, await namesOf(db, row.themeId));
  } catch {
    return null;
  }
  if (!filled) return null;
  const storedName = await files.save(EXERCISE_FILES, filled, 'pptx');
  await db
    .update(exerciseFiles)
    .set({ storedName, size: filled.length })
    .where(eq(exerciseFiles.id, row.file.id));
  return row.file.storedName;
}

/**
 * Checks a version's text boxes with the theme's names filled in and keeps what came of it (the
 * first box that overflows, or none). A deck that cannot be read keeps no check.
 */
export async function checkVersion(db: Tx, files: FileStore, generatedId: number) {
  const [row] = await db
    .select({ version: exerciseGenerated, storedName: exerciseFiles.storedName })
    .from(exerciseGenerated)
    .innerJoin(exerciseFiles, eq(exerciseFiles.id, exerciseGenerated.fileId))
    .where(eq(exerciseGenerated.id, generatedId));
  if (!row) return null;
  const stored = await files.read(EXERCISE_FILES, row.storedName);
  if (!stored) return null;
  let slides: string[];
  try {
    slides = await slidesOf(stored.content);
  } catch {
    return null;
  }
  const overflow = overflowOfSlides(slides, await namesOf(db, row.version.themeId));
  const values = {
    workspaceId: row.version.workspaceId,
    overflowSlide: overflow?.slide ?? null,
    overflowText: overflow?.text.slice(0, 2_000) ?? null,
    linesNeeded: overflow?.linesNeeded ?? null,
    linesFit: overflow?.linesFit ?? null,
    checkedAt: new Date(),
  };
  await db
    .insert(generatedChecks)
    .values({ generatedId, ...values })
    .onConflictDoUpdate({ target: generatedChecks.generatedId, set: values });
  return { version: row.version, overflow };
}

/** `POST /check-generate-presentation`: checks a version of the project again; 404 for any other. */
export async function checkGeneratePresentation(
  db: Db,
  files: FileStore,
  caller: ProjectActor,
  generatedId: number,
): Promise<CheckGeneratePresentationResult> {
  const [own] = await db
    .select({ id: exerciseGenerated.id, exerciseId: exerciseGenerated.exerciseId })
    .from(exerciseGenerated)
    .where(and(eq(exerciseGenerated.id, generatedId), eq(exerciseGenerated.workspaceId, caller.workspaceId)));
  if (!own) throw notFound();
  const checked = await checkVersion(db, files, own.id);
  const overflow = checked?.overflow ?? null;
  if (!overflow) return { generated_id: own.id, overflow: null };
  const [slide] = await db
    .select({ position: exerciseSlides.position })
    .from(exerciseSlides)
    .where(and(eq(exerciseSlides.exerciseId, own.exerciseId), eq(exerciseSlides.position, overflow.slide)));
  return {
    generated_id: own.id,
    overflow: {
      slide: overflow.slide,
      text: overflow.text,
      lines_needed: overflow.linesNeeded,
      lines_fit: overflow.linesFit,
      slide_url: slide ? slideFileUrl(caller.workspaceId, own.exerciseId, overflow.slide) : null,
    },
  };
}
