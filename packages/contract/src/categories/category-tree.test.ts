import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMoves,
  buildTree,
  parentsById,
  placeAmongSiblings,
  renumber,
  treeProblem,
  wouldCreateCycle,
  type TreeOf,
} from './category-tree.ts';
import type { CategoryPlace } from './schemas.ts';

const place = (id: number, parent: number, order: number): CategoryPlace => ({ id, parent, order });

/**
 *     1          5
 *   2   3
 *   4
 */
const TREE = [place(1, 0, 0), place(2, 1, 0), place(3, 1, 1), place(4, 2, 0), place(5, 0, 1)];

describe('wouldCreateCycle', () => {
  const parentOf = parentsById(TREE);

  it('refuses a category under itself or under any of its descendants', () => {
    for (const [id, parent] of [
      [1, 1],
      [1, 2],
      [1, 4],
      [2, 4],
    ] as const) {
      expect(wouldCreateCycle(parentOf, id, parent), `${id} under ${parent}`).toBe(true);
    }
  });

  it('allows the root, a sibling, an ancestor or another branch', () => {
    for (const [id, parent] of [
      [4, 0],
      [2, 3],
      [4, 1],
      [1, 5],
      [5, 4],
    ] as const) {
      expect(wouldCreateCycle(parentOf, id, parent), `${id} under ${parent}`).toBe(false);
    }
  });

  it('does not loop on a loop already there, nor take an unknown parent for one', () => {
    const looped = new Map([
      [1, 2],
      [2, 1],
    ]);
    expect(wouldCreateCycle(looped, 3, 1)).toBe(true);
    expect(wouldCreateCycle(parentOf, 1, 99)).toBe(false);
  });
});

describe('treeProblem', () => {
  it('finds nothing wrong with a tree', () => {
    expect(treeProblem(TREE)).toBeNull();
    expect(treeProblem([])).toBeNull();
  });

  it('names an unknown parent, then a loop', () => {
    expect(treeProblem([...TREE, place(6, 99, 0)])).toEqual({ kind: 'unknownParent', id: 6 });
    expect(treeProblem([place(1, 2, 0), place(2, 1, 0)])).toEqual({ kind: 'cycle', id: 1 });
    expect(treeProblem([place(1, 1, 0)])).toEqual({ kind: 'cycle', id: 1 });
  });
});

describe('renumber', () => {
  it('numbers the named groups 0..n-1 by order then id, and leaves the others', () => {
    const places = [place(1, 0, 5), place(2, 0, 5), place(3, 0, 1), place(4, 1, 7), place(5, 1, 9)];
    expect(renumber(places, [0])).toEqual([
      place(1, 0, 1),
      place(2, 0, 2),
      place(3, 0, 0),
      place(4, 1, 7),
      place(5, 1, 9),
    ]);
    expect(places[0]).toEqual(place(1, 0, 5));
  });
});

describe('placeAmongSiblings', () => {
  const siblings = [place(2, 1, 0), place(3, 1, 1)];

  it('puts a category last without a position, or past the end', () => {
    expect(placeAmongSiblings(siblings, 9, 1)).toEqual([place(2, 1, 0), place(3, 1, 1), place(9, 1, 2)]);
    expect(placeAmongSiblings(siblings, 9, 1, 40)).toEqual([place(2, 1, 0), place(3, 1, 1), place(9, 1, 2)]);
  });

  it('puts it at the position, the others after it moving down', () => {
    expect(placeAmongSiblings(siblings, 9, 1, 0)).toEqual([place(9, 1, 0), place(2, 1, 1), place(3, 1, 2)]);
    expect(placeAmongSiblings(siblings, 9, 1, 1)).toEqual([place(2, 1, 0), place(9, 1, 1), place(3, 1, 2)]);
  });

  it('moves a member of the group within it', () => {
    expect(placeAmongSiblings(siblings, 2, 1, 1)).toEqual([place(3, 1, 0), place(2, 1, 1)]);
  });
});

describe('applyMoves', () => {
  it('moves and renumbers the groups left and entered', () => {
    expect(applyMoves(TREE, [place(4, 1, 1), place(3, 1, 2)])).toEqual({
      ok: true,
      places: [place(1, 0, 0), place(2, 1, 0), place(3, 1, 2), place(4, 1, 1), place(5, 0, 1)],
    });
    expect(applyMoves(TREE, [place(1, 5, 0)])).toEqual({
      ok: true,
      places: [place(1, 5, 0), place(2, 1, 0), place(3, 1, 1), place(4, 2, 0), place(5, 0, 0)],
    });
  });

  it('breaks ties of the given orders by id', () => {
    const outcome = applyMoves(TREE, [place(5, 0, 0), place(1, 0, 0)]);
    expect(outcome.ok && outcome.places.filter((p) => p.parent === 0)).toEqual([
      place(1, 0, 0),
      place(5, 0, 1),
    ]);
  });

  it('refuses an unknown category, an unknown parent and a loop, naming the item', () => {
    expect(applyMoves(TREE, [place(1, 0, 0), place(99, 0, 0)])).toEqual({
      ok: false,
      problem: { kind: 'unknownCategory', index: 1 },
    });
    expect(applyMoves(TREE, [place(1, 99, 0)])).toEqual({
      ok: false,
      problem: { kind: 'unknownParent', index: 0 },
    });
    expect(applyMoves(TREE, [place(5, 3, 0), place(1, 4, 0)])).toEqual({
      ok: false,
      problem: { kind: 'cycle', index: 1 },
    });
  });

  it('allows swapping a parent and its child in one call', () => {
    const outcome = applyMoves(TREE, [place(2, 0, 0), place(1, 2, 0)]);
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && treeProblem(outcome.places)).toBeNull();
  });
});

describe('buildTree', () => {
  it('nests the categories, every level by order then id, leaving out the unreachable', () => {
    const items = [...TREE, place(6, 0, 1), place(7, 99, 0)].map((p) => ({ ...p, name: `c${p.id}` }));
    const ids = (nodes: TreeOf<CategoryPlace>[]): unknown[] =>
      nodes.map((node) => (node.children.length ? [node.id, ids(node.children)] : node.id));
    expect(ids(buildTree(items))).toEqual([[1, [[2, [4]], 3]], 5, 6]);
    expect(buildTree(items)[0]?.name).toBe('c1');
  });
});

// Property: any sequence of bulk moves, valid or not, leaves one valid tree.

/** A tree of up to `max` categories: each one's parent is the root or an earlier category. */
const arbitraryTree = (max: number) =>
  fc.integer({ min: 1, max }).chain((size) =>
    fc
      .tuple(...Array.from({ length: size }, (_, index) => fc.integer({ min: 0, max: index })))
      .map((parents) =>
        renumber(
          parents.map((parent, index) => place(index + 1, parent, index)),
          [0, ...parents.map((_, index) => index + 1)],
        ),
      ),
  );

/** Moves naming mostly real categories and parents, sometimes unknown ones (the tree's size + 1..2). */
const arbitraryMoves = (size: number) =>
  fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: size + 1 }),
      parent: fc.integer({ min: 0, max: size + 2 }),
      order: fc.integer({ min: 0, max: size + 1 }),
    }),
    { selector: (move) => move.id, maxLength: 5 },
  );

/** Checks, independently of `applyMoves`, whether the moves are allowed. */
function movesAllowed(places: CategoryPlace[], moves: CategoryPlace[]): boolean {
  const ids = new Set(places.map((p) => p.id));
  if (moves.some((move) => !ids.has(move.id) || (move.parent !== 0 && !ids.has(move.parent)))) return false;
  const parentOf = parentsById(places);
  for (const move of moves) parentOf.set(move.id, move.parent);
  // Every category reaches the root in fewer steps than there are categories.
  return [...ids].every((id) => {
    let current = id;
    for (let step = 0; step <= ids.size; step++) {
      if (current === 0) return true;
      current = parentOf.get(current) as number;
    }
    return false;
  });
}

/** Exactly one tree: same ids, all reachable from the root, every sibling group numbered 0..n-1. */
function expectOneTree(places: CategoryPlace[], ids: number[]) {
  expect(places.map((p) => p.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  expect(treeProblem(places)).toBeNull();
  const reached = new Set<number>();
  const visit = (nodes: TreeOf<CategoryPlace>[]) =>
    nodes.forEach((node) => {
      reached.add(node.id);
      visit(node.children);
    });
  visit(buildTree(places));
  expect(reached.size).toBe(ids.length);
  const groups = new Map<number, number[]>();
  for (const p of places) groups.set(p.parent, [...(groups.get(p.parent) ?? []), p.order]);
  for (const orders of groups.values()) {
    expect(orders.sort((a, b) => a - b)).toEqual(orders.map((_, index) => index));
  }
}

describe('applyMoves on any tree (property)', () => {
  it('keeps exactly one valid tree after any sequence of moves, refusing exactly the invalid ones', () => {
    const scenario = arbitraryTree(15).chain((tree) =>
      fc.tuple(fc.constant(tree), fc.array(arbitraryMoves(tree.length), { maxLength: 8 })),
    );
    fc.assert(
      fc.property(scenario, ([tree, steps]) => {
        const ids = tree.map((p) => p.id);
        let places = tree;
        expectOneTree(places, ids);
        for (const moves of steps) {
          const outcome = applyMoves(places, moves);
          expect(outcome.ok).toBe(movesAllowed(places, moves));
          if (!outcome.ok) continue;
          for (const move of moves) {
            expect(outcome.places.find((p) => p.id === move.id)?.parent).toBe(move.parent);
          }
          places = outcome.places;
          expectOneTree(places, ids);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('orders every group a move touched by the given orders, ties by id, and keeps the others', () => {
    const scenario = arbitraryTree(12).chain((tree) =>
      fc.tuple(fc.constant(tree), arbitraryMoves(tree.length)),
    );
    fc.assert(
      fc.property(scenario, ([tree, moves]) => {
        const outcome = applyMoves(tree, moves);
        fc.pre(outcome.ok);
        if (!outcome.ok) return;
        const asked = new Map(tree.map((p) => [p.id, p]));
        for (const move of moves) asked.set(move.id, move);
        const touched = new Set(moves.flatMap((m) => [m.parent, tree.find((p) => p.id === m.id)!.parent]));
        for (const result of outcome.places) {
          if (!touched.has(result.parent)) {
            expect(result).toEqual(tree.find((p) => p.id === result.id));
            continue;
          }
          const before = [...asked.values()]
            .filter((p) => p.parent === result.parent)
            .sort((a, b) => a.order - b.order || a.id - b.id);
          expect(result.order).toBe(before.findIndex((p) => p.id === result.id));
        }
      }),
      { numRuns: 300 },
    );
  });
});
