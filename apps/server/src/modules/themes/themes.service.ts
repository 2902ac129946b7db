import {
  ASSET_TYPES,
  nextShares,
  type Theme,
  type ThemeAssetsGrouped,
  type ThemeAssetsInput,
  type ThemeGender,
  type ThemeInput,
  type ThemesQuery,
  type ThemeStatistic,
  type ThemeUpdate,
} from '@logoschool/contract';
import { and, asc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  assets,
  exerciseFiles,
  exerciseGenerated,
  themeAssets,
  themes,
  themeShares,
  workspaces,
  type ThemeRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { assetsByIds } from '../assets/index.ts';
import { toThemes } from './theme-view.ts';

/** A 422 with one field error. */
const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', {}, { [field]: [message] });

/** The themes a project sees: its own, and those other projects share with it. */
export function visibleIn(workspaceId: number): SQL {
  const shared = sql`select ${themeShares.themeId} from ${themeShares} where ${themeShares.workspaceId} = ${workspaceId}`;
  return or(eq(themes.workspaceId, workspaceId), sql`${themes.id} in (${shared})`) as SQL;
}

const genderColumns = (genders: readonly ThemeGender[]) => ({
  forBoy: genders.includes('boy'),
  forGirl: genders.includes('girl'),
});

/** The filters of `GET /themes`, all of which must hold. */
function listFilters(query: ThemesQuery): SQL[] {
  const filters: SQL[] = [];
  // strpos, not LIKE: the term is plain text, its % and _ match only themselves.
  if (query.term) filters.push(sql`strpos(lower(${themes.name}), lower(${query.term})) > 0`);
  if (query.type) filters.push(eq(themes.type, query.type));
  if (query.ready !== undefined) filters.push(eq(themes.ready, query.ready));
  if (query.gender) filters.push(eq(query.gender === 'boy' ? themes.forBoy : themes.forGirl, true));
  if (query.age !== undefined) filters.push(lte(themes.ageFrom, query.age), gte(themes.ageTo, query.age));
  return filters;
}

/** The themes the project sees (its own and shared ones) that pass the filters, by name. */
export async function listThemes(db: Tx, scope: Actor, query: ThemesQuery): Promise<Theme[]> {
  const rows = await db
    .select()
    .from(themes)
    .where(and(visibleIn(scope.workspaceId), ...listFilters(query)))
    .orderBy(asc(sql`lower(${themes.name})`), asc(themes.id));
  return toThemes(db, rows, scope.user);
}

/** A theme the project sees; 404 for any other, so that other projects' themes stay unseen. */
export async function visibleTheme(tx: Tx, workspaceId: number, id: number): Promise<ThemeRow> {
  const [row] = await tx
    .select()
    .from(themes)
    .where(and(eq(themes.id, id), visibleIn(workspaceId)));
  if (!row) throw notFound();
  return row;
}

/** One theme the project sees, own or shared. */
export async function getTheme(db: Tx, scope: Actor, id: number): Promise<Theme> {
  const [theme] = await toThemes(db, [await visibleTheme(db, scope.workspaceId, id)], scope.user);
  return theme as Theme;
}

/**
 * A theme the project owns, locked for a change: 404 when it does not see it, 403
 * `theme_not_owned` when it is only shared with it (it is read-only there).
 */
async function ownTheme(tx: Tx, workspaceId: number, id: number): Promise<ThemeRow> {
  const [row] = await tx
    .select()
    .from(themes)
    .where(and(eq(themes.id, id), visibleIn(workspaceId)))
    .for('update');
  if (!row) throw notFound();
  if (row.workspaceId !== workspaceId) throw new AppError('theme_not_owned');
  return row;
}

/**
 * Theme names are checked and written under a per-project lock, so that two calls cannot both find
 * a name free; the unique index on the lower-cased name stays as the last guard.
 */
const THEMES_LOCK_ID = 7_260_012;

async function lockThemes(tx: Tx, workspaceId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${THEMES_LOCK_ID}::int, ${workspaceId}::int)`);
}

/** Throws 409 `theme_exists`, naming the theme, when another theme of the project has the name, ignoring case. */
async function assertNameFree(tx: Tx, scope: Actor, name: string, exceptId?: number) {
  const sameName = and(
    eq(themes.workspaceId, scope.workspaceId),
    sql`lower(${themes.name}) = lower(${name})`,
  );
  const [taken] = await tx
    .select({ name: themes.name })
    .from(themes)
    .where(exceptId === undefined ? sameName : and(sameName, ne(themes.id, exceptId)))
    .limit(1);
  if (taken) {
    throw new AppError(
      'theme_exists',
      { name: taken.name },
      { name: [fieldMessage(scope.lang, 'themeTaken')] },
    );
  }
}

/**
 * The projects a theme is shared with after a call that names `requested` (contract `nextShares`):
 * adding or removing a share needs `themes.manage` in that project, and a project the actor may not
 * share in, or that does not exist, is the same 404 as any other object out of reach.
 */
async function sharedProjects(
  tx: Tx,
  scope: Actor,
  requested: readonly number[],
  current: readonly number[] = [],
): Promise<number[]> {
  const { shares, refused } = nextShares(scope.user, 'themes.manage', scope.workspaceId, current, requested);
  if (refused.length > 0) throw notFound();
  const added = shares.filter((id) => !current.includes(id));
  if (added.length === 0) return shares;
  const found = await tx.select({ id: workspaces.id }).from(workspaces).where(inArray(workspaces.id, added));
  if (found.length !== added.length) throw notFound();
  return shares;
}

async function writeShares(tx: Tx, themeId: number, workspaceIds: readonly number[]) {
  await tx.delete(themeShares).where(eq(themeShares.themeId, themeId));
  if (workspaceIds.length === 0) return;
  await tx.insert(themeShares).values(workspaceIds.map((workspaceId) => ({ themeId, workspaceId })));
}

/** The columns a theme's fields are written to. */
const themeColumns = (input: ThemeInput | ThemeUpdate) => ({
  name: input.name,
  ...genderColumns(input.genders),
  ageFrom: input.age_from,
  ageTo: input.age_to,
  type: input.type,
});

/** A new theme of the project: 409 `theme_exists` for a taken name, 422 for a project to share with that is not. */
export async function createTheme(db: Db, scope: Actor, input: ThemeInput): Promise<Theme> {
  const id = await db.transaction(async (tx) => {
    await lockThemes(tx, scope.workspaceId);
    await assertNameFree(tx, scope, input.name);
    const shares = await sharedProjects(tx, scope, input.shared_workspace_ids ?? []);
    const [row] = await tx
      .insert(themes)
      .values({ workspaceId: scope.workspaceId, ...themeColumns(input), ready: input.ready ?? false })
      .returning({ id: themes.id });
    if (!row) throw new Error('insert returned no row');
    await writeShares(tx, row.id, shares);
    return row.id;
  });
  return getTheme(db, scope, id);
}

/**
 * Changes a theme of the project (its whole set of fields; `ready` and the shares when sent): 404
 * for a theme it does not see, 403 `theme_not_owned` for one only shared with it, 409 for a name
 * another theme of the project has.
 */
export async function updateTheme(db: Db, scope: Actor, id: number, input: ThemeUpdate): Promise<Theme> {
  await db.transaction(async (tx) => {
    await lockThemes(tx, scope.workspaceId);
    const row = await ownTheme(tx, scope.workspaceId, id);
    await assertNameFree(tx, scope, input.name, id);
    if (input.shared_workspace_ids) {
      const current = await tx
        .select({ workspaceId: themeShares.workspaceId })
        .from(themeShares)
        .where(eq(themeShares.themeId, id));
      const ids = current.map((share) => share.workspaceId);
      await writeShares(tx, id, await sharedProjects(tx, scope, input.shared_workspace_ids, ids));
    }
    await tx
      .update(themes)
      .set({ ...themeColumns(input), ready: input.ready ?? row.ready, updatedAt: new Date() })
      .where(eq(themes.id, id));
  });
  return getTheme(db, scope, id);
}

/** Flips a theme's `ready` (spec §4 toggle-ready); the same refusals as a change. */
export async function toggleThemeReady(db: Db, scope: Actor, id: number): Promise<Theme> {
  await db.transaction(async (tx) => {
    const row = await ownTheme(tx, scope.workspaceId, id);
    await tx.update(themes).set({ ready: !row.ready, updatedAt: new Date() }).where(eq(themes.id, id));
  });
  return getTheme(db, scope, id);
}

/** How many of each kind of thing use a theme. */
export type ThemeUsage = Record<string, number>;

/**
 * What uses a theme. Nothing does yet: requests (spec §3 Request: interests), generated
 * presentations (spec §7 by-theme) and bookings (spec §3 Booking: interests) will, and their issues
 * add their counts here; `deleteTheme` then refuses a theme in use.
 */
export async function themeUsage(_tx: Tx, _id: number): Promise<ThemeUsage> {
  return {};
}

/** Whether anything at all uses a theme. */
const inUse = (usage: ThemeUsage) => Object.values(usage).some((uses) => uses > 0);

/**
 * Deletes a theme of the project, with its shares and asset links (the assets stay in the
 * library): 404 / 403 as for a change, 409 `theme_in_use` while anything uses it (`themeUsage`).
 */
export async function deleteTheme(db: Db, scope: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await ownTheme(tx, scope.workspaceId, id);
    if (inUse(await themeUsage(tx, id))) throw new AppError('theme_in_use');
    // Its themed variants go with it: their file rows here, the bytes by the nightly file sweep.
    await tx
      .delete(exerciseFiles)
      .where(
        inArray(
          exerciseFiles.id,
          tx
            .select({ id: exerciseGenerated.fileId })
            .from(exerciseGenerated)
            .where(eq(exerciseGenerated.themeId, id)),
        ),
      );
    await tx.delete(themes).where(eq(themes.id, id));
  });
}

/** Figures over the themes the project sees (spec §7 /themes/statistic), counted by the database. */
export async function themeStatistic(db: Tx, workspaceId: number): Promise<ThemeStatistic> {
  const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      ready: counted(sql`${themes.ready}`),
      shared: counted(ne(themes.workspaceId, workspaceId) as SQL),
      general: counted(eq(themes.type, 'general')),
      custom: counted(eq(themes.type, 'custom')),
      boy: counted(sql`${themes.forBoy}`),
      girl: counted(sql`${themes.forGirl}`),
    })
    .from(themes)
    .where(visibleIn(workspaceId));
  const value = (figure: number | undefined) => figure ?? 0;
  return {
    total: value(row?.total),
    ready: value(row?.ready),
    shared: value(row?.shared),
    by_type: { general: value(row?.general), custom: value(row?.custom) },
    by_gender: { boy: value(row?.boy), girl: value(row?.girl) },
  };
}

/** A theme's assets with their files, grouped by type (every type present), each group by name. */
export async function themeAssetsGrouped(
  db: Tx,
  workspaceId: number,
  id: number,
): Promise<ThemeAssetsGrouped> {
  await visibleTheme(db, workspaceId, id);
  const links = await db
    .select({ assetId: themeAssets.assetId })
    .from(themeAssets)
    .where(eq(themeAssets.themeId, id));
  const grouped = Object.fromEntries(ASSET_TYPES.map((type) => [type, []])) as unknown as ThemeAssetsGrouped;
  for (const asset of await assetsByIds(
    db,
    links.map((link) => link.assetId),
  )) {
    grouped[asset.type].push(asset);
  }
  return grouped;
}

/**
 * Sets the library assets of a theme of the project (`PUT /themes/:id/assets`): 404 / 403 as for a
 * change; 422 on `asset_ids` naming ids that are no asset. The assets are locked against deletion
 * until the links are written.
 */
export async function setThemeAssets(
  db: Db,
  scope: Actor,
  id: number,
  input: ThemeAssetsInput,
): Promise<Theme> {
  await db.transaction(async (tx) => {
    await ownTheme(tx, scope.workspaceId, id);
    const ids = input.asset_ids;
    const found =
      ids.length === 0
        ? []
        : await tx.select({ id: assets.id }).from(assets).where(inArray(assets.id, ids)).for('key share');
    const known = new Set(found.map((row) => row.id));
    const missing = ids.filter((assetId) => !known.has(assetId));
    if (missing.length > 0) {
      throw fieldError('asset_ids', fieldMessage(scope.lang, 'assetNotFound', { ids: missing.join(', ') }));
    }
    await tx.delete(themeAssets).where(eq(themeAssets.themeId, id));
    if (ids.length > 0) await tx.insert(themeAssets).values(ids.map((assetId) => ({ themeId: id, assetId })));
    await tx.update(themes).set({ updatedAt: new Date() }).where(eq(themes.id, id));
  });
  return getTheme(db, scope, id);
}
