import {
  ageInYears,
  dayIn,
  planStatus,
  type ClientListItem,
  todayIso,
  type Client,
  type ClientInput,
  type ClientsQuery,
  type ClientUpdate,
  type Language,
} from '@logoschool/contract';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import {
  clients,
  clientThemes,
  lessons,
  protocolBlocks,
  protocols,
  themes,
  type ClientRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { visibleIn } from '../themes/index.ts';

/** Whose students a call sees: the teacher's own, in the project the call acts in. */
export interface ClientOwner {
  workspaceId: number;
  teacherId: number;
  /** The caller's language, for the field messages of a refused change. */
  lang: Language;
}

type LinkedTheme = Client['themes'][number];

export function toClientView(row: ClientRow, linked: readonly LinkedTheme[], today = todayIso()): Client {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    teacher_id: row.teacherId,
    client_name: row.clientName,
    child_name: row.childName,
    birthdate: row.birthdate,
    age: row.birthdate === null ? null : ageInYears(row.birthdate, today),
    comment_for_teacher: row.commentForTeacher,
    language: row.language as Language,
    parent_email: row.parentEmail,
    parent_phone: row.parentPhone,
    themes: [...linked],
    custom_themes: row.customThemes,
    parent_request: row.parentRequest,
    remote_id: row.remoteId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The linked themes of some students, by student, each list by name: one query for a whole page. */
async function linkedThemes(db: Tx, clientIds: readonly number[]): Promise<Map<number, LinkedTheme[]>> {
  const byClient = new Map<number, LinkedTheme[]>();
  if (clientIds.length === 0) return byClient;
  const rows = await db
    .select({ clientId: clientThemes.clientId, id: themes.id, name: themes.name })
    .from(clientThemes)
    .innerJoin(themes, eq(themes.id, clientThemes.themeId))
    .where(inArray(clientThemes.clientId, [...clientIds]))
    .orderBy(asc(sql`lower(${themes.name})`), asc(themes.id));
  for (const { clientId, id, name } of rows) {
    const list = byClient.get(clientId) ?? [];
    list.push({ id, name });
    byClient.set(clientId, list);
  }
  return byClient;
}

/** Students as the API shows them, with their linked themes. */
export async function toClientViews(db: Tx, rows: readonly ClientRow[]): Promise<Client[]> {
  const linked = await linkedThemes(
    db,
    rows.map((row) => row.id),
  );
  const today = todayIso();
  return rows.map((row) => toClientView(row, linked.get(row.id) ?? [], today));
}

/** Every query of the table goes through this filter: another teacher's student is not there. */
export const ownedBy = (owner: Pick<ClientOwner, 'workspaceId' | 'teacherId'>) =>
  and(eq(clients.workspaceId, owner.workspaceId), eq(clients.teacherId, owner.teacherId));

const ownClient = (owner: ClientOwner, clientId: number) => and(ownedBy(owner), eq(clients.id, clientId));

/** A LIKE pattern matching `term` anywhere, its wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * A page of the teacher's students by child name, each with their current plan and next lesson;
 * `term` searches the client's and the child's name.
 */
export async function listClients(db: Tx, owner: ClientOwner, query: ClientsQuery) {
  const conditions: (SQL | undefined)[] = [ownedBy(owner)];
  if (query.term) {
    const pattern = containing(query.term);
    conditions.push(or(ilike(clients.childName, pattern), ilike(clients.clientName, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(clients)
      .where(where)
      .orderBy(sql`lower(${clients.childName})`, asc(clients.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(clients).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const [views, plans, next] = await Promise.all([
    toClientViews(db, rows),
    currentPlans(db, owner.workspaceId, ids, query.time_zone ?? 'UTC'),
    nextLessons(db, owner.workspaceId, ids),
  ]);
  const items: ClientListItem[] = views.map((view) => ({
    ...view,
    current_plan: plans.get(view.id) ?? null,
    next_lesson: next.get(view.id) ?? null,
  }));
  return pageOf(items, total, query);
}

type CurrentPlan = NonNullable<ClientListItem['current_plan']>;

/**
 * Each student's current plan: the one running on the teacher's today (its last day today or later,
 * the nearest first), else the one that ended last. One query for a whole page.
 */
async function currentPlans(db: Tx, workspaceId: number, clientIds: number[], timeZone: string) {
  const byClient = new Map<number, CurrentPlan>();
  if (clientIds.length === 0) return byClient;
  const today = dayIn(timeZone);
  const running = sql`${protocols.deadline} >= ${today}`;
  const rows = await db
    .selectDistinctOn([protocols.clientId], {
      clientId: protocols.clientId,
      id: protocols.id,
      deadline: protocols.deadline,
      unfilled: sql<boolean>`exists (select 1 from ${protocolBlocks} where ${protocolBlocks.protocolId} = ${protocols.id} and ${protocolBlocks.folderId} is null)`,
    })
    .from(protocols)
    .where(and(eq(protocols.workspaceId, workspaceId), inArray(protocols.clientId, clientIds)))
    .orderBy(
      protocols.clientId,
      desc(running),
      sql`case when ${running} then ${protocols.deadline} end asc`,
      desc(protocols.deadline),
      desc(protocols.id),
    );
  for (const row of rows) {
    const status = planStatus({ deadline: row.deadline, filled: !row.unfilled }, timeZone);
    byClient.set(row.clientId, { id: row.id, status, deadline: row.deadline });
  }
  return byClient;
}

/** Each student's next lesson: not finished, not over yet (its start plus its length is ahead). */
async function nextLessons(db: Tx, workspaceId: number, clientIds: number[]) {
  const byClient = new Map<number, NonNullable<ClientListItem['next_lesson']>>();
  if (clientIds.length === 0) return byClient;
  const rows = await db
    .selectDistinctOn([protocols.clientId], {
      clientId: protocols.clientId,
      id: lessons.id,
      startsAt: lessons.startsAt,
    })
    .from(lessons)
    .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
    .where(
      and(
        eq(lessons.workspaceId, workspaceId),
        inArray(protocols.clientId, clientIds),
        isNull(lessons.finishedAt),
        isNotNull(lessons.startsAt),
        sql`${lessons.startsAt} + ${lessons.durationMinutes} * interval '1 minute' > now()`,
      ),
    )
    .orderBy(protocols.clientId, asc(lessons.startsAt), asc(lessons.id));
  for (const row of rows) {
    if (row.startsAt) byClient.set(row.clientId, { id: row.id, starts_at: row.startsAt.toISOString() });
  }
  return byClient;
}

/** One of the teacher's student rows; 404 for anyone else's, or one of another project. */
export async function ownClientRow(db: Tx, owner: Omit<ClientOwner, 'lang'>, clientId: number) {
  const [row] = await db
    .select()
    .from(clients)
    .where(ownClient({ ...owner, lang: 'en' }, clientId));
  if (!row) throw notFound();
  return row;
}

/** One of the teacher's students; 404 for anyone else's, or one of another project. */
export async function getClient(db: Tx, owner: ClientOwner, clientId: number): Promise<Client> {
  const [client] = await toClientViews(db, [await ownClientRow(db, owner, clientId)]);
  return client as Client;
}

/** 422 on `theme_ids` unless every id names a theme the project sees (its own or shared). */
async function assertThemesSeen(db: Tx, owner: ClientOwner, themeIds: readonly number[]) {
  if (themeIds.length === 0) return;
  const seen = await db
    .select({ id: themes.id })
    .from(themes)
    .where(and(inArray(themes.id, [...themeIds]), visibleIn(owner.workspaceId)));
  if (seen.length < themeIds.length) {
    throw new AppError('validation_failed', {}, { theme_ids: [fieldMessage(owner.lang, 'themeUnknown')] });
  }
}

/** 422 on `remote_id` when another student of the project has that CRM id. */
async function assertRemoteIdFree(db: Tx, owner: ClientOwner, remoteId: string | null, exceptId?: number) {
  if (remoteId === null || remoteId === undefined) return;
  const same = and(eq(clients.workspaceId, owner.workspaceId), eq(clients.remoteId, remoteId));
  const [taken] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(exceptId === undefined ? same : and(same, ne(clients.id, exceptId)))
    .limit(1);
  if (taken) {
    throw new AppError('validation_failed', {}, { remote_id: [fieldMessage(owner.lang, 'remoteIdTaken')] });
  }
}

/** Replaces a student's linked themes. */
async function linkThemes(db: Tx, clientId: number, themeIds: readonly number[]) {
  await db.delete(clientThemes).where(eq(clientThemes.clientId, clientId));
  if (themeIds.length > 0) {
    await db.insert(clientThemes).values(themeIds.map((themeId) => ({ clientId, themeId })));
  }
}

/** The columns a body names; an absent field is left out (the column's default, or as it is). */
function columnsOf(input: ClientUpdate) {
  return {
    clientName: input.client_name,
    childName: input.child_name,
    birthdate: input.birthdate,
    commentForTeacher: input.comment_for_teacher,
    customThemes: input.custom_themes,
    parentRequest: input.parent_request,
    language: input.language,
    parentEmail: input.parent_email,
    parentPhone: input.parent_phone,
    remoteId: input.remote_id,
  };
}

/** A new student of the teacher, with their linked themes: one transaction. */
export async function createClient(db: Tx, owner: ClientOwner, input: ClientInput): Promise<Client> {
  return db.transaction(async (tx) => {
    await assertThemesSeen(tx, owner, input.theme_ids ?? []);
    await assertRemoteIdFree(tx, owner, input.remote_id ?? null);
    const [row] = await tx
      .insert(clients)
      .values({
        ...columnsOf(input),
        workspaceId: owner.workspaceId,
        teacherId: owner.teacherId,
        clientName: input.client_name,
        childName: input.child_name,
      })
      .returning();
    const created = row as ClientRow;
    await linkThemes(tx, created.id, input.theme_ids ?? []);
    return getClient(tx, owner, created.id);
  });
}

/** Changes the fields named in `update` of one of the teacher's students; 404 as `getClient`. */
export async function updateClient(
  db: Tx,
  owner: ClientOwner,
  clientId: number,
  update: ClientUpdate,
): Promise<Client> {
  return db.transaction(async (tx) => {
    await ownClientRow(tx, owner, clientId);
    if (update.theme_ids) await assertThemesSeen(tx, owner, update.theme_ids);
    if (update.remote_id !== undefined) await assertRemoteIdFree(tx, owner, update.remote_id, clientId);
    await tx
      .update(clients)
      .set({ ...columnsOf(update), updatedAt: sql`now()` })
      .where(ownClient(owner, clientId));
    if (update.theme_ids) await linkThemes(tx, clientId, update.theme_ids);
    return getClient(tx, owner, clientId);
  });
}
