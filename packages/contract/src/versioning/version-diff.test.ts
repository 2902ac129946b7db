import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  listOf,
  listsOf,
  versionDifference,
  type VersionDifference,
  type VersionItem,
  type VersionSnapshot,
} from './version-diff.ts';

const item = (
  key: string,
  fields: Record<string, unknown> = {},
  parent: string | null = null,
): VersionItem => ({
  key,
  kind: parent === null ? 'block' : 'question',
  label: key.toUpperCase(),
  parent,
  fields,
});

/**
 * The newer version's lists made from the older one's and the difference alone: the removed items
 * go, the added and moved ones take their places in order of position, the others keep theirs.
 */
function apply(from: VersionSnapshot, difference: VersionDifference): Map<string, string[]> {
  const placed = difference.changes.filter(
    (change) => change.change === 'added' || change.change === 'moved',
  );
  const gone = new Set(
    difference.changes.filter((change) => change.change !== 'changed').map((change) => change.key),
  );
  const lists = listsOf(from.items.filter((old) => !gone.has(old.key)));
  for (const change of [...placed].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))) {
    const list = lists.get(listOf(change)) ?? [];
    list.splice(change.position ?? list.length, 0, change.key);
    lists.set(listOf(change), list);
  }
  return new Map([...lists].filter(([, keys]) => keys.length > 0));
}

/** A snapshot of two levels from a pool of keys: blocks, and questions in the blocks before them. */
const snapshot = fc
  .uniqueArray(
    fc.record({
      key: fc.constantFrom(...Array.from({ length: 14 }, (_, n) => `k${n}`)),
      child: fc.boolean(),
      parent: fc.nat(),
      value: fc.nat({ max: 2 }),
    }),
    { selector: (entry) => entry.key, maxLength: 14 },
  )
  .chain((entries) => fc.record({ entries: fc.constant(entries), title: fc.constantFrom('A', 'B') }))
  .map(({ entries, title }): VersionSnapshot => {
    const blocks: string[] = [];
    const items = entries.map((entry) => {
      const parent = entry.child && blocks.length > 0 ? blocks[entry.parent % blocks.length] : undefined;
      if (parent === undefined) blocks.push(entry.key);
      return item(entry.key, { value: entry.value }, parent ?? null);
    });
    return { fields: { title }, items };
  });

describe('the difference between two versions', () => {
  it('finds nothing between a version and itself', () => {
    fc.assert(
      fc.property(snapshot, (version) => {
        expect(versionDifference(version, version)).toEqual({ fields: [], changes: [] });
      }),
    );
  });

  it("turns the older version's keys into the newer one's when its changes are applied", () => {
    fc.assert(
      fc.property(snapshot, snapshot, (from, to) => {
        expect(apply(from, versionDifference(from, to))).toEqual(listsOf(to.items));
      }),
    );
  });

  it('reports each kept item once, as changed only when a field differs', () => {
    fc.assert(
      fc.property(snapshot, snapshot, (from, to) => {
        const { changes } = versionDifference(from, to);
        expect(new Set(changes.map((change) => change.key)).size).toBe(changes.length);
        const before = new Map(from.items.map((old) => [old.key, old]));
        for (const change of changes.filter((one) => one.change === 'changed')) {
          expect(change.fields.length).toBeGreaterThan(0);
          expect(before.has(change.key)).toBe(true);
        }
      }),
    );
  });

  it('names added, removed, changed and moved items and the fields that differ', () => {
    const from: VersionSnapshot = {
      fields: { title: 'T', description: 'D' },
      items: [item('a', { x: 1 }), item('b', { x: 1 }), item('c', { x: 1 }), item('q', { x: 1 }, 'a')],
    };
    const to: VersionSnapshot = {
      fields: { title: 'T2', description: 'D' },
      items: [item('c', { x: 1 }), item('a', { x: 2 }), item('d', { x: 1 }), item('q', { x: 1 }, 'c')],
    };
    expect(versionDifference(from, to)).toEqual({
      fields: ['title'],
      changes: [
        {
          change: 'moved',
          key: 'c',
          kind: 'block',
          label: 'C',
          parent: null,
          parent_label: null,
          position: 0,
          fields: [],
        },
        {
          change: 'changed',
          key: 'a',
          kind: 'block',
          label: 'A',
          parent: null,
          parent_label: null,
          position: null,
          fields: ['x'],
        },
        {
          change: 'added',
          key: 'd',
          kind: 'block',
          label: 'D',
          parent: null,
          parent_label: null,
          position: 2,
          fields: [],
        },
        {
          change: 'moved',
          key: 'q',
          kind: 'question',
          label: 'Q',
          parent: 'c',
          parent_label: 'C',
          position: 0,
          fields: [],
        },
        {
          change: 'removed',
          key: 'b',
          kind: 'block',
          label: 'B',
          parent: null,
          parent_label: null,
          position: null,
          fields: [],
        },
      ],
    });
  });
});
