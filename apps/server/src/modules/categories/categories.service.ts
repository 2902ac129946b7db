import {
  ROOT_PARENT,
  applyMoves,
  buildTree,
  bySiblingOrder,
  parentsById,
  placeAmongSiblings,
  renumber,
  wouldCreateCycle,
  type Category,
  type CategoryBulkInput,
  type CategoryBulkResult,
  type CategoryInput,
  type CategoryPlace,
  type CategoryUpdate,
  type Language,
  type TreeOf,
} from '@logoschool/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  exercises,
  protocolTemplateBlocks,
  protocolTemplateFolders,
  type CategoryRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';

type CategoryView = Omit<Category, 'children'>;

function toCategoryView(row: CategoryRow): CategoryView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parent: row.parentId ?? ROOT_PARENT,
    is_folder: row.isFolder,
    link_id: row.linkId,
    order: row.order,
  };
}

/** The API's parent (0 for the root) as the column keeps it (null). */
const parentColumn = (parent: number) => (parent === ROOT_PARENT ? null : parent);

const inProject = (workspaceId: number) => eq(categories.workspaceId, workspaceId);

/** A 422 with one field error. */
const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', {}, { [field]: [message] });

/**
 * Tree changes are serialised per project: two moves that are each fine alone could otherwise make a
 * loop together, and sibling renumbering reads the whole group. (Two-key advisory locks live apart
 * from the one-key ones used elsewhere.)
 */
const TREE_LOCK_ID = 7_260_010;

async function lockTree(tx: Tx, workspaceId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_ID}::int, ${workspaceId}::int)`);
}

async function projectRows(tx: Tx, workspaceId: number): Promise<CategoryRow[]> {
  return tx.select().from(categories).where(inProject(workspaceId));
}

const placeOf = (row: CategoryRow): CategoryPlace => ({
  id: row.id,
  parent: row.parentId ?? ROOT_PARENT,
  order: row.order,
});

/** Writes the places that differ from `before`, in one statement. */
async function writePlaces(tx: Tx, workspaceId: number, before: CategoryPlace[], after: CategoryPlace[]) {
  const old = new Map(before.map((place) => [place.id, place]));
  const changed = after.filter((place) => {
    const was = old.get(place.id);
    return !was || was.parent !== place.parent || was.order !== place.order;
  });
  if (changed.length === 0) return;
  const values = sql.join(
    changed.map((place) => sql`(${place.id}::int, ${parentColumn(place.parent)}::int, ${place.order}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${categories}
    set parent_id = moved.parent, "order" = moved.position, updated_at = now()
    from (values ${values}) as moved(id, parent, position)
    where ${categories.id} = moved.id and ${categories.workspaceId} = ${workspaceId}`);
}

/** Throws 422 when a body names another project than the path (spec §7: the body carries `workspace_id`). */
function assertSameProject(scope: ProjectActor, named: number | undefined) {
  if (named !== undefined && named !== scope.workspaceId) {
    throw fieldError(
      'workspace_id',
      fieldMessage(scope.lang, 'workspaceMismatch', { workspaceId: scope.workspaceId }),
    );
  }
}

/** Throws 422 on `field` unless `id` is 0 (when allowed) or a category of the project. */
function assertKnown(known: ReadonlyMap<number, unknown>, id: number, field: string, lang: Language) {
  if (id !== ROOT_PARENT && !known.has(id)) throw fieldError(field, fieldMessage(lang, 'categoryNotFound'));
}

/** Throws 422 unless a link names another category of the project. */
function assertLink(
  known: ReadonlyMap<number, unknown>,
  linkId: number | null | undefined,
  id: number | null,
  lang: Language,
) {
  if (linkId === undefined || linkId === null) return;
  if (linkId === id) throw fieldError('link_id', fieldMessage(lang, 'categoryLinkSelf'));
  if (!known.has(linkId)) throw fieldError('link_id', fieldMessage(lang, 'categoryNotFound'));
}

function findNode(nodes: TreeOf<CategoryView>[], id: number): TreeOf<CategoryView> | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** One category of the project with its subtree, as it is now. */
async function categoryNode(tx: Tx, workspaceId: number, id: number): Promise<Category> {
  const node = findNode(buildTree((await projectRows(tx, workspaceId)).map(toCategoryView)), id);
  if (!node) throw notFound();
  return node;
}

/** The project's category tree (spec §3, §9): the top categories, each level by order then id. */
export async function listCategoryTree(db: Tx, workspaceId: number): Promise<Category[]> {
  return buildTree((await projectRows(db, workspaceId)).map(toCategoryView));
}

/**
 * A new category of the project under `parent`, at position `order` among its siblings (last when
 * absent); the siblings after it move down one. 422 for a parent or link not in the project.
 */
export async function createCategory(db: Db, scope: ProjectActor, input: CategoryInput): Promise<Category> {
  assertSameProject(scope, input.workspace_id);
  return db.transaction(async (tx) => {
    await lockTree(tx, scope.workspaceId);
    const rows = await projectRows(tx, scope.workspaceId);
    const known = new Map(rows.map((row) => [row.id, row]));
    assertKnown(known, input.parent, 'parent', scope.lang);
    assertLink(known, input.link_id, null, scope.lang);
    const [row] = await tx
      .insert(categories)
      .values({
        workspaceId: scope.workspaceId,
        parentId: parentColumn(input.parent),
        name: input.name,
        description: input.description ?? '',
        isFolder: input.is_folder ?? false,
        linkId: input.link_id ?? null,
        order: 0,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const before = [...rows.map(placeOf), placeOf(row)];
    const siblings = before.filter((place) => place.parent === input.parent);
    await writePlaces(
      tx,
      scope.workspaceId,
      before,
      placeAmongSiblings(siblings, row.id, input.parent, input.order),
    );
    return categoryNode(tx, scope.workspaceId, row.id);
  });
}

/**
 * The places after one category takes `parent` and, when given, position `order` there; without
 * `order` it keeps its place under the same parent, or goes last under a new one. The group it
 * left closes up.
 */
function placesAfterEdit(places: CategoryPlace[], current: CategoryPlace, parent: number, order?: number) {
  const moved = parent !== current.parent;
  if (!moved && order === undefined) return places;
  const siblings = places.filter((place) => place.parent === parent && place.id !== current.id);
  const position = order ?? (moved ? undefined : current.order);
  const group = new Map(
    placeAmongSiblings(siblings, current.id, parent, position).map((place) => [place.id, place]),
  );
  const next = places.map((place) => group.get(place.id) ?? place);
  return moved ? renumber(next, [current.parent]) : next;
}

/**
 * Changes a category of the project (spec §7: the full category). 404 when it is not the project's;
 * 409 `category_cycle` when the new parent is the category itself or inside it; 422 for a parent
 * or link not in the project, or a link to itself.
 */
export async function updateCategory(
  db: Db,
  scope: ProjectActor,
  id: number,
  input: CategoryUpdate,
): Promise<Category> {
  return db.transaction(async (tx) => {
    await lockTree(tx, scope.workspaceId);
    const rows = await projectRows(tx, scope.workspaceId);
    const known = new Map(rows.map((row) => [row.id, row]));
    const row = known.get(id);
    if (!row) throw notFound();
    if (input.id !== undefined && input.id !== id)
      throw fieldError('id', fieldMessage(scope.lang, 'invalid'));
    assertSameProject(scope, input.workspace_id);
    assertKnown(known, input.parent, 'parent', scope.lang);
    const places = rows.map(placeOf);
    if (wouldCreateCycle(parentsById(places), id, input.parent)) throw new AppError('category_cycle');
    assertLink(known, input.link_id, id, scope.lang);

    await tx
      .update(categories)
      .set({
        name: input.name,
        description: input.description,
        isFolder: input.is_folder,
        linkId: input.link_id,
        updatedAt: new Date(),
      })
      .where(and(inProject(scope.workspaceId), eq(categories.id, id)));
    const next = placesAfterEdit(places, placeOf(row), input.parent, input.order);
    await writePlaces(tx, scope.workspaceId, places, next);
    return categoryNode(tx, scope.workspaceId, id);
  });
}

/** What still uses a category, so that deleting it would lose something. */
export interface CategoryUsage {
  /** Categories directly under it. */
  children: number;
  /** Exercises in it, whatever their status. */
  exercises: number;
  /** Blocks and folders of protocol templates' working copies that name it. */
  templates: number;
}

/** What uses a category: its subcategories, its exercises (spec §3 Exercise: category) and templates. */
export async function categoryUsage(tx: Tx, workspaceId: number, id: number): Promise<CategoryUsage> {
  const [children] = await tx
    .select({ count: count() })
    .from(categories)
    .where(and(inProject(workspaceId), eq(categories.parentId, id)));
  const [used] = await tx
    .select({ count: count() })
    .from(exercises)
    .where(and(eq(exercises.workspaceId, workspaceId), eq(exercises.categoryId, id)));
  const [blocks] = await tx
    .select({ count: count() })
    .from(protocolTemplateBlocks)
    .where(eq(protocolTemplateBlocks.categoryId, id));
  const [folders] = await tx
    .select({ count: count() })
    .from(protocolTemplateFolders)
    .where(eq(protocolTemplateFolders.categoryId, id));
  return {
    children: children?.count ?? 0,
    exercises: used?.count ?? 0,
    templates: (blocks?.count ?? 0) + (folders?.count ?? 0),
  };
}

/** Whether anything at all uses a category. */
const inUse = (usage: CategoryUsage) => Object.values(usage).some((uses) => uses > 0);

/**
 * Deletes a category of the project: 404 when it is not the project's, 409 `category_in_use` while
 * anything uses it (`categoryUsage`). Its siblings close up; links to it are cleared by the database.
 */
export async function deleteCategory(db: Db, workspaceId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx, workspaceId);
    const rows = await projectRows(tx, workspaceId);
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) throw notFound();
    if (inUse(await categoryUsage(tx, workspaceId, id))) throw new AppError('category_in_use');
    await tx.delete(categories).where(and(inProject(workspaceId), eq(categories.id, id)));
    const rest = rows.filter((candidate) => candidate.id !== id).map(placeOf);
    await writePlaces(tx, workspaceId, rest, renumber(rest, [placeOf(row).parent]));
  });
}

/** Every category's place, by parent, order and id: the answer of the bulk call. */
const sortedPlaces = (places: CategoryPlace[]) =>
  [...places].sort((a, b) => a.parent - b.parent || bySiblingOrder(a, b));

/**
 * Moves and reorders categories of the project in one transaction (spec §7 bulk), all or nothing:
 * 422 with a field error for an item naming a category or parent not in the project, 409
 * `category_cycle` when the result would not be a tree. Answers every category's place.
 */
export async function moveCategories(
  db: Db,
  scope: ProjectActor,
  input: CategoryBulkInput,
): Promise<CategoryBulkResult> {
  assertSameProject(scope, input.workspace_id);
  return db.transaction(async (tx) => {
    await lockTree(tx, scope.workspaceId);
    const places = (await projectRows(tx, scope.workspaceId)).map(placeOf);
    const outcome = applyMoves(places, input.items);
    if (!outcome.ok) {
      const { kind, index } = outcome.problem;
      if (kind === 'cycle') throw new AppError('category_cycle');
      const field = `items.${index}.${kind === 'unknownCategory' ? 'id' : 'parent'}`;
      throw fieldError(field, fieldMessage(scope.lang, 'categoryNotFound'));
    }
    await writePlaces(tx, scope.workspaceId, places, outcome.places);
    return { categories: sortedPlaces(outcome.places) };
  });
}
