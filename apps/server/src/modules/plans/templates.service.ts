/**
 * Protocol templates (issue 14, spec §3 Protocol template): a working copy that its writer and the
 * moderators change, reviewed and published as numbered versions that plans are made from.
 */
import {
  roleMay,
  statusAfterEdit,
  templateActionsFor,
  type DocumentVersion,
  type ProtocolTemplate,
  type TemplateAction,
  type TemplateActor,
  type TemplateContent,
  type TemplateStatus,
  type TemplatesPage,
  type TemplatesQuery,
  type VersionsDiff,
  type VersionsDiffQuery,
} from '@logoschool/contract';
import { and, count, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  protocolTemplateBlocks,
  protocolTemplateVersions,
  protocolTemplates,
  users,
  type ProtocolTemplateRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { assertCategories, workingBlocks, writeBlocks, type TemplateInput } from './template-blocks.ts';
import { templateVersions, versionContent } from './template-versions.ts';

export { versionContent, versionContents } from './template-versions.ts';

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
  const actors = actorsOf(caller, row);
  const { content, working } = await currentContent(db, caller, row);
  if (!content) throw notFound();
  return {
    id: row.id,
    ...content,
    status: working ? (row.status as TemplateStatus) : 'published',
    version: row.version,
    writer: await templateVersions.writerOf(db, row.writerId),
    comment: working ? row.comment : '',
    actions: templateActionsFor(row.status as TemplateStatus, actors),
    editable: actors.length > 0,
    plans: working ? await templateVersions.usage(db, row.id) : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The template's row when the caller reads it; 404 otherwise (another project's, a draft of someone else). */
const readableRow = (db: Tx, caller: ProjectActor, id: number, lock = false) =>
  templateVersions.row(db, readable(caller), id, lock);

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
    const saved = await templateVersions.save(tx, id, {
      title: input.title,
      description: input.description,
      status: statusAfterEdit(row.status as TemplateStatus),
      updatedAt: new Date(),
    });
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
    const saved = await templateVersions.save(tx, id, {
      status,
      version,
      comment:
        change.action === 'return' ? (change.comment ?? '') : change.action === 'publish' ? '' : row.comment,
      updatedAt: new Date(),
    });
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
    await templateVersions.remove(tx, id);
  });
}
