import type { Category, CategoryPlace } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import {
  dropZoneAt,
  flattenTree,
  movedTree,
  parentOptions,
  placesOf,
  planDrop,
  planMove,
  planStep,
  siblingPosition,
} from './tree-moves.ts';

const node = (id: number, parent: number, order: number, children: Category[] = []): Category => ({
  id,
  name: `c${id}`,
  description: '',
  parent,
  is_folder: false,
  link_id: null,
  order,
  children,
});

/**
 * 1
 * ├─ 2
 * │  └─ 4
 * └─ 3
 * 5
 */
const tree: Category[] = [node(1, 0, 0, [node(2, 1, 0, [node(4, 2, 0)]), node(3, 1, 1)]), node(5, 0, 1)];
const places = placesOf(tree);
const sorted = (items: CategoryPlace[] | null) => [...(items ?? [])].sort((a, b) => a.id - b.id);

describe('dropZoneAt', () => {
  it('splits a row into quarters: before, inside (the middle half), after', () => {
    expect(dropZoneAt(5, 40)).toBe('before');
    expect(dropZoneAt(10, 40)).toBe('inside');
    expect(dropZoneAt(30, 40)).toBe('inside');
    expect(dropZoneAt(35, 40)).toBe('after');
  });
});

describe('planDrop', () => {
  it('puts a category before a sibling, numbering the group by position', () => {
    expect(planDrop(places, 3, 2, 'before')).toEqual([
      { id: 3, parent: 1, order: 0 },
      { id: 2, parent: 1, order: 1 },
    ]);
  });

  it('moves a category after a row of another group, renumbering both groups', () => {
    expect(sorted(planDrop(places, 2, 5, 'after'))).toEqual([
      { id: 1, parent: 0, order: 0 },
      { id: 2, parent: 0, order: 2 },
      { id: 3, parent: 1, order: 0 },
      { id: 5, parent: 0, order: 1 },
    ]);
  });

  it('puts a category inside a row as its last child', () => {
    expect(sorted(planDrop(places, 3, 2, 'inside'))).toEqual([
      { id: 2, parent: 1, order: 0 },
      { id: 3, parent: 2, order: 1 },
      { id: 4, parent: 2, order: 0 },
    ]);
  });

  it('refuses a drop on itself or inside its own subtree', () => {
    expect(planDrop(places, 1, 1, 'inside')).toBeNull();
    expect(planDrop(places, 1, 4, 'inside')).toBeNull();
    expect(planDrop(places, 1, 4, 'before')).toBeNull();
    expect(planDrop(places, 2, 4, 'after')).toBeNull();
  });

  it('sends nothing for a drop that changes nothing', () => {
    expect(planDrop(places, 2, 3, 'before')).toBeNull();
    expect(planDrop(places, 3, 2, 'after')).toBeNull();
    expect(planDrop(places, 3, 1, 'inside')).toBeNull();
  });
});

describe('planStep and siblingPosition', () => {
  it('moves a category one place up or down among its siblings', () => {
    expect(planStep(places, 3, -1)).toEqual([
      { id: 3, parent: 1, order: 0 },
      { id: 2, parent: 1, order: 1 },
    ]);
    expect(planStep(places, 1, 1)).toEqual([
      { id: 5, parent: 0, order: 0 },
      { id: 1, parent: 0, order: 1 },
    ]);
  });

  it('does not move the first up or the last down', () => {
    expect(planStep(places, 2, -1)).toBeNull();
    expect(planStep(places, 3, 1)).toBeNull();
    expect(siblingPosition(places, 2)).toEqual({ first: true, last: false });
    expect(siblingPosition(places, 4)).toEqual({ first: true, last: true });
  });
});

describe('movedTree', () => {
  it('gives the tree as it will be after a move', () => {
    const items = planMove(places, 4, 0, 0);
    const moved = movedTree(tree, items ?? []);
    expect(flattenTree(moved ?? []).map(({ category, depth }) => [category.id, depth])).toEqual([
      [4, 0],
      [1, 0],
      [2, 1],
      [3, 1],
      [5, 0],
    ]);
  });

  it('is null for a move the contract refuses', () => {
    expect(movedTree(tree, [{ id: 1, parent: 4, order: 0 }])).toBeNull();
  });
});

describe('parentOptions', () => {
  it('offers the top and every category outside the subtree of the one being edited', () => {
    expect(parentOptions(tree, 2).map((option) => option.id)).toEqual([0, 1, 3, 5]);
    expect(parentOptions(tree, null).find((option) => option.id === 4)?.path).toEqual(['c1', 'c2', 'c4']);
  });
});
