// Stays whole: checking, generating, listing and toggling themed versions share the asset matching and the
// generation statuses; split it when a second kind of generated content arrives.
import {
  API,
  API_BASE,
  GENERATION_ASSET_TYPES,
  GENERATION_ASSET_TYPE_VALUES,
  GENERATION_STATUS,
  type CheckGenerateInput,
  type CheckGenerateResult,
  type ExerciseBulkResult,
  type ExerciseGenerated,
  type GeneratedToggleInput,
  type GenerationAssetType,
  type GenerationProblem,
  type Language,
} from '@logoschool/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import {
  assetFiles,
  assets,
  exerciseFiles,
  exerciseGenerated,
  exercises,
  themeAssets,
  themes,
  users,
  type AssetFileRow,
  type ExerciseFileRow,
  type ExerciseRow,
  type ThemeRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { FieldMessage } from '../../i18n/index.ts';
import { detectFileType } from '../../files/file-type.ts';
import type { FileStore } from '../../files/files.ts';
import { PPTX_MIME, PptxError } from '../../files/pptx-deck.ts';
import { replacePptxMedia, type MediaReplacement } from '../../files/pptx-media.ts';
import { ASSET_FILES } from '../assets/index.ts';
import { visibleIn, visibleTheme } from '../themes/index.ts';
import { inDeckOrder } from './exercise-media.service.ts';
import { readableExercise } from './exercise-queries.ts';
import { assertSameProject } from './exercise-rules.ts';
import { EXERCISE_FILES } from './exercise-storage.ts';

/** Longest variant file name kept (`<exercise title> — <theme name>.pptx`). */
const FILE_NAME_MAX = 200;

/** Where a variant's .pptx is downloaded (with the bearer token and the project). */
export const generatedFileUrl = (workspaceId: number, id: number) =>
  `${API_BASE}${API.exercisesGenerated}/${id}/file?workspace_id=${workspaceId}`;

const SOUND_TYPES: readonly GenerationAssetType[] = GENERATION_ASSET_TYPES.audio;

/** The kind of `asset_files` row that can take a deck's place: sounds for `sound`, images otherwise. */
const assetFileKind = (type: GenerationAssetType) => (SOUND_TYPES.includes(type) ? 'sound' : 'image');

const PROBLEM_MESSAGES: Record<Exclude<GenerationProblem, 'missing_assets'>, FieldMessage> = {
  not_accepted: 'generationNotAccepted',
  not_ready: 'generationNotReady',
  excluded: 'generationExcluded',
  no_presentation: 'generationNoPresentation',
  nothing_marked: 'generationNothingMarked',
  read_only: 'generationReadOnly',
  theme_not_ready: 'generationThemeNotReady',
};

const MISSING_MESSAGES: Record<GenerationAssetType, FieldMessage> = {
  background: 'generationMissingBackground',
  character: 'generationMissingCharacter',
  prop: 'generationMissingProp',
  sound: 'generationMissingSound',
};

/** A theme's asset that can take a deck's place: one with a file of the right kind (its first). */
interface ThemeAsset {
  id: number;
  name: string;
  file: AssetFileRow;
}

/** The theme's assets of each generation type that have a file of the right kind, by asset id. */
async function themeAssetsByType(db: Tx, themeId: number): Promise<Map<GenerationAssetType, ThemeAsset[]>> {
  const rows = await db
    .select({ id: assets.id, name: assets.name, type: assets.type, file: assetFiles })
    .from(themeAssets)
    .innerJoin(assets, eq(assets.id, themeAssets.assetId))
    .innerJoin(assetFiles, eq(assetFiles.assetId, assets.id))
    .where(and(eq(themeAssets.themeId, themeId), inArray(assets.type, [...GENERATION_ASSET_TYPE_VALUES])))
    .orderBy(asc(assets.id), asc(assetFiles.id));
  const byType = new Map<GenerationAssetType, ThemeAsset[]>();
  for (const row of rows) {
    const type = row.type as GenerationAssetType;
    if (row.file.kind !== assetFileKind(type)) continue;
    const list = byType.get(type) ?? [];
    if (list.at(-1)?.id === row.id) continue;
    list.push({ id: row.id, name: row.name, file: row.file });
    byType.set(type, list);
  }
  return byType;
}

/** What check-generate finds: its answer, and what a generation needs to build the variant. */
interface Plan {
  possible: boolean;
  problems: CheckGenerateResult['problems'];
  replacements: CheckGenerateResult['replacements'];
  deck: ExerciseFileRow | undefined;
  picks: { media: ExerciseFileRow; asset: ThemeAsset }[];
}

/**
 * The deck with the replacements made. A deck taken at upload can still hold parts that the copy
 * must rewrite and cannot (package parts past their cap, relationships that do not parse): that is
 * the deck's fault, told as at upload, never a server error.
 */
async function themedDeck(
  deck: Buffer,
  replacements: ReadonlyMap<string, MediaReplacement>,
  lang: Language,
): Promise<Buffer> {
  try {
    return await replacePptxMedia(deck, replacements);
  } catch (error) {
    if (!(error instanceof PptxError)) throw error;
    if (error.problem === 'too_much_text') throw new AppError('deck_too_much_text');
    throw new AppError(
      'validation_failed',
      {},
      { presentation: [fieldMessage(lang, 'presentationDamaged')] },
    );
  }
}

/**
 * Whether an exercise can be themed for a theme, and with what: every problem that applies, and
 * for each marked picture or sound (by first slide, then name) the theme's asset that replaces it:
 * the k-th marked one of a type gets the theme's asset k mod n of that type (by asset id), so a deck
 * with more pictures than the theme has assets cycles through them.
 */
async function planOf(db: Tx, lang: Language, exercise: ExerciseRow, theme: ThemeRow): Promise<Plan> {
  const files = await db
    .select()
    .from(exerciseFiles)
    .where(
      and(
        eq(exerciseFiles.exerciseId, exercise.id),
        inArray(exerciseFiles.kind, ['presentation', 'image', 'audio']),
      ),
    );
  const deck = files.find((file) => file.kind === 'presentation');
  const marked = inDeckOrder(files.filter((file) => file.kind !== 'presentation' && file.assetType !== null));
  const available = await themeAssetsByType(db, theme.id);
  const [existing] = await db
    .select({ readOnly: exerciseGenerated.readOnly })
    .from(exerciseGenerated)
    .where(and(eq(exerciseGenerated.exerciseId, exercise.id), eq(exerciseGenerated.themeId, theme.id)));

  const problems: Plan['problems'] = [];
  const problem = (code: Exclude<GenerationProblem, 'missing_assets'>) =>
    problems.push({ code, message: fieldMessage(lang, PROBLEM_MESSAGES[code]) });
  if (exercise.statusId !== GENERATION_STATUS) problem('not_accepted');
  if (!exercise.readyForGeneration) problem('not_ready');
  if (exercise.excludedFromGeneration) problem('excluded');
  if (!deck) problem('no_presentation');
  if (marked.length === 0) problem('nothing_marked');
  const markedTypes = new Set(marked.map((file) => file.assetType as GenerationAssetType));
  for (const type of GENERATION_ASSET_TYPE_VALUES) {
    if (markedTypes.has(type) && !available.get(type)?.length) {
      problems.push({
        code: 'missing_assets',
        asset_type: type,
        message: fieldMessage(lang, MISSING_MESSAGES[type]),
      });
    }
  }
  if (existing?.readOnly) problem('read_only');
  if (!theme.ready) problem('theme_not_ready');

  const taken = new Map<GenerationAssetType, number>();
  const picks: Plan['picks'] = [];
  const replacements = marked.map((media) => {
    const type = media.assetType as GenerationAssetType;
    const k = taken.get(type) ?? 0;
    taken.set(type, k + 1);
    const list = available.get(type) ?? [];
    const asset = list.length > 0 ? list[k % list.length] : undefined;
    if (asset) picks.push({ media, asset });
    return {
      media_id: media.id,
      media_name: media.originalName,
      asset_type: type,
      asset: asset ? { id: asset.id, name: asset.name } : null,
    };
  });
  return { possible: problems.length === 0, problems, replacements, deck, picks };
}

/** The bytes that replace each marked part of the deck: the picked assets' files. */
async function replacementsOf(
  files: FileStore,
  picks: Plan['picks'],
): Promise<Map<string, MediaReplacement>> {
  const replacements = new Map<string, MediaReplacement>();
  for (const { media, asset } of picks) {
    if (!media.mediaPath) continue;
    const stored = await files.read(ASSET_FILES, asset.file.storedName);
    const type = stored ? await detectFileType(stored.content) : null;
    if (!stored || !type) throw new Error(`asset file ${asset.file.id} is missing or unknown`);
    replacements.set(media.mediaPath, { content: stored.content, mime: type.mime, ext: type.ext });
  }
  return replacements;
}

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
