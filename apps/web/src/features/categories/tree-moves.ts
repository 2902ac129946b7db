import {
  ROOT_PARENT,
  applyMoves,
  buildTree,
  bySiblingOrder,
  parentsById,
  placeAmongSiblings,
  wouldCreateCycle,
  type Category,
  type CategoryPlace,
} from '@logoschool/contract';

/**
 * What the category screens do with a tree, as pure functions: every move (a drop, "Move up",
 * "Move into…") becomes the items of one bulk call, built with the contract's tree rules so that
 * the web refuses what the server would refuse.
 */

/** Where a dragged category goes relative to the row it is dropped on. */
export type DropZone = 'before' | 'inside' | 'after';

/** A category with its depth (0 at the top), in the order the tree shows them. */
export interface FlatCategory {
  category: Category;
  depth: number;
}

/** Every category of a tree, depth first, each level in its order. */
export function flattenTree(tree: readonly Category[], depth = 0): FlatCategory[] {
  return tree.flatMap((category) => [{ category, depth }, ...flattenTree(category.children, depth + 1)]);
}

/** Each category's place in the tree. */
export function placesOf(tree: readonly Category[]): CategoryPlace[] {
  return flattenTree(tree).map(({ category }) => ({
    id: category.id,
    parent: category.parent,
    order: category.order,
  }));
}

/**
 * The zone of a row under the pointer: its upper quarter puts the dragged category before the
 * row, its lower quarter after it, the middle inside it.
 */
export function dropZoneAt(offsetY: number, height: number): DropZone {
  if (offsetY < height / 4) return 'before';
  if (offsetY > (height * 3) / 4) return 'after';
  return 'inside';
}

/**
 * The bulk items that put category `id` at `position` among the children of `parent` (last when
 * undefined): every category of the group it enters and, when it changes parent, of the group it
 * leaves, each with its new position as order. Null when the move would put the category inside
 * itself, or changes nothing.
 */
export function planMove(
  places: readonly CategoryPlace[],
  id: number,
  parent: number,
  position?: number,
): CategoryPlace[] | null {
  const current = places.find((place) => place.id === id);
  if (!current || wouldCreateCycle(parentsById(places), id, parent)) return null;
  const entered = placeAmongSiblings(
    places.filter((place) => place.parent === parent),
    id,
    parent,
    position,
  );
  const left =
    current.parent === parent
      ? []
      : places
          .filter((place) => place.parent === current.parent && place.id !== id)
          .sort(bySiblingOrder)
          .map((place, order) => ({ id: place.id, parent: place.parent, order }));
  const items = [...left, ...entered];
  const before = new Map(places.map((place) => [place.id, place]));
  const changes = items.some((item) => {
    const was = before.get(item.id);
    return !was || was.parent !== item.parent || was.order !== item.order;
  });
  return changes ? items : null;
}

/** The siblings of a category (itself included) in their order. */
function siblingsOf(places: readonly CategoryPlace[], parent: number): CategoryPlace[] {
  return places.filter((place) => place.parent === parent).sort(bySiblingOrder);
}

/** The bulk items of dropping category `dragged` in `zone` of the row of `target`; null when refused. */
export function planDrop(
  places: readonly CategoryPlace[],
  dragged: number,
  target: number,
  zone: DropZone,
): CategoryPlace[] | null {
  const over = places.find((place) => place.id === target);
  if (!over || dragged === target) return null;
  if (zone === 'inside') return planMove(places, dragged, target);
  const others = siblingsOf(places, over.parent).filter((place) => place.id !== dragged);
  const at = others.findIndex((place) => place.id === target) + (zone === 'after' ? 1 : 0);
  return planMove(places, dragged, over.parent, at);
}

/** The bulk items of moving a category one place up (-1) or down (+1) among its siblings. */
export function planStep(places: readonly CategoryPlace[], id: number, step: -1 | 1): CategoryPlace[] | null {
  const current = places.find((place) => place.id === id);
  if (!current) return null;
  const index = siblingsOf(places, current.parent).findIndex((place) => place.id === id);
  const position = index + step;
  return position < 0 ? null : planMove(places, id, current.parent, position);
}

/** Whether a category is first and last among its siblings, for the row's "Move up/down". */
export function siblingPosition(places: readonly CategoryPlace[], id: number) {
  const current = places.find((place) => place.id === id);
  const siblings = current ? siblingsOf(places, current.parent) : [];
  const index = siblings.findIndex((place) => place.id === id);
  return { first: index <= 0, last: index === siblings.length - 1 };
}

/** The tree with the given places; categories not named keep theirs. */
export function withPlaces(tree: readonly Category[], places: readonly CategoryPlace[]): Category[] {
  const next = new Map(places.map((place) => [place.id, place]));
  const nodes = flattenTree(tree).map(({ category }) => {
    const place = next.get(category.id);
    return place ? { ...category, parent: place.parent, order: place.order } : category;
  });
  return buildTree(nodes);
}

/**
 * The tree after a bulk move, as the server will answer it (every touched group numbered
 * 0..n-1), for the optimistic update; null when the contract's rules refuse the move.
 */
export function movedTree(tree: readonly Category[], items: readonly CategoryPlace[]): Category[] | null {
  const outcome = applyMoves(placesOf(tree), items);
  return outcome.ok ? withPlaces(tree, outcome.places) : null;
}

/** A parent a category may be put under: the top of the tree (id 0) or a category, by its path. */
export interface ParentOption {
  id: number;
  /** The names from the top down to it; empty for the top of the tree. */
  path: string[];
}

/**
 * The parents category `id` may take: the top and every category but itself and those inside it
 * (all of them for a new category, `id` null).
 */
export function parentOptions(tree: readonly Category[], id: number | null): ParentOption[] {
  const options: ParentOption[] = [{ id: ROOT_PARENT, path: [] }];
  const visit = (nodes: readonly Category[], path: string[]) => {
    for (const node of nodes) {
      if (node.id === id) continue;
      const own = [...path, node.name];
      options.push({ id: node.id, path: own });
      visit(node.children, own);
    }
  };
  visit(tree, []);
  return options;
}

/** The category with an id, anywhere in the tree. */
export function findCategory(tree: readonly Category[], id: number): Category | undefined {
  return flattenTree(tree).find(({ category }) => category.id === id)?.category;
}
