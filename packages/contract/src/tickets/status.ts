/**
 * A problem report's statuses and the moderators' actions on it (spec §4 "Report ticket: new, in
 * process, done, archived, declined, deleted. Actions: mark done, archive, mark in process,
 * decline"; issue 33 adds delete). The server refuses an action this table does not list from the
 * report's status now (409), and the screens offer only the listed ones.
 */

export const TICKET_STATUSES = ['new', 'in_process', 'done', 'declined', 'archived', 'deleted'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What a moderator does to a report; each leads to one status. */
export const TICKET_ACTIONS = ['take', 'done', 'decline', 'archive', 'delete'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

/** The status each action leads to. */
export const TICKET_ACTION_STATUS: Record<TicketAction, TicketStatus> = {
  take: 'in_process',
  done: 'done',
  decline: 'declined',
  archive: 'archived',
  delete: 'deleted',
};

/**
 * The actions allowed from each status. A closed report (done, declined) can be taken again, and an
 * archived one too (it came back); a deleted one is final.
 */
const FROM: Record<TicketStatus, readonly TicketAction[]> = {
  new: ['take', 'done', 'decline', 'delete'],
  in_process: ['done', 'decline', 'delete'],
  done: ['take', 'archive', 'delete'],
  declined: ['take', 'archive', 'delete'],
  archived: ['take', 'delete'],
  deleted: [],
};

/** The actions a report in `status` allows, in the table's order. */
export function ticketActions(status: TicketStatus): readonly TicketAction[] {
  return FROM[status];
}

/** Whether a report is still being worked: its reporter and moderators may still write to it. */
export function ticketOpen(status: TicketStatus): boolean {
  return status === 'new' || status === 'in_process';
}

/**
 * Whether a report may be merged into another as its duplicate: only an open one, and only into
 * another open one (a closed report is not worked any more).
 */
export function ticketMergeable(status: TicketStatus): boolean {
  return ticketOpen(status);
}

/** The statuses whose change the reporter is told of by mail. */
export const TICKET_MAILED_STATUSES: readonly TicketStatus[] = ['done', 'declined'];
