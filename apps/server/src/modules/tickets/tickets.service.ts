/**
 * Problem reports (issue 33 item 1): made by anyone signed in, worked by the project's moderators
 * (spec §4's actions from the statuses the contract's table allows, comments, merging a duplicate
 * into another), followed by their reporter. Every change is one transaction that locks the report
 * (so of two moderators acting at once the slower gets 409), writes its history and the audit log.
 */
import {
  TICKET_ACTION_STATUS,
  TICKET_MAILED_STATUSES,
  TICKET_STATUSES,
  emptyTicketCounts,
  type ticketActionInput,
  ticketActions,
  type ticketInput,
  ticketMergeable,
  ticketOpen,
  type ticketsQuery,
  type myTicketsQuery,
  type Ticket,
  type TicketStatus,
  type TicketsPage,
} from '@logoschool/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { writeAudit } from '../audit/index.ts';
import { listItems, objectTitle, selectTickets, ticketView, type Viewer } from './ticket-view.ts';
import { ticketEvents, ticketFiles, tickets, type TicketRow } from './tickets.schema.ts';

/** The longest browser description a report keeps. */
const USER_AGENT_MAX = 500;

/** A report as a viewer sees it, 404 when the project has none such (or it is not the caller's). */
async function shown(db: Tx, caller: Actor, id: number, viewer: Viewer): Promise<Ticket> {
  const only = viewer === 'reporter' ? eq(tickets.reporterId, caller.userId) : undefined;
  const ticket = await ticketView(db, caller, id, viewer, only);
  if (!ticket) throw notFound();
  return ticket;
}

/** `GET /report-tickets/:ticketId`: a report of the project, for a moderator. */
export const getTicket = (db: Db, caller: Actor, id: number) => shown(db, caller, id, 'moderator');

/** `GET /report-tickets/mine/:ticketId`: one of the caller's own reports. */
export const getOwnTicket = (db: Db, caller: Actor, id: number) => shown(db, caller, id, 'reporter');

/** The report's row, locked for the change under way; 404 for another project's or none. */
async function lockTicket(tx: Tx, caller: Actor, id: number): Promise<TicketRow> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.workspaceId, caller.workspaceId), eq(tickets.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * `POST /report-tickets`: a report of the caller's, with the context its screen sent, the role the
 * caller acts as and their browser. The same key again gives the report made with it. 422 at the
 * field for an object the project has not, or a file that is not the caller's waiting upload.
 */
export async function createTicket(
  db: Db,
  caller: Actor,
  userAgent: string,
  input: z.output<typeof ticketInput>,
): Promise<Ticket> {
  const mine = (tx: Tx) =>
    tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.workspaceId, caller.workspaceId),
          eq(tickets.reporterId, caller.userId),
          eq(tickets.key, input.key),
        ),
      );
  const id = await db.transaction(async (tx) => {
    const [made] = await mine(tx);
    if (made) return made.id;
    const { object } = input.context;
    if (object && (await objectTitle(tx, caller.workspaceId, object)) === null) {
      throw new AppError(
        'validation_failed',
        {},
        { 'context.object.id': [fieldMessage(caller.lang, 'ticketObjectNotFound')] },
      );
    }
    const waiting =
      input.attachment_ids.length === 0
        ? []
        : await tx
            .select({ id: ticketFiles.id })
            .from(ticketFiles)
            .where(
              and(
                eq(ticketFiles.workspaceId, caller.workspaceId),
                eq(ticketFiles.uploadedBy, caller.userId),
                isNull(ticketFiles.ticketId),
                inArray(ticketFiles.id, input.attachment_ids),
              ),
            )
            .for('update');
    if (waiting.length !== input.attachment_ids.length) {
      // The same report sent twice at once took its files while this one waited for them.
      const [raced] = await mine(tx);
      if (raced) return raced.id;
      throw new AppError(
        'validation_failed',
        {},
        { attachment_ids: [fieldMessage(caller.lang, 'ticketFileNotFound')] },
      );
    }
    const [row] = await tx
      .insert(tickets)
      .values({
        workspaceId: caller.workspaceId,
        reporterId: caller.userId,
        key: input.key,
        description: input.description,
        screen: input.context.screen,
        role: caller.role,
        userAgent: userAgent.slice(0, USER_AGENT_MAX),
        objectKind: object?.kind ?? null,
        objectId: object?.id ?? null,
        slide: input.context.slide,
        place: input.context.place,
        lang: caller.lang,
      })
      // The same key sent twice at once: the first makes the report, the second finds it below.
      .onConflictDoNothing()
      .returning({ id: tickets.id });
    if (!row) {
      const [raced] = await mine(tx);
      if (!raced) throw new AppError('conflict');
      return raced.id;
    }
    if (input.attachment_ids.length > 0) {
      await tx
        .update(ticketFiles)
        .set({ ticketId: row.id })
        .where(inArray(ticketFiles.id, input.attachment_ids));
    }
    await tx.insert(ticketEvents).values({
      workspaceId: caller.workspaceId,
      ticketId: row.id,
      actorId: caller.userId,
      kind: 'created',
      toStatus: 'new',
    });
    return row.id;
  });
  return getOwnTicket(db, caller, id);
}

/** What the moderators' list is narrowed by, besides the status. */
function listConditions(caller: Pick<Actor, 'workspaceId'>, query: z.output<typeof ticketsQuery>): SQL[] {
  const conditions: SQL[] = [eq(tickets.workspaceId, caller.workspaceId)];
  if (query.assignee === 'none') conditions.push(isNull(tickets.assigneeId));
  else if (query.assignee !== undefined) conditions.push(eq(tickets.assigneeId, query.assignee));
  if (query.object_kind) conditions.push(eq(tickets.objectKind, query.object_kind));
  if (query.object_id !== undefined) conditions.push(eq(tickets.objectId, query.object_id));
  const term = query.term?.trim();
  if (term) {
    const byNumber = /^#?(\d{1,9})$/.exec(term);
    const like = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const any = or(
      ilike(tickets.description, like),
      ilike(users.name, like),
      byNumber ? eq(tickets.id, Number(byNumber[1])) : undefined,
    );
    if (any) conditions.push(any);
  }
  return conditions;
}

/**
 * The statements of the moderators' list, not yet run: the page's rows, their total, and the count
 * of each status under the other filters (the bench measures the list against them).
 */
export function listTicketsQueries(
  db: Db,
  caller: Pick<Actor, 'workspaceId'>,
  query: z.output<typeof ticketsQuery>,
) {
  const narrowed = listConditions(caller, query);
  const where = and(
    ...narrowed,
    query.status ? eq(tickets.status, query.status) : sql`${tickets.status} <> 'deleted'`,
  );
  return {
    rows: selectTickets(db)
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    total: db
      .select(rowCount())
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.reporterId))
      .where(where),
    counts: db
      .select({ status: tickets.status, count: count() })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.reporterId))
      .where(and(...narrowed))
      .groupBy(tickets.status),
  };
}

/**
 * `GET /report-tickets`: a page of the project's reports of a status (all but the deleted when none
 * is named), the latest change first, with how many of each status match the other filters.
 */
export async function listTickets(
  db: Db,
  caller: Actor,
  query: z.output<typeof ticketsQuery>,
): Promise<TicketsPage> {
  const queries = listTicketsQueries(db, caller, query);
  const [rows, [total], grouped] = await Promise.all([queries.rows, queries.total, queries.counts]);
  const counts = emptyTicketCounts();
  for (const row of grouped) {
    if ((TICKET_STATUSES as readonly string[]).includes(row.status))
      counts[row.status as TicketStatus] = row.count;
  }
  return { ...pageOf(await listItems(db, caller.workspaceId, rows), total, query), counts };
}

/** `GET /report-tickets/mine`: the caller's own reports in the project, the latest change first. */
export async function listOwnTickets(db: Db, caller: Actor, query: z.output<typeof myTicketsQuery>) {
  const where = and(eq(tickets.workspaceId, caller.workspaceId), eq(tickets.reporterId, caller.userId));
  const [rows, [total]] = await Promise.all([
    selectTickets(db)
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(tickets).where(where),
  ]);
  return pageOf(await listItems(db, caller.workspaceId, rows), total, query);
}

/** `GET /report-tickets/assignees`: the people the project's reports are assigned to, by name. */
export async function listAssignees(db: Db, caller: Actor) {
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.assigneeId))
    .where(eq(tickets.workspaceId, caller.workspaceId))
    .orderBy(asc(users.name), asc(users.id));
}

/** What a moderator's change of status did, for the mail that may follow it. */
export interface TicketChange {
  ticket: Ticket;
  /** The status the report came to when its reporter is to be told (done, declined), else null. */
  mailed: TicketStatus | null;
}

/**
 * `POST /report-tickets/:ticketId/actions`: one of spec §4's actions, from a status the contract's
 * table allows it from (409 `transition_refused` otherwise, which is also what the slower of two
 * moderators gets). Taking a report makes the caller its assignee and undoes a merge.
 */
export async function actOnTicket(
  db: Db,
  caller: Actor,
  id: number,
  input: z.output<typeof ticketActionInput>,
): Promise<TicketChange> {
  const to = TICKET_ACTION_STATUS[input.action];
  await db.transaction(async (tx) => {
    const row = await lockTicket(tx, caller, id);
    const from = row.status as TicketStatus;
    if (!ticketActions(from).includes(input.action)) {
      throw new AppError('transition_refused').saying('ticketStep');
    }
    const reason = input.action === 'decline' ? input.reason : '';
    await tx
      .update(tickets)
      .set({
        status: to,
        updatedAt: sql`now()`,
        ...(input.action === 'take' ? { assigneeId: caller.userId, mergedIntoId: null } : {}),
        ...(input.action === 'decline' || input.action === 'take' ? { declineReason: reason } : {}),
      })
      .where(eq(tickets.id, id));
    await tx.insert(ticketEvents).values({
      workspaceId: caller.workspaceId,
      ticketId: id,
      actorId: caller.userId,
      kind: 'status',
      fromStatus: from,
      toStatus: to,
      text: reason,
    });
    await writeAudit(tx, {
      action: 'tickets.status',
      actorId: caller.userId,
      targetUserId: row.reporterId,
      workspaceId: caller.workspaceId,
      details: { ticket_id: id, from, to },
      ip: caller.ip,
    });
  });
  return {
    ticket: await getTicket(db, caller, id),
    mailed: TICKET_MAILED_STATUSES.includes(to) ? to : null,
  };
}

/**
 * `POST /report-tickets/:ticketId/merge`: the report is a duplicate of `into`. Both must be open
 * (409 for this one; 422 at `into_id` for a target that is closed, itself, or none of the
 * project's); this one is archived as merged, and both histories say so.
 */
export async function mergeTicket(db: Db, caller: Actor, id: number, intoId: number): Promise<Ticket> {
  const refuse = (key: 'ticketMergeSelf' | 'ticketMergeTarget') =>
    new AppError('validation_failed', {}, { into_id: [fieldMessage(caller.lang, key)] });
  await db.transaction(async (tx) => {
    // Both rows locked, the lower id first, so that two merges of the same pair cannot deadlock.
    const rows = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.workspaceId, caller.workspaceId), inArray(tickets.id, [id, intoId])))
      .orderBy(asc(tickets.id))
      .for('update');
    const source = rows.find((row) => row.id === id);
    const target = rows.find((row) => row.id === intoId);
    if (!source) throw notFound();
    if (intoId === id) throw refuse('ticketMergeSelf');
    if (!ticketMergeable(source.status as TicketStatus)) {
      throw new AppError('transition_refused').saying('ticketStep');
    }
    if (!target || !ticketOpen(target.status as TicketStatus)) throw refuse('ticketMergeTarget');
    await tx
      .update(tickets)
      .set({ status: 'archived', mergedIntoId: intoId, updatedAt: sql`now()` })
      .where(eq(tickets.id, id));
    await tx
      .update(tickets)
      .set({ updatedAt: sql`now()` })
      .where(eq(tickets.id, intoId));
    const event = { workspaceId: caller.workspaceId, actorId: caller.userId };
    await tx.insert(ticketEvents).values([
      {
        ...event,
        ticketId: id,
        kind: 'merged_into',
        fromStatus: source.status,
        toStatus: 'archived',
        otherTicketId: intoId,
      },
      { ...event, ticketId: intoId, kind: 'merged_from', otherTicketId: id },
    ]);
    await writeAudit(tx, {
      action: 'tickets.merge',
      actorId: caller.userId,
      targetUserId: source.reporterId,
      workspaceId: caller.workspaceId,
      details: { ticket_id: id, into_id: intoId },
      ip: caller.ip,
    });
  });
  return getTicket(db, caller, id);
}

/**
 * A comment on a report: a moderator's on any but a deleted one, the reporter's on their own while
 * it is worked and not merged into another. 409 when the report takes no comment now.
 */
export async function commentOnTicket(
  db: Db,
  caller: Actor,
  id: number,
  text: string,
  viewer: Viewer,
): Promise<Ticket> {
  await db.transaction(async (tx) => {
    const row = await lockTicket(tx, caller, id);
    if (viewer === 'reporter' && row.reporterId !== caller.userId) throw notFound();
    const status = row.status as TicketStatus;
    const open =
      viewer === 'moderator' ? status !== 'deleted' : ticketOpen(status) && row.mergedIntoId === null;
    if (!open) throw new AppError('conflict').saying('ticketClosed');
    await tx
      .update(tickets)
      .set({ updatedAt: sql`now()` })
      .where(eq(tickets.id, id));
    await tx.insert(ticketEvents).values({
      workspaceId: caller.workspaceId,
      ticketId: id,
      actorId: caller.userId,
      kind: 'comment',
      text,
    });
  });
  return shown(db, caller, id, viewer);
}
