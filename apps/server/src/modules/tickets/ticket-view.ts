/**
 * Problem reports as the API shows them (contract `tickets/schemas.ts`): a list's rows with their
 * people, object and counts, and a whole report with its files, history and what the caller may do.
 * The reads here serve both the moderators and the reporter; who sees which report is the service's.
 */
import {
  ROLE,
  TICKET_EVENT_KINDS,
  ownTicketFileUrl,
  ticketActions,
  ticketFileUrl,
  ticketMergeable,
  ticketOpen,
  type RoleName,
  type Ticket,
  type TicketEventKind,
  type TicketFile,
  type TicketFileKind,
  type TicketListItem,
  type TicketObjectKind,
  type TicketStatus,
} from '@logoschool/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { exercises, users } from '../../db/schema/index.ts';
import { stories } from '../stories/index.ts';
import { ticketEvents, ticketFiles, tickets, type TicketFileRow } from './tickets.schema.ts';

/** Who looks at a report: a moderator working it, or its reporter following it. */
export type Viewer = 'moderator' | 'reporter';

const assignees = alias(users, 'ticket_assignees');

/** The columns of a list's row: the report, its people, how many files and comments it has. */
export function selectTickets(db: Tx) {
  return db
    .select({
      ticket: tickets,
      reporterName: users.name,
      assigneeName: assignees.name,
      files: sql<number>`(select count(*)::int from ${ticketFiles} where ${ticketFiles.ticketId} = ${tickets.id})`,
      comments: sql<number>`(select count(*)::int from ${ticketEvents} where ${ticketEvents.ticketId} = ${tickets.id} and ${ticketEvents.kind} = 'comment')`,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.reporterId))
    .leftJoin(assignees, eq(assignees.id, tickets.assigneeId));
}
type SelectedTicket = Awaited<ReturnType<ReturnType<typeof selectTickets>['where']>>[number];

/** The titles now of the exercises and stories some reports are about, by `kind:id`. */
async function objectTitles(
  db: Tx,
  workspaceId: number,
  rows: readonly SelectedTicket[],
): Promise<Map<string, string>> {
  const idsOf = (kind: TicketObjectKind) =>
    rows.flatMap(({ ticket }) =>
      ticket.objectKind === kind && ticket.objectId !== null ? [ticket.objectId] : [],
    );
  const exerciseIds = idsOf('exercise');
  const storyIds = idsOf('story');
  const [exerciseRows, storyRows] = await Promise.all([
    exerciseIds.length === 0
      ? []
      : db
          .select({ id: exercises.id, title: exercises.title })
          .from(exercises)
          .where(and(eq(exercises.workspaceId, workspaceId), inArray(exercises.id, exerciseIds))),
    storyIds.length === 0
      ? []
      : db
          .select({ id: stories.id, title: stories.title })
          .from(stories)
          .where(and(eq(stories.workspaceId, workspaceId), inArray(stories.id, storyIds))),
  ]);
  return new Map([
    ...exerciseRows.map((row) => [`exercise:${row.id}`, row.title] as const),
    ...storyRows.map((row) => [`story:${row.id}`, row.title] as const),
  ]);
}

/** The title now of the project's exercise or story, or null when it has none such. */
export async function objectTitle(
  db: Tx,
  workspaceId: number,
  object: { kind: TicketObjectKind; id: number },
): Promise<string | null> {
  const [row] =
    object.kind === 'exercise'
      ? await db
          .select({ title: exercises.title })
          .from(exercises)
          .where(and(eq(exercises.workspaceId, workspaceId), eq(exercises.id, object.id)))
      : await db
          .select({ title: stories.title })
          .from(stories)
          .where(and(eq(stories.workspaceId, workspaceId), eq(stories.id, object.id)));
  return row?.title ?? null;
}

function listItem(row: SelectedTicket, titles: Map<string, string>): TicketListItem {
  const { ticket } = row;
  const kind = ticket.objectKind as TicketObjectKind | null;
  return {
    id: ticket.id,
    status: ticket.status as TicketStatus,
    description: ticket.description,
    reporter: { id: ticket.reporterId, name: row.reporterName },
    assignee: ticket.assigneeId === null ? null : { id: ticket.assigneeId, name: row.assigneeName ?? '' },
    object:
      kind === null || ticket.objectId === null
        ? null
        : { kind, id: ticket.objectId, title: titles.get(`${kind}:${ticket.objectId}`) ?? null },
    slide: ticket.slide,
    attachments: row.files,
    comments: row.comments,
    merged_into_id: ticket.mergedIntoId,
    created_at: ticket.createdAt.toISOString(),
    updated_at: ticket.updatedAt.toISOString(),
  };
}

/** Rows of a list, presented, with their objects' titles read in two queries at most. */
export async function listItems(
  db: Tx,
  workspaceId: number,
  rows: SelectedTicket[],
): Promise<TicketListItem[]> {
  const titles = await objectTitles(db, workspaceId, rows);
  return rows.map((row) => listItem(row, titles));
}

/** A file as `viewer`, acting as the role `roleId`, reads it. */
export function toTicketFile(row: TicketFileRow, viewer: Viewer, roleId: number): TicketFile {
  return {
    id: row.id,
    kind: row.kind as TicketFileKind,
    mime: row.mime,
    size: row.size,
    original_name: row.originalName,
    file_url:
      viewer === 'moderator' && row.ticketId !== null
        ? ticketFileUrl(row.workspaceId, roleId, row.ticketId, row.id)
        : ownTicketFileUrl(row.workspaceId, roleId, row.id),
  };
}

const isEventKind = (kind: string): kind is TicketEventKind =>
  (TICKET_EVENT_KINDS as readonly string[]).includes(kind);

/**
 * A whole report of the project, as `viewer` acting in `acting` sees it; null when the project has none such or
 * `only` (the reporter's own) leaves it out.
 */
export async function ticketView(
  db: Tx,
  acting: { workspaceId: number; role: RoleName },
  id: number,
  viewer: Viewer,
  only?: SQL,
): Promise<Ticket | null> {
  const { workspaceId } = acting;
  const [row] = await selectTickets(db).where(
    and(eq(tickets.workspaceId, workspaceId), eq(tickets.id, id), only),
  );
  if (!row) return null;
  const { ticket } = row;
  const actors = alias(users, 'ticket_actors');
  const [items, files, events, merged, [target]] = await Promise.all([
    listItems(db, workspaceId, [row]),
    db.select().from(ticketFiles).where(eq(ticketFiles.ticketId, id)).orderBy(asc(ticketFiles.id)),
    db
      .select({ event: ticketEvents, actorName: actors.name })
      .from(ticketEvents)
      .leftJoin(actors, eq(actors.id, ticketEvents.actorId))
      .where(eq(ticketEvents.ticketId, id))
      .orderBy(asc(ticketEvents.id)),
    db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.workspaceId, workspaceId), eq(tickets.mergedIntoId, id)))
      .orderBy(asc(tickets.id)),
    ticket.mergedIntoId === null
      ? []
      : db
          .select({ id: tickets.id, status: tickets.status })
          .from(tickets)
          .where(eq(tickets.id, ticket.mergedIntoId)),
  ]);
  const [item] = items;
  if (!item) return null;
  const status = ticket.status as TicketStatus;
  const moderator = viewer === 'moderator';
  return {
    ...item,
    context: {
      screen: ticket.screen,
      role: ticket.role as RoleName,
      user_agent: ticket.userAgent,
      place: ticket.place,
    },
    decline_reason: ticket.declineReason,
    merged_into: target ? { id: target.id, status: target.status as TicketStatus } : null,
    merged: merged.map((entry) => entry.id),
    files: files.map((file) => toTicketFile(file, viewer, ROLE[acting.role])),
    events: events.flatMap(({ event, actorName }) =>
      isEventKind(event.kind)
        ? [
            {
              id: event.id,
              kind: event.kind,
              actor: event.actorId === null ? null : { id: event.actorId, name: actorName ?? '' },
              from_status: event.fromStatus as TicketStatus | null,
              to_status: event.toStatus as TicketStatus | null,
              text: event.text,
              other_ticket_id: event.otherTicketId,
              created_at: event.createdAt.toISOString(),
            },
          ]
        : [],
    ),
    actions: moderator ? [...ticketActions(status)] : [],
    mergeable: moderator && ticketMergeable(status),
    commentable: moderator ? status !== 'deleted' : ticketOpen(status) && ticket.mergedIntoId === null,
  };
}
