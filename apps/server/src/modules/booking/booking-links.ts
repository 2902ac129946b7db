/**
 * Booking's two public links (decisions 029, 036): the project's page (`/appointment/<token>`,
 * kind `booking`, its subject the project: issuing it turns booking on, withdrawing it off) and a
 * confirmed booking's private link for its parent (`/appointment/manage/<token>`, kind
 * `booking-manage`, its subject the booking), mailed with the confirmation.
 */
import { API, idParam, publicLinkSchema, type PublicLink } from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { declarePublicLink, linkOf } from '../public-links/index.ts';
import { assertTeacherInScope } from './booking-scope.ts';
import { bookingSessions, bookings } from './booking.schema.ts';

export const BOOKING_LINK_KIND = 'booking';
export const BOOKING_MANAGE_LINK_KIND = 'booking-manage';
/** The web pages the links open (the contract's route table, without `/:token`). */
export const BOOKING_PAGE = '/appointment';
export const BOOKING_MANAGE_PAGE = '/appointment/manage';

/** The project and role a booking call acts in. */
export const bookingActingQuery = z.object({ workspace_id: idParam, role_id: idParam.optional() });
/** The project's page link's calls name the project in the path. */
const projectLinkQuery = z.object({ role_id: idParam.optional() });
const projectParams = z.object({ workspaceId: idParam });
const bookingParams = z.object({ bookingId: idParam });

/** The project itself, when the caller acts in it; 404 for any other (locked for the change). */
async function ownProject(tx: Tx, actor: Actor, id: number) {
  if (actor.workspaceId !== id) throw notFound();
  const [row] = await tx
    .select({ workspaceId: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, id))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** A booking of the caller's project (a teacher: one of her own), locked; 404 otherwise. */
export async function bookingInReach(tx: Tx, actor: Actor, id: number, lock = false) {
  const query = tx
    .select({ booking: bookings, session: bookingSessions })
    .from(bookings)
    .innerJoin(bookingSessions, eq(bookingSessions.id, bookings.sessionId))
    .where(and(eq(bookings.workspaceId, actor.workspaceId), eq(bookings.id, id)));
  const [found] = lock ? await query.for('update', { of: bookings }) : await query;
  if (!found) throw notFound();
  assertTeacherInScope(actor, found.session.teacherId);
  return found;
}

export const bookingPageLinks = declarePublicLink({
  kind: BOOKING_LINK_KIND,
  page: BOOKING_PAGE,
  path: `${API.bookingProject}/:workspaceId`,
  param: 'workspaceId',
  params: projectParams,
  querystring: projectLinkQuery,
  permission: 'booking.settings',
  tag: 'booking',
  noun: "the project's booking page, for parents",
  find: ownProject,
  sharing: {
    schema: publicLinkSchema,
    summary:
      "How the project's booking page is shared: its public link (null when none: booking is off), issued and withdrawn when",
    read: async (db, baseUrl, actor, id): Promise<PublicLink> => {
      await ownProject(db, actor, id);
      return linkOf(db, baseUrl, bookingPageLinks, id);
    },
  },
});

export const bookingManageLinks = declarePublicLink({
  kind: BOOKING_MANAGE_LINK_KIND,
  page: BOOKING_MANAGE_PAGE,
  path: `${API.bookings}/:bookingId`,
  param: 'bookingId',
  params: bookingParams,
  querystring: bookingActingQuery,
  permission: 'booking.manage',
  tag: 'booking',
  noun: "a booking's private link, for its parent",
  find: async (tx, actor, id) => (await bookingInReach(tx, actor, id, true)).booking,
  sharing: {
    schema: publicLinkSchema,
    summary: "How a booking's private link for its parent (to cancel or move it) is shared",
    read: async (db, baseUrl, actor, id): Promise<PublicLink> => {
      await bookingInReach(db, actor, id);
      return linkOf(db, baseUrl, bookingManageLinks, id);
    },
  },
});
