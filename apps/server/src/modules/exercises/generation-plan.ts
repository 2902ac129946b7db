/**
 * What a theme can give an exercise's deck (spec §1 themed variants): the theme's assets of each
 * type, which marked picture or sound each replaces, what stands in the way, and the themed deck.
 */
import {
  GENERATION_ASSET_TYPES,
  GENERATION_ASSET_TYPE_VALUES,
  GENERATION_STATUS,
  type CheckGenerateResult,
  type GenerationAssetType,
  type GenerationProblem,
  type Language,
} from '@logoschool/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  assetFiles,
  assets,
  exerciseFiles,
  exerciseGenerated,
  themeAssets,
  type AssetFileRow,
  type ExerciseFileRow,
  type ExerciseRow,
  type ThemeRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { FieldMessage } from '../../i18n/index.ts';
import { detectFileType } from '../../files/file-type.ts';
import type { FileStore } from '../../files/files.ts';
import { PptxError } from '../../files/pptx-deck.ts';
import { replacePptxMedia, type MediaReplacement } from '../../files/pptx-media.ts';
import { ASSET_FILES } from '../assets/index.ts';
import { inDeckOrder } from './exercise-media.service.ts';

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
export interface Plan {
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
export async function themedDeck(
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
export async function planOf(db: Tx, lang: Language, exercise: ExerciseRow, theme: ThemeRow): Promise<Plan> {
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
export async function replacementsOf(
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
