import { z } from 'zod';

/**
 * The difference between two versions of a versioned document (decision 030), item by item, items
 * matched by their stable key (decision 024). The kit knows no area: an area says what its
 * document's items are (`VersionSnapshot`: each item's key, what kind of item it is, a label for
 * the reader, the item it sits in, and the fields compared), and this finds what was added,
 * removed, changed and moved.
 */

/** One item of a document as the difference sees it. */
export interface VersionItem {
  key: string;
  /** What the item is in its document ('block', 'question', 'computed'…): items are listed per kind. */
  kind: string;
  /** How the reader recognises it (a title, a question's text). */
  label: string;
  /** The key of the item it sits in (a question's block), null at the top. */
  parent: string | null;
  /** Its own fields, compared as JSON; nested items are items of their own, not fields. */
  fields: Record<string, unknown>;
}

/** A document version as the difference reads it: its own fields and its items in order. */
export interface VersionSnapshot {
  fields: Record<string, unknown>;
  items: VersionItem[];
}

export const VERSION_CHANGES = ['added', 'removed', 'changed', 'moved'] as const;
export type VersionChangeKind = (typeof VERSION_CHANGES)[number];

/** One item's change. */
export const versionChangeSchema = z.object({
  /**
   * `moved`: it is in another place among the items of its kind in its parent, or in another
   * parent (its fields may have changed too); `changed`: same place, other fields.
   */
  change: z.enum(VERSION_CHANGES),
  key: z.string(),
  kind: z.string(),
  label: z.string(),
  /** The parent in the newer version (in the older one for a removed item). */
  parent: z.string().nullable(),
  /** That parent's label, for the reader. */
  parent_label: z.string().nullable(),
  /** Where an added or moved item stands among its kind in its parent in the newer version. */
  position: z.number().int().nullable(),
  /** The fields that differ (an item both versions have). */
  fields: z.array(z.string()),
});
export type VersionChange = z.infer<typeof versionChangeSchema>;

/** The difference between two versions. */
export const versionDifferenceSchema = z.object({
  /** The document's own fields that differ (title, description…). */
  fields: z.array(z.string()),
  /** Per item, in the newer version's order, removed ones last. */
  changes: z.array(versionChangeSchema),
});
export type VersionDifference = z.infer<typeof versionDifferenceSchema>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of two records that differ, in the order they are named. */
function changedFields(from: Record<string, unknown>, to: Record<string, unknown>): string[] {
  const names = [...new Set([...Object.keys(to), ...Object.keys(from)])];
  return names.filter((name) => !same(from[name], to[name]));
}

/** Which list an item is in: items are ordered among the items of their kind in their parent. */
export const listOf = (item: Pick<VersionItem, 'parent' | 'kind'>) =>
  `${item.parent ?? ''}\u0000${item.kind}`;

/** The items of a snapshot per list, each in order. */
export function listsOf(items: readonly VersionItem[]): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const item of items) {
    const list = lists.get(listOf(item));
    if (list) list.push(item.key);
    else lists.set(listOf(item), [item.key]);
  }
  return lists;
}

/** The longest common subsequence of two key lists: the items that kept their order. */
function stayed(a: readonly string[], b: readonly string[]): Set<string> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = lengths[i] as number[];
      const next = lengths[i + 1] as number[];
      row[j] =
        a[i] === b[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
    }
  }
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(a[i] as string);
      i += 1;
      j += 1;
      // On a tie the older order wins: the item taken out of its place is the one reported moved.
    } else if ((lengths[i + 1]?.[j] ?? 0) > (lengths[i]?.[j + 1] ?? 0)) i += 1;
    else j += 1;
  }
  return kept;
}

/**
 * What changed from one version to another. The items that stayed in their list keep their order
 * (the longest run both versions share); every other kept item is `moved`, with the place it takes,
 * so that removing the removed ones and placing the added and moved ones, by position, turns the
 * older version's lists into the newer one's.
 */
export function versionDifference(from: VersionSnapshot, to: VersionSnapshot): VersionDifference {
  const before = new Map(from.items.map((item) => [item.key, item]));
  const afterItems = new Map(to.items.map((item) => [item.key, item]));
  const after = new Set(afterItems.keys());
  const labelIn = (items: Map<string, VersionItem>, key: string | null) =>
    key === null ? null : (items.get(key)?.label ?? null);
  const oldLists = listsOf(from.items);
  const newLists = listsOf(to.items);
  const kept = new Set<string>();
  for (const [list, keys] of newLists) {
    const old = (oldLists.get(list) ?? []).filter((key) => after.has(key));
    for (const key of stayed(old, keys)) kept.add(key);
  }
  const changes: VersionChange[] = [];
  for (const item of to.items) {
    const old = before.get(item.key);
    const position = newLists.get(listOf(item))?.indexOf(item.key) ?? null;
    const base = {
      key: item.key,
      kind: item.kind,
      label: item.label,
      parent: item.parent,
      parent_label: labelIn(afterItems, item.parent),
    };
    if (!old) {
      changes.push({ ...base, change: 'added', position, fields: [] });
      continue;
    }
    const fields = changedFields(old.fields, item.fields);
    if (!kept.has(item.key)) changes.push({ ...base, change: 'moved', position, fields });
    else if (fields.length > 0) changes.push({ ...base, change: 'changed', position: null, fields });
  }
  for (const item of from.items) {
    if (after.has(item.key)) continue;
    const { key, kind, label, parent } = item;
    const parent_label = labelIn(before, parent);
    changes.push({ change: 'removed', key, kind, label, parent, parent_label, position: null, fields: [] });
  }
  return { fields: changedFields(from.fields, to.fields), changes };
}
