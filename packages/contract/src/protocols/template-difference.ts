import type { TemplateBlock, TemplateContent } from './schemas.ts';

/** What changed in a block that both versions have. */
export type BlockChange = 'target' | 'category' | 'texts' | 'bounds' | 'folders' | 'position';

/** One block's difference between two versions of a template. */
export type BlockDifference =
  | { kind: 'added'; key: string; target: string; to: Bounds }
  | { kind: 'removed'; key: string; target: string; from: Bounds }
  | { kind: 'changed'; key: string; target: string; changes: BlockChange[]; from: Bounds; to: Bounds };

/** A block's bounds: how many presentations a lesson takes from it. */
export interface Bounds {
  min: number;
  max: number;
}

/** What a plan made from one version would change by taking another (issue 14: "template updated"). */
export interface TemplateDifference {
  title: boolean;
  description: boolean;
  /** The blocks that differ, in the new version's order, removed ones last. */
  blocks: BlockDifference[];
}

const boundsOf = (block: TemplateBlock): Bounds => ({
  min: block.min_presentations,
  max: block.max_presentations,
});

const foldersKey = (block: TemplateBlock) =>
  JSON.stringify(
    block.folders.map((folder) => [
      folder.category_id,
      folder.description_parents,
      folder.indications_educator,
    ]),
  );

/** What changed in a block between two versions (its key the same). */
function blockChanges(from: TemplateBlock, to: TemplateBlock, moved: boolean): BlockChange[] {
  const changes: BlockChange[] = [];
  if (from.target !== to.target) changes.push('target');
  if (from.category_id !== to.category_id) changes.push('category');
  if (
    from.description_parents !== to.description_parents ||
    from.description_educator !== to.description_educator
  ) {
    changes.push('texts');
  }
  if (from.min_presentations !== to.min_presentations || from.max_presentations !== to.max_presentations) {
    changes.push('bounds');
  }
  if (foldersKey(from) !== foldersKey(to)) changes.push('folders');
  if (moved) changes.push('position');
  return changes;
}

/**
 * The difference between two versions of a template, block by block (blocks are matched by their
 * key): added, removed, and changed blocks with what changed in each. A block counts as moved when
 * its place among the blocks both versions keep is another.
 */
export function templateDifference(from: TemplateContent, to: TemplateContent): TemplateDifference {
  const before = new Map(from.blocks.map((block) => [block.key, block]));
  const after = new Set(to.blocks.map((block) => block.key));
  const keptBefore = from.blocks.filter((block) => after.has(block.key)).map((block) => block.key);
  const keptAfter = to.blocks.filter((block) => before.has(block.key)).map((block) => block.key);
  const blocks: BlockDifference[] = [];
  for (const block of to.blocks) {
    const old = before.get(block.key);
    if (!old) {
      blocks.push({ kind: 'added', key: block.key, target: block.target, to: boundsOf(block) });
      continue;
    }
    const moved = keptBefore.indexOf(block.key) !== keptAfter.indexOf(block.key);
    const changes = blockChanges(old, block, moved);
    if (changes.length > 0) {
      blocks.push({
        kind: 'changed',
        key: block.key,
        target: block.target,
        changes,
        from: boundsOf(old),
        to: boundsOf(block),
      });
    }
  }
  for (const block of from.blocks) {
    if (!after.has(block.key)) {
      blocks.push({ kind: 'removed', key: block.key, target: block.target, from: boundsOf(block) });
    }
  }
  return { title: from.title !== to.title, description: from.description !== to.description, blocks };
}

/** Whether two versions differ at all. */
export const differs = (difference: TemplateDifference) =>
  difference.title || difference.description || difference.blocks.length > 0;
