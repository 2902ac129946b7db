/**
 * Copying a student (spec §7 /replicate-client): to a colleague in the same project, or to a teacher
 * of another project where the caller may copy too (`replicateScope`, `mayReplicateInto`). The copy
 * takes the student's fields, the linked themes the other project sees, and their plans with the
 * plans' blocks, in one transaction; the answer says what stayed behind.
 *
 * In the same project a plan is copied as it is (the same template version, folders and bounds).
 * In another project templates are that project's own: a plan goes over when the project has a
 * published template of the same title, made from its latest version; each block takes the
 * folder of the same name that the original block (matched by its target) had, within the new
 * block's bounds, and waits for a folder otherwise. A plan whose template the other project has no
 * published one of is not copied. The parents' link and when the plan was sent are not copied: the
 * copy is the new teacher's to send.
 */
import {
  mayReplicateInto,
  replicateScope,
  rolesInWorkspace,
  type ReplicateClientInput,
  type ReplicateClientResult,
  type TemplateBlock,
  type TemplateContent,
} from '@logoschool/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  clientThemes,
  clients,
  protocolBlocks,
  protocolTemplateVersions,
  protocolTemplates,
  protocols,
  themes,
  workspaces,
  type ClientRow,
  type ProtocolRow,
} from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { text } from '../../i18n/index.ts';
import { getClient } from '../clients/index.ts';
import { contentOf, latestTemplateVersion, versionContent } from '../plans/index.ts';
import { visibleIn } from '../themes/index.ts';
import { lockRemoteIds } from './crm-clients.service.ts';
import { projectTeacher } from './project-teachers.ts';

type Copied = ReplicateClientResult['plans_copied'][number];

/** The student to copy: of the project acted in, and the caller's own unless they may copy any. */
async function sourceRow(tx: Tx, actor: Actor, clientId: number): Promise<ClientRow> {
  const scope = replicateScope(actor.role);
  if (!scope) throw forbidden();
  const [row] = await tx
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.workspaceId, actor.workspaceId),
        eq(clients.id, clientId),
        scope === 'own' ? eq(clients.teacherId, actor.userId) : undefined,
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** The project to copy into: the one acted in, or another where the caller may copy too (404 else). */
async function targetProject(tx: Tx, actor: Actor, named: number | undefined): Promise<number> {
  if (named === undefined || named === actor.workspaceId) return actor.workspaceId;
  if (!mayReplicateInto(rolesInWorkspace(actor.user, named))) throw notFound();
  const [project] = await tx
    .select({ archived: workspaces.archived })
    .from(workspaces)
    .where(eq(workspaces.id, named));
  if (!project) throw notFound();
  if (project.archived) {
    throw new AppError(
      'validation_failed',
      {},
      { to_workspace_id: [fieldMessage(actor.lang, 'workspaceArchived')] },
    );
  }
  return named;
}

/** The student's linked themes that `workspaceId` sees, and the names of those it does not. */
async function themesFor(tx: Tx, clientId: number, workspaceId: number) {
  const linked = await tx
    .select({ id: themes.id, name: themes.name })
    .from(clientThemes)
    .innerJoin(themes, eq(themes.id, clientThemes.themeId))
    .where(eq(clientThemes.clientId, clientId))
    .orderBy(asc(themes.name));
  if (linked.length === 0) return { kept: [] as number[], dropped: [] as string[] };
  const seen = new Set(
    (
      await tx
        .select({ id: themes.id })
        .from(themes)
        .where(
          and(
            inArray(
              themes.id,
              linked.map((theme) => theme.id),
            ),
            visibleIn(workspaceId),
          ),
        )
    ).map((theme) => theme.id),
  );
  return {
    kept: linked.filter((theme) => seen.has(theme.id)).map((theme) => theme.id),
    dropped: linked.filter((theme) => !seen.has(theme.id)).map((theme) => theme.name),
  };
}

/** Whether a project already has a student with this remote id. */
async function remoteIdTaken(tx: Tx, workspaceId: number, remoteId: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.workspaceId, workspaceId), eq(clients.remoteId, remoteId)))
    .limit(1);
  return taken !== undefined;
}

/** Texts compared as a person would: trimmed, ignoring case. */
const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** A published template of `workspaceId` whose latest version has this title, or undefined. */
async function templateTitled(tx: Tx, workspaceId: number, title: string) {
  const [found] = await tx
    .select({ id: protocolTemplates.id, version: protocolTemplates.version })
    .from(protocolTemplates)
    .innerJoin(protocolTemplateVersions, latestTemplateVersion())
    .where(
      and(
        eq(protocolTemplates.workspaceId, workspaceId),
        gt(protocolTemplates.version, 0),
        sql`lower(trim(${protocolTemplateVersions.content}->>'title')) = lower(trim(${title}))`,
      ),
    )
    .orderBy(asc(protocolTemplates.id))
    .limit(1);
  return found;
}

/** A plan block's choice: the folder (a category id) and the bounds. */
interface Choice {
  folderId: number | null;
  min: number;
  max: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The blocks of a plan made from `to` for one made from `from` with `chosen` (by block key): each
 * block of `to` takes the choice of the first unused block of `from` with the same target, its
 * folder matched by name among those `to`'s block offers and its bounds kept within `to`'s.
 */
function carryOver(from: TemplateContent, chosen: Map<string, Choice>, to: TemplateContent) {
  const unused = [...from.blocks];
  return to.blocks.map((block: TemplateBlock) => {
    const index = unused.findIndex((candidate) => same(candidate.target, block.target));
    const original = index >= 0 ? unused.splice(index, 1)[0] : undefined;
    const choice = original ? chosen.get(original.key) : undefined;
    const folderName = original?.folders.find(
      (folder) => folder.category_id === choice?.folderId,
    )?.category_name;
    const folder =
      folderName === undefined
        ? undefined
        : block.folders.find((offered) => same(offered.category_name, folderName));
    const low = block.min_presentations;
    const high = block.max_presentations;
    const min = choice ? clamp(choice.min, low, high) : low;
    const max = choice ? clamp(choice.max, min, high) : high;
    return { key: block.key, folderId: folder?.category_id ?? null, min, max };
  });
}

/** Copies one plan to the new student; what was copied, or null when its template is not there. */
async function copyPlan(
  tx: Tx,
  plan: ProtocolRow,
  to: { workspaceId: number; teacherId: number; clientId: number },
): Promise<Copied | { skipped: { id: number; template_title: string } }> {
  const content = await contentOf(tx, plan);
  const chosen = new Map<string, Choice>(
    (await tx.select().from(protocolBlocks).where(eq(protocolBlocks.protocolId, plan.id))).map((block) => [
      block.key,
      { folderId: block.folderId, min: block.minPresentations, max: block.maxPresentations },
    ]),
  );
  let template = { id: plan.templateId, version: plan.templateVersion, keptVersion: plan.keptVersion };
  let blocks = content.blocks.map((block) => {
    const choice = chosen.get(block.key);
    return {
      key: block.key,
      folderId: choice?.folderId ?? null,
      min: choice?.min ?? block.min_presentations,
      max: choice?.max ?? block.max_presentations,
    };
  });
  let title = content.title;
  if (to.workspaceId !== plan.workspaceId) {
    const there = await templateTitled(tx, to.workspaceId, content.title);
    if (!there) return { skipped: { id: plan.id, template_title: content.title } };
    const thereContent = await versionContent(tx, there.id, there.version);
    if (!thereContent) throw new Error(`template ${there.id} has no version ${there.version}`);
    template = { id: there.id, version: there.version, keptVersion: 0 };
    blocks = carryOver(content, chosen, thereContent);
    title = thereContent.title;
  }
  const [row] = await tx
    .insert(protocols)
    .values({
      workspaceId: to.workspaceId,
      teacherId: to.teacherId,
      clientId: to.clientId,
      templateId: template.id,
      templateVersion: template.version,
      keptVersion: template.keptVersion,
      deadline: plan.deadline,
      lessons: plan.lessons,
    })
    .returning({ id: protocols.id });
  if (!row) throw new Error('the copied plan was not written');
  if (blocks.length > 0) {
    await tx.insert(protocolBlocks).values(
      blocks.map((block) => ({
        protocolId: row.id,
        key: block.key,
        folderId: block.folderId,
        minPresentations: block.min,
        maxPresentations: block.max,
      })),
    );
  }
  return {
    from_id: plan.id,
    id: row.id,
    template_title: title,
    filled: blocks.every((block) => block.folderId !== null),
  };
}

/** `POST /replicate-client`: the copy, and what stayed behind. */
export async function replicateClient(
  db: Db,
  actor: Actor,
  input: ReplicateClientInput,
): Promise<ReplicateClientResult> {
  return db.transaction(async (tx) => {
    const source = await sourceRow(tx, actor, input.client_id);
    const workspaceId = await targetProject(tx, actor, input.to_workspace_id);
    const teacher = await projectTeacher(tx, workspaceId, input.teacher_id);
    if (!teacher) throw notFound();
    if (workspaceId === source.workspaceId && teacher.id === source.teacherId) {
      throw new AppError('validation_failed', {}, { teacher_id: [text(actor.lang, 'crm.sameTeacher')] });
    }
    const linked = await themesFor(tx, source.id, workspaceId);
    // A remote id names one student per project: the original keeps it; another project's copy
    // takes it where it is free there.
    let remoteId = source.remoteId;
    if (remoteId !== null) {
      await lockRemoteIds(tx, workspaceId);
      if (workspaceId === source.workspaceId || (await remoteIdTaken(tx, workspaceId, remoteId)))
        remoteId = null;
    }
    const [copy] = await tx
      .insert(clients)
      .values({
        workspaceId,
        teacherId: teacher.id,
        clientName: source.clientName,
        childName: source.childName,
        birthdate: source.birthdate,
        commentForTeacher: source.commentForTeacher,
        customThemes: source.customThemes,
        parentRequest: source.parentRequest,
        language: source.language,
        parentEmail: source.parentEmail,
        parentPhone: source.parentPhone,
        remoteId,
      })
      .returning({ id: clients.id });
    if (!copy) throw new Error('the copy was not written');
    if (linked.kept.length > 0) {
      await tx.insert(clientThemes).values(linked.kept.map((themeId) => ({ clientId: copy.id, themeId })));
    }
    const plansCopied: Copied[] = [];
    const plansSkipped: ReplicateClientResult['plans_skipped'] = [];
    const plans = await tx
      .select()
      .from(protocols)
      .where(and(eq(protocols.workspaceId, source.workspaceId), eq(protocols.clientId, source.id)))
      .orderBy(asc(protocols.deadline), asc(protocols.id));
    for (const plan of plans) {
      const done = await copyPlan(tx, plan, { workspaceId, teacherId: teacher.id, clientId: copy.id });
      if ('skipped' in done) plansSkipped.push(done.skipped);
      else plansCopied.push(done);
    }
    return {
      client: await getClient(tx, { workspaceId, teacherId: teacher.id, lang: actor.lang }, copy.id),
      plans_copied: plansCopied,
      plans_skipped: plansSkipped,
      themes_dropped: linked.dropped,
      remote_id_dropped: source.remoteId !== null && remoteId === null,
    };
  });
}
