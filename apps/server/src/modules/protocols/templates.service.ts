/**
 * Protocol templates (issue 14, spec §3 Protocol template): a working copy that its writer and the
 * moderators change, reviewed and published as numbered versions that plans are made from.
 */
import type { templateInput } from '@logoschool/contract';
import {
  roleMay,
  statusAfterEdit,
  templateActionsFor,
  type DocumentVersion,
  type TemplateAction,
  type VersionsDiff,
  type VersionsDiffQuery,
  type ProtocolTemplate,
  type TemplateActor,
  type TemplateBlock,
  type TemplateContent,
  type TemplateStatus,
  type TemplatesPage,
  type TemplatesQuery,
} from '@logoschool/contract';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  protocolTemplateBlocks,
  protocolTemplateFolders,
  protocolTemplateVersions,
  protocolTemplates,
  users,
  type ProtocolTemplateRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { FieldMessage } from '../../i18n/index.ts';
import { templateVersions, versionContent } from './template-versions.ts';

export { versionContent, versionContents } from './template-versions.ts';

type TemplateInput = z.output<typeof templateInput>;

const inProject = (workspaceId: number) => eq(protocolTemplates.workspaceId, workspaceId);

/** Whether the caller reviews templates (sees and changes every one as written). */
const moderates = (caller: ProjectActor) => roleMay(caller.role, 'protocolTemplates.moderate');

/** Who the caller is for one template. */
function actorsOf(caller: ProjectActor, row: ProtocolTemplateRow): TemplateActor[] {
  const actors: TemplateActor[] = [];
  if (row.writerId === caller.userId && roleMay(caller.role, 'protocolTemplates.write'))
    actors.push('writer');
  if (moderates(caller)) actors.push('moderator');
  return actors;
}

/**
 * What the caller reads of a template: moderators and its writer the working copy; everyone else
 * who reads templates (teachers) its latest published version, and nothing before the first.
 */
const seesWorkingCopy = (caller: ProjectActor, row: ProtocolTemplateRow) =>
  moderates(caller) || row.writerId === caller.userId;

/** The templates of the project the caller reads: all for a moderator, else own and published ones. */
function readable(caller: ProjectActor): SQL | undefined {
  if (moderates(caller)) return inProject(caller.workspaceId);
  return and(
    inProject(caller.workspaceId),
    or(eq(protocolTemplates.writerId, caller.userId), gt(protocolTemplates.version, 0)),
  );
}

/** The working copy's blocks with their folders and category names, in order. */
async function workingBlocks(db: Tx, templateId: number): Promise<TemplateBlock[]> {
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

/** What the caller reads of a template now: the working copy (`seesWorkingCopy`) or the latest version. */
async function currentContent(db: Tx, caller: ProjectActor, row: ProtocolTemplateRow) {
  const working = seesWorkingCopy(caller, row);
  const content: TemplateContent | null = working
    ? { title: row.title, description: row.description, blocks: await workingBlocks(db, row.id) }
    : await versionContent(db, row.id, row.version);
  return { content, working, version: row.version };
}

/** The template as the caller sees it (`seesWorkingCopy`), with what they may do to it. */
async function viewOf(db: Tx, caller: ProjectActor, row: ProtocolTemplateRow): Promise<ProtocolTemplate> {
  const [writer] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, row.writerId));
  const actors = actorsOf(caller, row);
  const { content, working } = await currentContent(db, caller, row);
  if (!content) throw notFound();
  return {
    id: row.id,
    ...content,
    status: working ? (row.status as TemplateStatus) : 'published',
    version: row.version,
    writer: writer ?? { id: row.writerId, name: '' },
    comment: working ? row.comment : '',
    actions: templateActionsFor(row.status as TemplateStatus, actors),
    editable: actors.length > 0,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The template's row when the caller reads it; 404 otherwise (another project's, a draft of someone else). */
async function readableRow(
  db: Tx,
  caller: ProjectActor,
  id: number,
  lock = false,
): Promise<ProtocolTemplateRow> {
  const query = db
    .select()
    .from(protocolTemplates)
    .where(and(readable(caller), eq(protocolTemplates.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** `GET /templates/:id`. */
export async function getTemplate(db: Tx, caller: ProjectActor, id: number): Promise<ProtocolTemplate> {
  return viewOf(db, caller, await readableRow(db, caller, id));
}

/** `GET /templates/:templateId/versions`: its published versions, the first first. */
export async function listTemplateVersions(
  db: Tx,
  caller: ProjectActor,
  id: number,
): Promise<DocumentVersion[]> {
  return templateVersions.list(db, (await readableRow(db, caller, id)).id);
}

/** `GET /templates/:templateId/versions/diff`: what changed between two versions (or to what the caller reads now). */
export async function diffTemplateVersions(
  db: Tx,
  caller: ProjectActor,
  id: number,
  query: VersionsDiffQuery,
): Promise<VersionsDiff> {
  const row = await readableRow(db, caller, id);
  return templateVersions.diff(db, id, query, () => currentContent(db, caller, row));
}

/** `GET /templates`: a page of the templates the caller reads, the latest change first. */
export async function listTemplates(
  db: Tx,
  caller: ProjectActor,
  query: TemplatesQuery,
): Promise<TemplatesPage> {
  // What `viewOf` shows, for a whole page in one query: the working copy to whom `seesWorkingCopy`,
  // the latest published version (joined) to everyone else.
  const working = moderates(caller) ? sql`true` : sql`${protocolTemplates.writerId} = ${caller.userId}`;
  const published = protocolTemplateVersions.content;
  const title = sql<string>`case when ${working} then ${protocolTemplates.title} else ${published}->>'title' end`;
  const status = sql<TemplateStatus>`case when ${working} then ${protocolTemplates.status} else 'published' end`;
  const blocks = sql<number>`(case when ${working}
    then (select count(*) from ${protocolTemplateBlocks} where ${protocolTemplateBlocks.templateId} = ${protocolTemplates.id})
    else jsonb_array_length(${published}->'blocks') end)::int`;
  const filters: (SQL | undefined)[] = [readable(caller)];
  if (query.status) filters.push(sql`${status} = ${query.status}`);
  if (query.term) filters.push(sql`strpos(lower(${title}), lower(${query.term})) > 0`);
  const where = and(...filters);
  const joined = and(
    eq(protocolTemplateVersions.templateId, protocolTemplates.id),
    eq(protocolTemplateVersions.version, protocolTemplates.version),
  );
  const [[total], rows] = await Promise.all([
    db
      .select({ count: count() })
      .from(protocolTemplates)
      .leftJoin(protocolTemplateVersions, joined)
      .where(where),
    db
      .select({
        id: protocolTemplates.id,
        title,
        status,
        version: protocolTemplates.version,
        writerId: protocolTemplates.writerId,
        writerName: users.name,
        updatedAt: protocolTemplates.updatedAt,
        blocks,
      })
      .from(protocolTemplates)
      .innerJoin(users, eq(users.id, protocolTemplates.writerId))
      .leftJoin(protocolTemplateVersions, joined)
      .where(where)
      .orderBy(desc(protocolTemplates.updatedAt), desc(protocolTemplates.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const data = rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    version: row.version,
    writer: { id: row.writerId, name: row.writerName },
    updated_at: row.updatedAt.toISOString(),
    blocks: row.blocks,
  }));
  return { data, meta: { total: total?.count ?? 0, page: query.page, per_page: query.per_page } };
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
async function assertCategories(db: Tx, caller: ProjectActor, input: TemplateInput): Promise<void> {
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
async function writeBlocks(tx: Tx, templateId: number, input: TemplateInput): Promise<void> {
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

/** `POST /templates`: a new draft, its writer the caller. */
export async function createTemplate(
  db: Db,
  caller: ProjectActor,
  input: TemplateInput,
): Promise<ProtocolTemplate> {
  await assertCategories(db, caller, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(protocolTemplates)
      .values({
        workspaceId: caller.workspaceId,
        writerId: caller.userId,
        status: 'draft',
        title: input.title,
        description: input.description,
      })
      .returning();
    if (!row) throw new Error('the template was not written');
    await writeBlocks(tx, row.id, input);
    return viewOf(tx, caller, row);
  });
}

/**
 * `PUT /templates/:id`: saves the working copy (its writer or a moderator); a published template
 * becomes a draft again, its plans keeping the published version until the next publication.
 */
export async function updateTemplate(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: TemplateInput,
): Promise<ProtocolTemplate> {
  return db.transaction(async (tx) => {
    const row = await readableRow(tx, caller, id, true);
    if (actorsOf(caller, row).length === 0) throw new AppError('forbidden');
    await assertCategories(tx, caller, input);
    const [saved] = await tx
      .update(protocolTemplates)
      .set({
        title: input.title,
        description: input.description,
        status: statusAfterEdit(row.status as TemplateStatus),
        updatedAt: new Date(),
      })
      .where(eq(protocolTemplates.id, id))
      .returning();
    if (!saved) throw notFound();
    await writeBlocks(tx, id, input);
    return viewOf(tx, caller, saved);
  });
}

/**
 * `POST /templates/:id/status` (its writer: send for review, take back) and `…/review` (a moderator:
 * return with a comment, or publish, which keeps the working copy as the next version).
 */
export async function changeTemplateStatus(
  db: Db,
  caller: ProjectActor,
  id: number,
  change: { action: TemplateAction; comment?: string | undefined },
): Promise<ProtocolTemplate> {
  return db.transaction(async (tx) => {
    const row = await readableRow(tx, caller, id, true);
    const actors = actorsOf(caller, row);
    if (actors.length === 0) throw new AppError('forbidden');
    const status = templateVersions.step(row.status as TemplateStatus, change.action, actors);
    const version = status === 'published' ? row.version + 1 : row.version;
    if (status === 'published') {
      const blocks = await workingBlocks(tx, id);
      const content = { title: row.title, description: row.description, blocks };
      await templateVersions.publish(tx, id, version, content, caller.userId);
    }
    const [saved] = await tx
      .update(protocolTemplates)
      .set({
        status,
        version,
        comment:
          change.action === 'return'
            ? (change.comment ?? '')
            : change.action === 'publish'
              ? ''
              : row.comment,
        updatedAt: new Date(),
      })
      .where(eq(protocolTemplates.id, id))
      .returning();
    if (!saved) throw notFound();
    return viewOf(tx, caller, saved);
  });
}

/**
 * `DELETE /templates/:id`: a moderator any, a writer their own that was never published; 409
 * `template_in_use` while plans are made from it (they keep its versions).
 */
export async function deleteTemplate(db: Db, caller: ProjectActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await readableRow(tx, caller, id, true);
    const actors = actorsOf(caller, row);
    if (!actors.includes('moderator') && !(actors.includes('writer') && row.version === 0)) {
      throw new AppError('forbidden');
    }
    await templateVersions.assertNotInUse(tx, id);
    await tx.delete(protocolTemplates).where(eq(protocolTemplates.id, id));
  });
}
