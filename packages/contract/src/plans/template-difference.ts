import { z } from 'zod';
import type { TemplateBlock, TemplateContent } from './schemas.ts';

/** What changed in a block that both versions have. */
export const BLOCK_CHANGES = ['target', 'category', 'texts', 'bounds', 'folders', 'position'] as const;
export type BlockChange = (typeof BLOCK_CHANGES)[number];

/** A block's bounds: how many presentations a lesson takes from it. */
const boundsSchema = z.object({ min: z.number().int(), max: z.number().int() });
export type Bounds = z.infer<typeof boundsSchema>;

/** One block's difference between two versions of a template. */
export const blockDifferenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('added'), key: z.string(), target: z.string(), to: boundsSchema }),
  z.object({ kind: z.literal('removed'), key: z.string(), target: z.string(), from: boundsSchema }),
  z.object({
    kind: z.literal('changed'),
    key: z.string(),
    target: z.string(),
    changes: z.array(z.enum(BLOCK_CHANGES)),
    from: boundsSchema,
    to: boundsSchema,
  }),
]);
export type BlockDifference = z.infer<typeof blockDifferenceSchema>;

/** What a plan made from one version would change by taking another (issue 14: "template updated"). */
export const templateDifferenceSchema = z.object({
  title: z.boolean(),
  description: z.boolean(),
  /** The blocks that differ, in the new version's order, removed ones last. */
  blocks: z.array(blockDifferenceSchema),
});
export type TemplateDifference = z.infer<typeof templateDifferenceSchema>;

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
