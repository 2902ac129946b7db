/**
 * Plans (protocols, spec §3 Protocol/plan; issue 14): a teacher's plan of ten lessons for one of
 * their students, made from a published template version. The teacher picks one folder per block
 * and may narrow its bounds within the template's; the status is computed (contract `planStatus`).
 */
import {
  PLAN_FILTERS,
  PLAN_LESSONS,
  dayIn,
  planStatus,
  templateDifference,
  type Plan,
  type PlanBlock,
  type PlanListItem,
  type PlansPage,
  type PlansQuery,
  type TemplateContent,
  type planCreateInput,
  type planInput,
  type planTemplateUpdateInput,
} from '@logoschool/contract';
import { and, asc, count, eq, gte, lt, not, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset } from '../../db/pages.ts';
import {
  clients,
  protocolBlocks,
  protocolTemplates,
  protocols,
  type ProtocolRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { FieldMessage } from '../../i18n/index.ts';
import { makePlanLessons } from './plan-lessons.ts';
import { versionContent, versionContents } from './templates.service.ts';

/** The time zone a call judges deadlines in: the teacher's browser's, UTC when not said. */
export interface PlanCaller extends ProjectActor {
  timeZone: string;
}

const ownedBy = (caller: ProjectActor) =>
  and(eq(protocols.workspaceId, caller.workspaceId), eq(protocols.teacherId, caller.userId));

/** A 422 naming each field's problem. */
function fieldErrors(
  lang: ProjectActor['lang'],
  problems: [string, FieldMessage, Record<string, string | number>?][],
) {
  const errors: Record<string, string[]> = {};
  for (const [field, key, params] of problems)
    (errors[field] ??= []).push(fieldMessage(lang, key, params ?? {}));
  return new AppError('validation_failed', {}, errors);
}

/** The template version a plan was made from; a plan always has one (versions are never deleted). */
export async function contentOf(db: Tx, row: ProtocolRow): Promise<TemplateContent> {
  const content = await versionContent(db, row.templateId, row.templateVersion);
  if (!content)
    throw new Error(`plan ${row.id}: template ${row.templateId} has no version ${row.templateVersion}`);
  return content;
}

/** What a plan's view needs besides its row: the versions' contents, the latest number, the child. */
interface PlanContext {
  content: TemplateContent;
  latest: number;
  latestContent: TemplateContent | null;
  client: Plan['client'];
}

/** The plan as its teacher sees it, but its blocks: the one shape of the plan and of a list row. */
function planView(
  row: ProtocolRow,
  context: PlanContext,
  filled: boolean,
  timeZone: string,
): Omit<Plan, 'blocks'> {
  const { content, latest, latestContent, client } = context;
  return {
    id: row.id,
    client,
    template: {
      id: row.templateId,
      title: content.title,
      version: row.templateVersion,
      latest_version: latest,
    },
    deadline: row.deadline,
    lessons: row.lessons,
    status: planStatus({ deadline: row.deadline, filled }, timeZone),
    sent_at: row.sentAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    template_update: latestContent ? templateDifference(content, latestContent) : null,
    template_update_kept: latestContent !== null && latest <= row.keptVersion,
  };
}

/** The plan as its teacher sees it. */
async function viewOf(db: Tx, caller: PlanCaller, row: ProtocolRow): Promise<Plan> {
  const content = await contentOf(db, row);
  const [template] = await db
    .select({ version: protocolTemplates.version })
    .from(protocolTemplates)
    .where(eq(protocolTemplates.id, row.templateId));
  const [client] = await db
    .select({ id: clients.id, child_name: clients.childName })
    .from(clients)
    .where(eq(clients.id, row.clientId));
  const chosen = new Map(
    (await db.select().from(protocolBlocks).where(eq(protocolBlocks.protocolId, row.id))).map((block) => [
      block.key,
      block,
    ]),
  );
  const blocks: PlanBlock[] = content.blocks.map((block) => {
    const own = chosen.get(block.key);
    return {
      key: block.key,
      target: block.target,
      category_name: block.category_name,
      description_parents: block.description_parents,
      description_educator: block.description_educator,
      template_min: block.min_presentations,
      template_max: block.max_presentations,
      min_presentations: own?.minPresentations ?? block.min_presentations,
      max_presentations: own?.maxPresentations ?? block.max_presentations,
      folder_id: own?.folderId ?? null,
      folders: block.folders,
    };
  });
  const latest = template?.version ?? row.templateVersion;
  const latestContent =
    latest > row.templateVersion ? await versionContent(db, row.templateId, latest) : null;
  const context = { content, latest, latestContent, client: client ?? { id: row.clientId, child_name: '' } };
  const filled = blocks.every((block) => block.folder_id !== null);
  return { ...planView(row, context, filled, caller.timeZone), blocks };
}

/** The plan's row when it is the caller's; 404 otherwise. */
export async function ownRow(db: Tx, caller: ProjectActor, id: number, lock = false): Promise<ProtocolRow> {
  const query = db
    .select()
    .from(protocols)
    .where(and(ownedBy(caller), eq(protocols.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** `GET /protocols/:id`. */
export async function getPlan(db: Tx, caller: PlanCaller, id: number): Promise<Plan> {
  return viewOf(db, caller, await ownRow(db, caller, id));
}

/** Whether a plan still has a block without its folder. */
const unfilled = sql`exists (select 1 from ${protocolBlocks} where ${protocolBlocks.protocolId} = ${protocols.id} and ${protocolBlocks.folderId} is null)`;

/** `GET /protocols`: the caller's plans, by the filter of spec §4, the nearest deadline first. */
export async function listPlans(db: Tx, caller: PlanCaller, query: PlansQuery): Promise<PlansPage> {
  const today = dayIn(caller.timeZone);
  const status = PLAN_FILTERS[query.filter];
  const byStatus: Record<NonNullable<typeof status>, SQL | undefined> = {
    expired: lt(protocols.deadline, today),
    pending: and(gte(protocols.deadline, today), unfilled),
    active: and(gte(protocols.deadline, today), not(unfilled)),
  };
  const where = and(
    ownedBy(caller),
    query.client_id === undefined ? undefined : eq(protocols.clientId, query.client_id),
    status === null ? undefined : byStatus[status],
  );
  // A page in one query (the child, the template's latest version, whether a block waits, how many
  // blocks), then the template versions it names in one more: not a view per row.
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(protocols).where(where),
    db
      .select({
        plan: protocols,
        childName: clients.childName,
        latest: protocolTemplates.version,
        unfilled: sql<boolean>`${unfilled}`,
      })
      .from(protocols)
      .innerJoin(clients, eq(clients.id, protocols.clientId))
      .innerJoin(protocolTemplates, eq(protocolTemplates.id, protocols.templateId))
      .where(where)
      .orderBy(asc(protocols.deadline), asc(protocols.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
  ]);
  const wanted = rows.flatMap(({ plan, latest }) => [
    [plan.templateId, plan.templateVersion] as const,
    ...(latest > plan.templateVersion ? [[plan.templateId, latest] as const] : []),
  ]);
  const contents = await versionContents(db, wanted);
  const data: PlanListItem[] = rows.map(({ plan, childName, latest, unfilled: waiting }) => {
    const content = contents.get(`${plan.templateId}:${plan.templateVersion}`);
    if (!content)
      throw new Error(`plan ${plan.id}: template ${plan.templateId} has no version ${plan.templateVersion}`);
    const context = {
      content,
      latest,
      latestContent:
        latest > plan.templateVersion ? (contents.get(`${plan.templateId}:${latest}`) ?? null) : null,
      client: { id: plan.clientId, child_name: childName },
    };
    return { ...planView(plan, context, !waiting, caller.timeZone), blocks: content.blocks.length };
  });
  return pageOf(data, total, query);
}

/**
 * `POST /protocols`: a plan for one of the caller's students from the latest published version of
 * a template they read, every block waiting for its folder (the plan is "to fill").
 */
export async function createPlan(
  db: Db,
  caller: PlanCaller,
  input: z.output<typeof planCreateInput>,
): Promise<Plan> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(
          eq(clients.workspaceId, caller.workspaceId),
          eq(clients.teacherId, caller.userId),
          eq(clients.id, input.client_id),
        ),
      );
    const [template] = await tx
      .select({ id: protocolTemplates.id, version: protocolTemplates.version })
      .from(protocolTemplates)
      .where(
        and(
          eq(protocolTemplates.workspaceId, caller.workspaceId),
          eq(protocolTemplates.id, input.template_id),
        ),
      );
    const problems: [string, FieldMessage][] = [];
    if (!client) problems.push(['client_id', 'notYourStudent']);
    if (!template || template.version === 0) problems.push(['template_id', 'templateNotPublished']);
    if (problems.length > 0 || !template) throw fieldErrors(caller.lang, problems);
    const content = await versionContent(tx, template.id, template.version);
    if (!content) throw new Error(`template ${template.id} has no version ${template.version}`);
    const [row] = await tx
      .insert(protocols)
      .values({
        workspaceId: caller.workspaceId,
        teacherId: caller.userId,
        clientId: input.client_id,
        templateId: template.id,
        templateVersion: template.version,
        deadline: input.deadline,
        lessons: PLAN_LESSONS,
      })
      .returning();
    if (!row) throw new Error('the plan was not written');
    await tx.insert(protocolBlocks).values(
      content.blocks.map((block) => ({
        protocolId: row.id,
        key: block.key,
        folderId: null,
        minPresentations: block.min_presentations,
        maxPresentations: block.max_presentations,
      })),
    );
    return viewOf(tx, caller, row);
  });
}

/**
 * `PUT /protocols/:id`: the deadline and every block's folder and bounds, all at once (spec §5: not
 * saved while a block has no folder; each block names the template's block, one of its folders,
 * bounds within the template's).
 */
export async function updatePlan(
  db: Db,
  caller: PlanCaller,
  id: number,
  input: z.output<typeof planInput>,
): Promise<Plan> {
  return db.transaction(async (tx) => {
    const row = await ownRow(tx, caller, id, true);
    const content = await contentOf(tx, row);
    const given = new Map(input.blocks.map((block, index) => [block.key, { block, index }]));
    const problems: [string, FieldMessage, Record<string, string | number>?][] = [];
    input.blocks.forEach((block, index) => {
      if (!content.blocks.some((own) => own.key === block.key))
        problems.push([`blocks.${index}.key`, 'unknownBlock']);
    });
    for (const block of content.blocks) {
      const entry = given.get(block.key);
      if (!entry) {
        problems.push(['blocks', 'blockWithoutFolder', { target: block.target }]);
        continue;
      }
      const { block: chosen, index } = entry;
      if (!block.folders.some((folder) => folder.category_id === chosen.folder_id)) {
        problems.push([`blocks.${index}.folder_id`, 'folderNotOffered']);
      }
      const bounds = { min: block.min_presentations, max: block.max_presentations };
      if (chosen.min_presentations < bounds.min || chosen.min_presentations > bounds.max) {
        problems.push([`blocks.${index}.min_presentations`, 'boundsOutsideTemplate', bounds]);
      }
      if (chosen.max_presentations < bounds.min || chosen.max_presentations > bounds.max) {
        problems.push([`blocks.${index}.max_presentations`, 'boundsOutsideTemplate', bounds]);
      }
    }
    if (problems.length > 0) throw fieldErrors(caller.lang, problems);
    await tx.delete(protocolBlocks).where(eq(protocolBlocks.protocolId, id));
    await tx.insert(protocolBlocks).values(
      input.blocks.map((block) => ({
        protocolId: id,
        key: block.key,
        folderId: block.folder_id,
        minPresentations: block.min_presentations,
        maxPresentations: block.max_presentations,
      })),
    );
    const [saved] = await tx
      .update(protocols)
      .set({ deadline: input.deadline, updatedAt: new Date() })
      .where(eq(protocols.id, id))
      .returning();
    if (!saved) throw notFound();
    // Filled now (every block has its folder): its ten lessons, the first time.
    await makePlanLessons(tx, id);
    return viewOf(tx, caller, saved);
  });
}

/**
 * `POST /protocols/:id/template-update`: the teacher's answer to the template's latest published
 * version, the one she was shown (`version`; 409 `template_version_changed` otherwise). `apply`: the
 * plan takes it; a kept block keeps its folder while the block still offers it and its bounds,
 * narrowed to the new ones; a new block waits for its folder, so the plan may be "to fill" again.
 * `keep`: the plan stays as it is, and remembers that this version was set aside.
 */
export async function takeTemplateUpdate(
  db: Db,
  caller: PlanCaller,
  id: number,
  input: z.output<typeof planTemplateUpdateInput>,
): Promise<Plan> {
  return db.transaction(async (tx) => {
    const row = await ownRow(tx, caller, id, true);
    const [template] = await tx
      .select({ version: protocolTemplates.version })
      .from(protocolTemplates)
      .where(eq(protocolTemplates.id, row.templateId))
      .for('update');
    if (!template || template.version !== input.version || input.version <= row.templateVersion) {
      throw new AppError('template_version_changed');
    }
    if (input.action === 'keep') {
      const [kept] = await tx
        .update(protocols)
        .set({ keptVersion: input.version })
        .where(eq(protocols.id, id))
        .returning();
      if (!kept) throw notFound();
      return viewOf(tx, caller, kept);
    }
    const content = await versionContent(tx, row.templateId, input.version);
    if (!content) throw new AppError('template_version_changed');
    const chosen = new Map(
      (await tx.select().from(protocolBlocks).where(eq(protocolBlocks.protocolId, id))).map((block) => [
        block.key,
        block,
      ]),
    );
    const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
    await tx.delete(protocolBlocks).where(eq(protocolBlocks.protocolId, id));
    await tx.insert(protocolBlocks).values(
      content.blocks.map((block) => {
        const own = chosen.get(block.key);
        const offered =
          own?.folderId != null && block.folders.some((folder) => folder.category_id === own.folderId);
        const min = clamp(
          own?.minPresentations ?? block.min_presentations,
          block.min_presentations,
          block.max_presentations,
        );
        const max = clamp(own?.maxPresentations ?? block.max_presentations, min, block.max_presentations);
        return {
          protocolId: id,
          key: block.key,
          folderId: offered ? (own?.folderId ?? null) : null,
          minPresentations: min,
          maxPresentations: max,
        };
      }),
    );
    const [saved] = await tx
      .update(protocols)
      .set({ templateVersion: input.version, updatedAt: new Date() })
      .where(eq(protocols.id, id))
      .returning();
    if (!saved) throw notFound();
    // A plan still filled after the update gets its lessons, if it had none.
    await makePlanLessons(tx, id);
    return viewOf(tx, caller, saved);
  });
}

/** `DELETE /protocols/:id`: the teacher's own plan. */
export async function deletePlan(db: Db, caller: ProjectActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await ownRow(tx, caller, id, true);
    await tx.delete(protocols).where(eq(protocols.id, id));
  });
}
