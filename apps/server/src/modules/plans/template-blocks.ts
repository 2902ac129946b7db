/**
 * The working copy of a protocol template (decision 030: each area keeps its working copy as it
 * likes): its blocks and their folders as rows, read in order, checked against the project's
 * category tree and written whole.
 */
import type { TemplateBlock, templateInput } from '@logoschool/contract';
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { categories, protocolTemplateBlocks, protocolTemplateFolders } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { FieldMessage } from '../../i18n/index.ts';

export type TemplateInput = z.output<typeof templateInput>;

/** The working copy's blocks with their folders and category names, in order. */
export async function workingBlocks(db: Tx, templateId: number): Promise<TemplateBlock[]> {
  const blocks = await db
    .select({ block: protocolTemplateBlocks, categoryName: categories.name })
    .from(protocolTemplateBlocks)
    .innerJoin(categories, eq(categories.id, protocolTemplateBlocks.categoryId))
    .where(eq(protocolTemplateBlocks.templateId, templateId))
    .orderBy(asc(protocolTemplateBlocks.position));
  const folders =
    blocks.length === 0
      ? []
      : await db
          .select({ folder: protocolTemplateFolders, categoryName: categories.name })
          .from(protocolTemplateFolders)
          .innerJoin(categories, eq(categories.id, protocolTemplateFolders.categoryId))
          .where(
            inArray(
              protocolTemplateFolders.blockId,
              blocks.map(({ block }) => block.id),
            ),
          )
          .orderBy(asc(protocolTemplateFolders.blockId), asc(protocolTemplateFolders.position));
  return blocks.map(({ block, categoryName }) => ({
    key: block.key,
    target: block.target,
    category_id: block.categoryId,
    category_name: categoryName,
    description_parents: block.descriptionParents,
    description_educator: block.descriptionEducator,
    min_presentations: block.minPresentations,
    max_presentations: block.maxPresentations,
    folders: folders
      .filter(({ folder }) => folder.blockId === block.id)
      .map(({ folder, categoryName: name }) => ({
        category_id: folder.categoryId,
        category_name: name,
        description_parents: folder.descriptionParents,
        indications_educator: folder.indicationsEducator,
      })),
  }));
}

/** A 422 naming the fields that break the category rules. */
function categoryError(lang: ProjectActor['lang'], problems: [string, FieldMessage][]): AppError {
  const errors: Record<string, string[]> = {};
  for (const [field, key] of problems) (errors[field] ??= []).push(fieldMessage(lang, key));
  return new AppError('validation_failed', {}, errors);
}

/**
 * Checks the categories of a template against the project's tree: a block's category is one of the
 * project's; each folder is a folder (`is_folder`) inside the block's category, at any depth.
 */
export async function assertCategories(db: Tx, caller: ProjectActor, input: TemplateInput): Promise<void> {
  const rows = await db
    .select({ id: categories.id, parent: categories.parentId, isFolder: categories.isFolder })
    .from(categories)
    .where(eq(categories.workspaceId, caller.workspaceId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const within = (id: number, ancestor: number) => {
    for (let at = byId.get(id)?.parent ?? null, steps = 0; at !== null && steps <= rows.length; steps += 1) {
      if (at === ancestor) return true;
      at = byId.get(at)?.parent ?? null;
    }
    return false;
  };
  const problems: [string, FieldMessage][] = [];
  input.blocks.forEach((block, index) => {
    if (!byId.has(block.category_id)) problems.push([`blocks.${index}.category_id`, 'categoryNotFound']);
    block.folders.forEach((folder, position) => {
      const field = `blocks.${index}.folders.${position}.category_id`;
      const category = byId.get(folder.category_id);
      if (!category) problems.push([field, 'categoryNotFound']);
      else if (!category.isFolder) problems.push([field, 'notAFolder']);
      else if (!within(folder.category_id, block.category_id)) problems.push([field, 'folderOutsideBlock']);
    });
  });
  if (problems.length > 0) throw categoryError(caller.lang, problems);
}

/** Replaces the working copy's blocks and folders with the input's (in one transaction with the caller). */
export async function writeBlocks(tx: Tx, templateId: number, input: TemplateInput): Promise<void> {
  await tx.delete(protocolTemplateBlocks).where(eq(protocolTemplateBlocks.templateId, templateId));
  const written = await tx
    .insert(protocolTemplateBlocks)
    .values(
      input.blocks.map((block, position) => ({
        templateId,
        position,
        key: block.key ?? randomUUID(),
        target: block.target,
        categoryId: block.category_id,
        descriptionParents: block.description_parents,
        descriptionEducator: block.description_educator,
        minPresentations: block.min_presentations,
        maxPresentations: block.max_presentations,
      })),
    )
    .returning({ id: protocolTemplateBlocks.id, position: protocolTemplateBlocks.position });
  const folders = written.flatMap(({ id, position }) =>
    (input.blocks[position]?.folders ?? []).map((folder, index) => ({
      blockId: id,
      position: index,
      categoryId: folder.category_id,
      descriptionParents: folder.description_parents,
      indicationsEducator: folder.indications_educator,
    })),
  );
  if (folders.length > 0) await tx.insert(protocolTemplateFolders).values(folders);
}
