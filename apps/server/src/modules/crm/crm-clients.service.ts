/**
 * What the school's CRM does with its project's token (spec §7: /clients/get-remote-clients,
 * /get-client-by-remote-id, /get-plans): reads the students that have a remote id, one of them with
 * their plans, and creates or updates a student by remote id. The student rules are the clients
 * area's own (`createClient`, `updateClient`): this only finds whose student and which one.
 */
import {
  planStatus,
  type Client,
  type Language,
  type PlanSummary,
  type RemoteClient,
  type RemoteClientDetail,
  type RemoteClientsQuery,
  type remoteClientUpsert,
} from '@logoschool/contract';
import { and, asc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import {
  clients,
  protocolBlocks,
  protocolTemplateVersions,
  protocols,
  users,
  type ClientRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { text } from '../../i18n/index.ts';
import { createClient, toClientViews, updateClient } from '../clients/index.ts';
import { planTemplateVersion } from '../plans/index.ts';
import { projectTeacherByEmail } from './project-teachers.ts';

/**
 * Serializes the writes that give a remote id within a project (the CRM's upsert, an import, a
 * copy), so that two at once cannot both find it free: the unique index would refuse the second
 * with an error instead of an answer.
 */
const REMOTE_IDS_LOCK_ID = 7_260_040;

export async function lockRemoteIds(tx: Tx, workspaceId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REMOTE_IDS_LOCK_ID}::int, ${workspaceId}::int)`);
}

/** A student as the CRM sees them. */
function toRemoteClient(client: Client, teacherEmail: string): RemoteClient {
  return {
    id: client.id,
    remote_id: client.remote_id ?? '',
    client_name: client.client_name,
    child_name: client.child_name,
    birthdate: client.birthdate,
    language: client.language,
    parent_email: client.parent_email,
    parent_phone: client.parent_phone,
    parent_request: client.parent_request,
    themes: client.themes.map((theme) => theme.name),
    custom_themes: client.custom_themes,
    teacher_email: teacherEmail,
    created_at: client.created_at,
    updated_at: client.updated_at,
  };
}

/** Rows with their teachers' e-mails, as the CRM sees them. */
async function remoteViews(db: Tx, rows: readonly { row: ClientRow; email: string }[]) {
  const views = await toClientViews(
    db,
    rows.map(({ row }) => row),
  );
  return views.map((view, index) => toRemoteClient(view, rows[index]?.email ?? ''));
}

/**
 * `GET /clients/get-remote-clients`: the project's students that have a remote id, the least
 * recently changed first (so that a CRM syncing with `updated_since` reads them in the order they
 * changed).
 */
export async function remoteClientsPage(db: Tx, workspaceId: number, query: RemoteClientsQuery) {
  const conditions: (SQL | undefined)[] = [eq(clients.workspaceId, workspaceId), isNotNull(clients.remoteId)];
  if (query.updated_since) conditions.push(gte(clients.updatedAt, new Date(query.updated_since)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: clients, email: users.email })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.teacherId))
      .where(where)
      .orderBy(asc(clients.updatedAt), asc(clients.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(clients).where(where),
  ]);
  return pageOf(await remoteViews(db, rows), total, query);
}

/** The project's student with this remote id and their teacher's e-mail; 404 when none. */
async function remoteRow(db: Tx, workspaceId: number, remoteId: string) {
  const [found] = await db
    .select({ row: clients, email: users.email })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.teacherId))
    .where(and(eq(clients.workspaceId, workspaceId), eq(clients.remoteId, remoteId)));
  if (!found) throw notFound();
  return found;
}

/** Whether a plan still has a block without its folder. */
const unfilled = sql<boolean>`exists (select 1 from ${protocolBlocks} where ${protocolBlocks.protocolId} = ${protocols.id} and ${protocolBlocks.folderId} is null)`;

/**
 * A student's plans as `/get-plans` lists them, the nearest deadline first: the template's title
 * as of the version the plan was made from, and the status in `timeZone` (spec §4).
 */
async function planSummaries(db: Tx, clientIds: readonly number[], timeZone: string) {
  const byClient = new Map<number, PlanSummary[]>();
  if (clientIds.length === 0) return byClient;
  const rows = await db
    .select({
      clientId: protocols.clientId,
      id: protocols.id,
      title: sql<string>`${protocolTemplateVersions.content}->>'title'`,
      deadline: protocols.deadline,
      lessons: protocols.lessons,
      sentAt: protocols.sentAt,
      unfilled,
    })
    .from(protocols)
    .innerJoin(protocolTemplateVersions, planTemplateVersion())
    .where(inArray(protocols.clientId, [...clientIds]))
    .orderBy(asc(protocols.deadline), asc(protocols.id));
  for (const row of rows) {
    const list = byClient.get(row.clientId) ?? [];
    list.push({
      id: row.id,
      template_title: row.title,
      deadline: row.deadline,
      status: planStatus({ deadline: row.deadline, filled: !row.unfilled }, timeZone),
      lessons: row.lessons,
      sent_at: row.sentAt?.toISOString() ?? null,
    });
    byClient.set(row.clientId, list);
  }
  return byClient;
}

/** `GET /get-client-by-remote-id`: the student with their plans; 404 when the project has none such. */
export async function remoteClientDetail(
  db: Tx,
  workspaceId: number,
  remoteId: string,
  timeZone = 'UTC',
): Promise<RemoteClientDetail> {
  const found = await remoteRow(db, workspaceId, remoteId);
  const [view] = await remoteViews(db, [found]);
  const plans = await planSummaries(db, [found.row.id], timeZone);
  return { ...(view as RemoteClient), plans: plans.get(found.row.id) ?? [] };
}

/** `GET /get-plans`: the plans of the student with this remote id; 404 when the project has none such. */
export async function remotePlans(
  db: Tx,
  workspaceId: number,
  remoteId: string,
  timeZone = 'UTC',
): Promise<PlanSummary[]> {
  const { row } = await remoteRow(db, workspaceId, remoteId);
  return (await planSummaries(db, [row.id], timeZone)).get(row.id) ?? [];
}

/**
 * Whether a student already has every field of `fields` as given: then an upsert writes nothing,
 * and `updated_at` stays (a CRM that sends what it read does not see it changed again).
 */
async function holds(tx: Tx, clientId: number, fields: Record<string, unknown>): Promise<boolean> {
  const [row] = await tx.select().from(clients).where(eq(clients.id, clientId));
  if (!row) return false;
  const [view] = await toClientViews(tx, [row]);
  const current = view as unknown as Record<string, unknown>;
  return Object.entries(fields).every(
    ([field, value]) => value === undefined || JSON.stringify(current[field]) === JSON.stringify(value),
  );
}

/**
 * `PUT /get-client-by-remote-id`: creates the project's student with this remote id for the teacher
 * the e-mail names, or updates them; a different teacher takes the student over with their plans
 * (the CRM says who teaches whom). 422 when the e-mail is no teacher of the project. One
 * transaction; `created` tells which it was.
 */
export async function upsertRemoteClient(
  db: Db,
  workspaceId: number,
  lang: Language,
  input: z.output<typeof remoteClientUpsert>,
): Promise<{ created: boolean; client: RemoteClientDetail }> {
  return db.transaction(async (tx) => {
    const { teacher_email: email, ...fields } = input;
    const teacher = await projectTeacherByEmail(tx, workspaceId, email);
    if (!teacher) {
      throw new AppError('validation_failed', {}, { teacher_email: [text(lang, 'crm.notATeacher')] });
    }
    await lockRemoteIds(tx, workspaceId);
    const owner = { workspaceId, teacherId: teacher.id, lang };
    const [existing] = await tx
      .select({ id: clients.id, teacherId: clients.teacherId })
      .from(clients)
      .where(and(eq(clients.workspaceId, workspaceId), eq(clients.remoteId, input.remote_id)));
    if (!existing) {
      await createClient(tx, owner, fields);
    } else if (existing.teacherId !== teacher.id || !(await holds(tx, existing.id, fields))) {
      if (existing.teacherId !== teacher.id) {
        await tx.update(clients).set({ teacherId: teacher.id }).where(eq(clients.id, existing.id));
        await tx
          .update(protocols)
          .set({ teacherId: teacher.id })
          .where(and(eq(protocols.workspaceId, workspaceId), eq(protocols.clientId, existing.id)));
      }
      await updateClient(tx, owner, existing.id, fields);
    }
    return { created: !existing, client: await remoteClientDetail(tx, workspaceId, input.remote_id) };
  });
}
