/** Making an exercise's themed variant for a theme (spec §1): check-generate, and the lessons' job. */
import type { CheckGenerateInput, CheckGenerateResult, Language } from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import {
  exerciseFiles,
  exerciseGenerated,
  exercises,
  themes,
  type ExerciseRow,
  type ThemeRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/files.ts';
import { PPTX_MIME } from '../../files/pptx-deck.ts';
import { visibleIn, visibleTheme } from '../themes/index.ts';
import { readableExercise } from './exercise-queries.ts';
import { assertSameProject } from './exercise-rules.ts';
import { EXERCISE_FILES } from './exercise-storage.ts';
import { getGenerated } from './generated.service.ts';
import { planOf, replacementsOf, themedDeck, type Plan } from './generation-plan.ts';

/** Longest variant file name kept (`<exercise title> — <theme name>.pptx`). */
const FILE_NAME_MAX = 200;

/**
 * Builds the variant's deck and keeps it as the exercise's variant for the theme, replacing an
 * earlier one (whose file goes after the commit). 409 `conflict` when the variant was made
 * read-only meanwhile. Returns the variant's id.
 */
async function storeVariant(
  db: Tx,
  files: FileStore,
  caller: VariantMaker,
  exercise: ExerciseRow,
  theme: ThemeRow,
  plan: Plan,
): Promise<number> {
  if (!plan.deck) throw new Error('a variant needs a deck');
  const original = await files.read(EXERCISE_FILES, plan.deck.storedName);
  if (!original) throw new Error(`deck file ${plan.deck.id} is missing`);
  const variant = await themedDeck(original.content, await replacementsOf(files, plan.picks), caller.lang);
  const storedName = await files.save(EXERCISE_FILES, variant, 'pptx');
  try {
    const { id, oldFile } = await db.transaction(async (tx) => {
      // One generation of an exercise at a time: the exercise's row is the lock.
      await tx
        .select({ id: exercises.id })
        .from(exercises)
        .where(eq(exercises.id, exercise.id))
        .for('update');
      const [existing] = await tx
        .select()
        .from(exerciseGenerated)
        .where(and(eq(exerciseGenerated.exerciseId, exercise.id), eq(exerciseGenerated.themeId, theme.id)));
      if (existing?.readOnly) throw new AppError('conflict');
      let oldFile: string | null = null;
      if (existing) {
        // The variant's row goes with its file (cascade).
        const [old] = await tx
          .delete(exerciseFiles)
          .where(eq(exerciseFiles.id, existing.fileId))
          .returning({ storedName: exerciseFiles.storedName });
        oldFile = old?.storedName ?? null;
      }
      const [file] = await tx
        .insert(exerciseFiles)
        .values({
          exerciseId: exercise.id,
          kind: 'generated',
          storedName,
          mime: PPTX_MIME,
          size: variant.length,
          originalName: `${`${exercise.title} — ${theme.name}`.slice(0, FILE_NAME_MAX - 5)}.pptx`,
        })
        .returning({ id: exerciseFiles.id });
      if (!file) throw new Error('insert returned no row');
      const [row] = await tx
        .insert(exerciseGenerated)
        .values({
          workspaceId: exercise.workspaceId,
          exerciseId: exercise.id,
          themeId: theme.id,
          fileId: file.id,
          replacedCount: plan.picks.length,
          createdBy: caller.userId,
        })
        .returning({ id: exerciseGenerated.id });
      if (!row) throw new Error('insert returned no row');
      return { id: row.id, oldFile };
    });
    if (oldFile) await files.remove(EXERCISE_FILES, oldFile);
    return id;
  } catch (error) {
    await files.remove(EXERCISE_FILES, storedName);
    throw error;
  }
}

/** Who makes a variant: the user who asked for it (null: the schedule) and the language of its messages. */
export interface VariantMaker {
  userId: number | null;
  lang: Language;
}

/** What `makeVariant` did: made the variant, kept a read-only one, or could not make it. */
export type VariantOutcome = 'made' | 'kept' | 'skipped';

/**
 * Makes the themed version of an exercise of the project for a theme the project sees, as
 * check-generate does, for work that is not a moderator's request (a lesson's themed versions):
 * `kept` when the version is read-only, `skipped` when something else stands in the way (the
 * problems check-generate tells) or the deck cannot be rewritten. Other errors (a stored file
 * missing) are thrown.
 */
export async function makeVariant(
  db: Tx,
  files: FileStore,
  maker: VariantMaker & { workspaceId: number },
  exerciseId: number,
  themeId: number,
): Promise<VariantOutcome> {
  const [exercise] = await db
    .select()
    .from(exercises)
    .where(and(eq(exercises.id, exerciseId), eq(exercises.workspaceId, maker.workspaceId)));
  const [theme] = await db
    .select()
    .from(themes)
    .where(and(eq(themes.id, themeId), visibleIn(maker.workspaceId)));
  if (!exercise || !theme) return 'skipped';
  const plan = await planOf(db, maker.lang, exercise, theme);
  if (!plan.possible) {
    const readOnly = plan.problems.every((problem) => problem.code === 'read_only');
    return readOnly ? 'kept' : 'skipped';
  }
  try {
    await storeVariant(db, files, maker, exercise, theme, plan);
    return 'made';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Made read-only meanwhile (`conflict`), or a deck the copy cannot rewrite.
    return error.code === 'conflict' ? 'kept' : 'skipped';
  }
}

/**
 * `POST /exercises/:id/check-generate`: what stands in the way of theming the exercise for the
 * theme and what would be replaced; unless a dry run, when nothing stands in the way, makes the
 * variant (replacing an earlier one that is not read-only). 404 when the exercise or the theme is
 * not the project's to see.
 */
export async function checkGenerate(
  db: Tx,
  files: FileStore,
  caller: ProjectActor,
  exerciseId: number,
  input: CheckGenerateInput,
): Promise<CheckGenerateResult> {
  assertSameProject(caller, input.workspace_id);
  const exercise = await readableExercise(db, caller, exerciseId);
  const theme = await visibleTheme(db, caller.workspaceId, input.theme_id);
  const plan = await planOf(db, caller.lang, exercise, theme);
  const answer = { possible: plan.possible, problems: plan.problems, replacements: plan.replacements };
  if (!plan.possible || input.dry_run) return { ...answer, generated: null };
  const id = await storeVariant(db, files, caller, exercise, theme, plan);
  return { ...answer, generated: await getGenerated(db, caller, id) };
}
