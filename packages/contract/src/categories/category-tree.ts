import { ROOT_PARENT, type CategoryPlace } from './schemas.ts';

/**
 * The rules of a project's category tree (spec §3: categories form a tree; reordering sets each
 * sibling's order by its position), as pure functions over places `{ id, parent, order }`. The
 * server applies them before writing; the web may use them to refuse a drop before sending it.
 */

/** Siblings in their order: by order, then by id. */
export function bySiblingOrder(a: CategoryPlace, b: CategoryPlace): number {
  return a.order - b.order || a.id - b.id;
}

/** Each category's parent, by id. */
export function parentsById(places: readonly CategoryPlace[]): Map<number, number> {
  return new Map(places.map((place) => [place.id, place.parent]));
}

/**
 * Whether putting category `id` under `parent` would put it inside itself (or inside a loop
 * already there). An unknown parent is not a cycle: callers refuse it on its own.
 */
export function wouldCreateCycle(parentOf: ReadonlyMap<number, number>, id: number, parent: number): boolean {
  const seen = new Set<number>();
  let current = parent;
  while (current !== ROOT_PARENT) {
    if (current === id || seen.has(current)) return true;
    seen.add(current);
    const next = parentOf.get(current);
    if (next === undefined) return false;
    current = next;
  }
  return false;
}

/** What is wrong with a set of places as a tree: the first category found in the fault. */
export type TreeProblem = { kind: 'unknownParent'; id: number } | { kind: 'cycle'; id: number };

/** The first problem of a tree, or null when every category is reachable from the root. */
export function treeProblem(places: readonly CategoryPlace[]): TreeProblem | null {
  const parentOf = parentsById(places);
  for (const place of places) {
    if (place.parent !== ROOT_PARENT && !parentOf.has(place.parent))
      return { kind: 'unknownParent', id: place.id };
  }
  for (const place of places) {
    if (wouldCreateCycle(parentOf, place.id, place.parent)) return { kind: 'cycle', id: place.id };
  }
  return null;
}

/**
 * The places with the sibling groups under `parents` numbered 0..n-1 by their current order, ties by
 * id. Other groups are left as they are.
 */
export function renumber(places: readonly CategoryPlace[], parents: Iterable<number>): CategoryPlace[] {
  const groups = new Set(parents);
  const next = new Map(places.map((place) => [place.id, { ...place }]));
  for (const parent of groups) {
    const siblings = [...next.values()].filter((place) => place.parent === parent).sort(bySiblingOrder);
    siblings.forEach((place, position) => (place.order = position));
  }
  return places.map((place) => next.get(place.id) as CategoryPlace);
}

/**
 * The new places of one sibling group when category `id` takes `position` in it (last when
 * undefined or past the end); the others keep their relative order. `siblings` are the group's
 * other members.
 */
export function placeAmongSiblings(
  siblings: readonly CategoryPlace[],
  id: number,
  parent: number,
  position?: number,
): CategoryPlace[] {
  const others = siblings.filter((place) => place.id !== id).sort(bySiblingOrder);
  const at = position === undefined ? others.length : Math.min(position, others.length);
  const group = [...others.slice(0, at), { id, parent, order: at }, ...others.slice(at)];
  return group.map((place, order) => ({ id: place.id, parent, order }));
}

/** Whether going up from category `id` comes back to it. */
function isOnLoop(parentOf: ReadonlyMap<number, number>, id: number): boolean {
  const seen = new Set<number>();
  let current = parentOf.get(id);
  while (current !== undefined && current !== ROOT_PARENT && !seen.has(current)) {
    if (current === id) return true;
    seen.add(current);
    current = parentOf.get(current);
  }
  return false;
}

/** Why a bulk move is refused, with the index of the item at fault. */
export type MoveProblem = {
  kind: 'unknownCategory' | 'unknownParent' | 'cycle';
  index: number;
};

export type MoveOutcome = { ok: true; places: CategoryPlace[] } | { ok: false; problem: MoveProblem };

/**
 * Applies a bulk move (spec §7: categories bulk) to a project's whole tree: each move names a
 * category of the tree, its new parent (0 or a category of the tree) and its order among its new
 * siblings. The result must again be a tree; then every sibling group a move left or entered is
 * numbered 0..n-1 by the given orders, ties by id. Refused as a whole at the first fault.
 */
export function applyMoves(current: readonly CategoryPlace[], moves: readonly CategoryPlace[]): MoveOutcome {
  const known = parentsById(current);
  const unknownCategory = moves.findIndex((move) => !known.has(move.id));
  if (unknownCategory >= 0)
    return { ok: false, problem: { kind: 'unknownCategory', index: unknownCategory } };
  const unknownParent = moves.findIndex((move) => move.parent !== ROOT_PARENT && !known.has(move.parent));
  if (unknownParent >= 0) return { ok: false, problem: { kind: 'unknownParent', index: unknownParent } };

  const moved = new Map(moves.map((move) => [move.id, move]));
  const next = current.map((place) => moved.get(place.id) ?? place);
  const parentOf = parentsById(next);
  // The tree had no loop before, so a loop now goes through a moved category.
  const cycle = moves.findIndex((move) => isOnLoop(parentOf, move.id));
  if (cycle >= 0) return { ok: false, problem: { kind: 'cycle', index: cycle } };

  const touched = moves.flatMap((move) => [move.parent, known.get(move.id) as number]);
  return { ok: true, places: renumber(next, touched) };
}

/** A category with its subtree. */
export type TreeOf<T> = T & { children: TreeOf<T>[] };

/**
 * The tree of a flat list: the categories under the root, each with its children, every level by
 * order then id. A category whose parent is not in the list is not reachable and left out.
 */
export function buildTree<T extends CategoryPlace>(items: readonly T[]): TreeOf<T>[] {
  const children = new Map<number, TreeOf<T>[]>();
  const nodes = items.map((item): TreeOf<T> => ({ ...item, children: [] }));
  for (const node of [...nodes].sort(bySiblingOrder)) {
    const group = children.get(node.parent) ?? [];
    group.push(node);
    children.set(node.parent, group);
  }
  for (const node of nodes) node.children = children.get(node.id) ?? [];
  return children.get(ROOT_PARENT) ?? [];
}
