import type { Acting } from '../../../api/keys.ts';

/** The problem reports' query keys: the moderators' lists and reports, the reporter's own. */
export const ticketKeys = {
  all: ['tickets'] as const,
  list: (acting: Acting, filter: unknown) => [...ticketKeys.all, 'list', acting, filter] as const,
  assignees: (acting: Acting) => [...ticketKeys.all, 'assignees', acting] as const,
  one: (acting: Acting, id: number | null) => [...ticketKeys.all, 'one', acting, id] as const,
  mine: (acting: Acting, page: number) => [...ticketKeys.all, 'mine', acting, page] as const,
  myOne: (acting: Acting, id: number | null) => [...ticketKeys.all, 'my-one', acting, id] as const,
};
