/**
 * A call back's tables (issue 29 item 4, decision 040). A project's phone agent is one settings
 * row; a parent's request is a `call_requests` row, with the state of its attempts kept on it
 * (how many, the next one's time, the one running now), so that the job that retries reads and
 * claims them in the database and a restart loses nothing. A phone has at most one open request
 * in a project (a partial unique index): a second request answers the first.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CallFailureReason,
  CallRequestSource,
  CallRequestStatus,
  CallWindow,
} from '@logoschool/contract';
import { clients } from '../../db/schema/clients.ts';
import { id, timestamps } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

/** A project's phone agent: where to ask for a call, with which token, how long to wait. */
export const callAgents = pgTable(
  'call_agents',
  {
    workspaceId: workspaceRef().primaryKey(),
    url: text('url'),
    /** Sent as `Authorization: Bearer …`; never read back by the API. */
    token: text('token'),
    timeoutSeconds: smallint('timeout_seconds').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [check('call_agents_timeout_check', sql`${table.timeoutSeconds} between 1 and 10`)],
);

export const callRequests = pgTable(
  'call_requests',
  {
    id: id(),
    workspaceId: workspaceRef(),
    source: text('source').$type<CallRequestSource>().notNull(),
    /** The student whose dashboard the request came from. */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    window: text('window').$type<CallWindow>().notNull(),
    timeZone: text('time_zone').notNull(),
    childName: text('child_name'),
    /** The page's language: the agent speaks it. */
    language: text('language').notNull(),
    /** When the parent agreed to be called (the form's required consent). */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    status: text('status').$type<CallRequestStatus>().notNull(),
    /** Sent as `Idempotency-Key` on every attempt: the agent starts one call per key. */
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    attempts: smallint('attempts').notNull().default(0),
    /** When the next attempt is due (status `requested`); null when none is planned. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** When the attempt running now began; null when none runs (a claim older than its lease is taken again). */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    reason: text('reason').$type<CallFailureReason>(),
    detail: text('detail'),
    /** What the agent called the call, when it said. */
    agentCallId: text('agent_call_id'),
    ip: text('ip'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('call_requests_open_phone_key')
      .on(table.workspaceId, table.phone)
      .where(sql`${table.status} in ('waiting', 'requested', 'started', 'failed')`),
    uniqueIndex('call_requests_idempotency_key').on(table.idempotencyKey),
    index('call_requests_workspace_status_idx').on(table.workspaceId, table.status, table.createdAt),
    index('call_requests_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'requested'`),
    check(
      'call_requests_status_check',
      sql`${table.status} in ('waiting', 'requested', 'started', 'failed', 'done')`,
    ),
  ],
);

export type CallRequestRowDb = typeof callRequests.$inferSelect;
