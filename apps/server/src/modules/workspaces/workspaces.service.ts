import type {
  Language,
  RoleName,
  Workspace,
  WorkspaceInput,
  WorkspaceListItem,
  WorkspacesQuery,
  WorkspaceUpdate,
} from '@logoschool/contract';
import { and, asc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { assignments, workspaces, type WorkspaceRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { writeAudit } from '../audit/index.ts';

export function toWorkspaceView(row: WorkspaceRow): Workspace {
  return {
    workspaceId: row.id,
    workspaceTitle: row.title,
    description: row.description,
    env_id: row.envId,
    archived: row.archived,
  };
}

/** A project by id; 404 when there is none. */
export async function getWorkspace(db: Tx, workspaceId: number): Promise<Workspace> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound();
  return toWorkspaceView(row);
}

/** Who changes a project, for the audit log and for messages in their language. */
export interface WorkspaceActor {
  userId: number;
  ip: string | null;
  lang: Language;
  /** The role acted as, when the action was done inside the project (an admin archiving it). */
  role?: RoleName;
}

/** Projects with `members`: their assignments that are active and not archived themselves. */
function selectListItems(db: Tx) {
  return db
    .select({ ...getTableColumns(workspaces), members: sql<number>`count(${assignments.id})::int` })
    .from(workspaces)
    .leftJoin(
      assignments,
      and(
        eq(assignments.workspaceId, workspaces.id),
        eq(assignments.isActive, true),
        eq(assignments.archived, false),
      ),
    )
    .groupBy(workspaces.id)
    .$dynamic();
}

function toListItem(row: WorkspaceRow & { members: number }): WorkspaceListItem {
  return { ...toWorkspaceView(row), members: row.members, created_at: row.createdAt.toISOString() };
}

async function listItem(db: Tx, workspaceId: number): Promise<WorkspaceListItem> {
  const [row] = await selectListItems(db).where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound();
  return toListItem(row);
}

/**
 * A page of the active or the archived projects (root's project screens), by title; `term` keeps
 * those whose title contains it, ignoring case.
 */
export async function listWorkspaces(
  db: Tx,
  archived: boolean,
  query: WorkspacesQuery,
): Promise<{ data: WorkspaceListItem[]; meta: { total: number; page: number; per_page: number } }> {
  const conditions: SQL[] = [eq(workspaces.archived, archived)];
  // strpos, not LIKE: the term is plain text, its % and _ match only themselves.
  if (query.term) conditions.push(sql`strpos(lower(${workspaces.title}), lower(${query.term})) > 0`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectListItems(db)
      .where(where)
      .orderBy(asc(sql`lower(${workspaces.title})`), asc(workspaces.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(workspaces).where(where),
  ]);
  return pageOf(rows.map(toListItem), total, query);
}

/**
 * Serialises project title changes: without a unique index on the lower-cased title, two
 * transactions could otherwise each see the title free and both take it.
 */
const TITLE_LOCK_ID = 7_260_002;

/** Throws 409 with a field error when another project has the title, ignoring case. */
async function assertTitleFree(tx: Tx, title: string, actor: WorkspaceActor, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${TITLE_LOCK_ID})`);
  const sameTitle = sql`lower(${workspaces.title}) = lower(${title})`;
  const [taken] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(exceptId === undefined ? sameTitle : and(sameTitle, ne(workspaces.id, exceptId)))
    .limit(1);
  if (taken) throw new AppError('conflict', {}, { title: [fieldMessage(actor.lang, 'titleTaken')] });
}

/** Root creates a project (spec §6); the audit log keeps who did. */
export async function createWorkspace(
  db: Db,
  input: WorkspaceInput,
  actor: WorkspaceActor,
): Promise<WorkspaceListItem> {
  return db.transaction(async (tx) => {
    await assertTitleFree(tx, input.title, actor);
    const [row] = await tx
      .insert(workspaces)
      .values({ title: input.title, description: input.description ?? '', envId: input.env_id })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await writeAudit(tx, {
      action: 'workspaces.create',
      actorId: actor.userId,
      workspaceId: row.id,
      details: { title: row.title, env_id: row.envId },
      ip: actor.ip,
    });
    return toListItem({ ...row, members: 0 });
  });
}

/**
 * Root changes a project's title, description or environment; 404 when there is none. The audit
 * log keeps each changed field before and after; a change to nothing writes nothing.
 */
export async function updateWorkspace(
  db: Db,
  workspaceId: number,
  input: WorkspaceUpdate,
  actor: WorkspaceActor,
): Promise<WorkspaceListItem> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
    if (!current) throw notFound();
    const next = {
      title: input.title ?? current.title,
      description: input.description ?? current.description,
      envId: input.env_id ?? current.envId,
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (next.title !== current.title) changes.title = { from: current.title, to: next.title };
    if (next.description !== current.description) {
      changes.description = { from: current.description, to: next.description };
    }
    if (next.envId !== current.envId) changes.env_id = { from: current.envId, to: next.envId };
    if (Object.keys(changes).length === 0) return listItem(tx, workspaceId);

    // A change of case only is the project's own title, not a duplicate.
    if (changes.title) await assertTitleFree(tx, next.title, actor, workspaceId);
    await tx
      .update(workspaces)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(workspaces.id, workspaceId));
    await writeAudit(tx, {
      action: 'workspaces.update',
      actorId: actor.userId,
      workspaceId,
      details: { changes },
      ip: actor.ip,
    });
    return listItem(tx, workspaceId);
  });
}

/**
 * Archives or restores a project (spec §4: active or archived, restorable): 404 when there is none,
 * 409 when it already is so. Assignments keep their own flags: a member of an archived project
 * holds no role there (the user view reports the assignment archived), and gets them back on restore.
 */
export async function setWorkspaceArchived(
  db: Db,
  workspaceId: number,
  archived: boolean,
  actor: WorkspaceActor,
): Promise<WorkspaceListItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(workspaces)
      .set({ archived, updatedAt: new Date() })
      .where(and(eq(workspaces.id, workspaceId), eq(workspaces.archived, !archived)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      throw exists ? new AppError('conflict') : notFound();
    }
    await writeAudit(tx, {
      action: archived ? 'workspaces.archive' : 'workspaces.restore',
      actorId: actor.userId,
      workspaceId,
      details: actor.role ? { title: row.title, role: actor.role } : { title: row.title },
      ip: actor.ip,
    });
    return listItem(tx, workspaceId);
  });
}
