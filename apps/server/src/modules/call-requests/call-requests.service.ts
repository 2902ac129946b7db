/**
 * A call back (issue 29 item 4, decision 040): a parent's request, the attempts to have the phone
 * agent start the call, and what the school does with the requests.
 */
import {
  CALL_AGENT_TIMEOUT,
  CALL_ATTEMPTS_MAX,
  CALL_REQUEST_STATUSES,
  callRetryDelayMinutes,
  type CallAgent,
  type CallRequestCounts,
  type CallRequestRow,
  type CallRequestSource,
  type Language,
  type ParentCallRequest,
  type callAgentInput,
  type callRequestInput,
  type callRequestsQuery,
} from '@logoschool/contract';
import { and, count, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { clients, users, workspaces } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { askAgent, type AgentAddress } from './call-agent.ts';
import { callAgents, callRequests, type CallRequestRowDb } from './call-requests.schema.ts';

/** A claimed attempt older than this is taken to have died with its process, and is made again. */
const ATTEMPT_LEASE_SECONDS = 60;
/** How many due requests one run of the job attempts. */
const DUE_BATCH = 20;

// ——— The agent's settings ———

/** The project's agent as it is set (the token included), or null when it is not configured. */
async function agentOf(db: Db | Tx, workspaceId: number): Promise<AgentAddress | null> {
  const [row] = await db.select().from(callAgents).where(eq(callAgents.workspaceId, workspaceId));
  if (!row?.url || !row.token) return null;
  return { url: row.url, token: row.token, timeoutSeconds: row.timeoutSeconds };
}

/** `GET /call-requests/agent`: the address, whether a token is set (never the token), the wait. */
export async function readAgent(db: Db | Tx, workspaceId: number): Promise<CallAgent> {
  const [row] = await db.select().from(callAgents).where(eq(callAgents.workspaceId, workspaceId));
  return {
    url: row?.url ?? null,
    token_set: Boolean(row?.token),
    timeout_seconds: row?.timeoutSeconds ?? CALL_AGENT_TIMEOUT.default,
    configured: Boolean(row?.url && row.token),
  };
}

/**
 * `PUT /call-requests/agent`: the address ('' turns the agent off and forgets its token), a new
 * token when one is given, the wait. Requests made from now on go to the agent when both are set.
 */
export async function saveAgent(
  db: Db,
  actor: Actor,
  input: z.output<typeof callAgentInput>,
): Promise<CallAgent> {
  const off = input.url === '';
  const values = {
    url: off ? null : input.url,
    timeoutSeconds: input.timeout_seconds,
    updatedBy: actor.userId,
    ...(off ? { token: null } : input.token !== undefined ? { token: input.token } : {}),
  };
  await db
    .insert(callAgents)
    .values({ workspaceId: actor.workspaceId, token: null, ...values })
    .onConflictDoUpdate({ target: callAgents.workspaceId, set: { ...values, updatedAt: new Date() } });
  return readAgent(db, actor.workspaceId);
}

// ——— The parent's request ———

/** Where a request comes from: the project, the page, and the student when it is a family's. */
export interface CallRequestOrigin {
  workspaceId: number;
  source: CallRequestSource;
  clientId: number | null;
  /** The child's name the page knows (the family's), used when the parent gives none. */
  childName: string | null;
}

/** What the parent is told of a request. */
function parentView(row: CallRequestRowDb, existing: boolean): ParentCallRequest {
  return {
    status: row.status,
    reason: row.status === 'requested' || row.status === 'failed' ? row.reason : null,
    retrying: row.status === 'requested' && row.reason !== null,
    existing,
  };
}

async function openRequestOf(db: Db, workspaceId: number, phone: string) {
  const [row] = await db
    .select()
    .from(callRequests)
    .where(
      and(
        eq(callRequests.workspaceId, workspaceId),
        eq(callRequests.phone, phone),
        inArray(callRequests.status, ['waiting', 'requested', 'started', 'failed']),
      ),
    );
  return row;
}

/**
 * A parent asks to be called. With the project's agent set, the request is made `requested` and
 * its first attempt runs at once, so the parent reads the outcome (started, or §8's "call
 * initialization error") within the agent's wait; a failed attempt is retried by the job, a refusal
 * is not. Without an agent the request waits for a person. A phone with an open request gets that
 * request's state (`existing`), and no second call: two requests at once make one row (the
 * partial unique index), and only the one that made it asks the agent.
 */
export async function askForCall(
  db: Db,
  origin: CallRequestOrigin,
  input: z.output<typeof callRequestInput>,
  context: { lang: Language; ip: string },
): Promise<{ created: boolean; answer: ParentCallRequest }> {
  const agent = await agentOf(db, origin.workspaceId);
  const [made] = await db
    .insert(callRequests)
    .values({
      workspaceId: origin.workspaceId,
      source: origin.source,
      clientId: origin.clientId,
      phone: input.phone,
      window: input.window,
      timeZone: input.time_zone,
      childName: input.child_name ?? origin.childName,
      language: context.lang,
      consentAt: new Date(),
      status: agent ? 'requested' : 'waiting',
      nextAttemptAt: agent ? sql`now()` : null,
      ip: context.ip,
    })
    .onConflictDoNothing()
    .returning();
  if (!made) {
    const open = await openRequestOf(db, origin.workspaceId, input.phone);
    // Closed between the insert and this read: a rare race; the parent may simply ask again.
    if (!open) throw new AppError('conflict');
    return { created: false, answer: parentView(open, true) };
  }
  const row = agent ? ((await attemptCall(db, made.id)) ?? made) : made;
  return { created: true, answer: parentView(row, false) };
}

// ——— The attempts ———

/**
 * Claims the request's due attempt: only one process makes it (the conditional update), and a
 * claim whose process died is taken again after the lease.
 */
async function claimAttempt(db: Db, id: number) {
  const [claimed] = await db
    .update(callRequests)
    .set({
      attempts: sql`${callRequests.attempts} + 1`,
      attemptStartedAt: sql`now()`,
      nextAttemptAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(callRequests.id, id),
        eq(callRequests.status, 'requested'),
        lte(callRequests.nextAttemptAt, sql`now()`),
        or(
          isNull(callRequests.attemptStartedAt),
          lte(callRequests.attemptStartedAt, sql`now() - make_interval(secs => ${ATTEMPT_LEASE_SECONDS})`),
        ),
      ),
    )
    .returning();
  return claimed;
}

/**
 * Makes the request's due attempt, if it is due and nobody else makes it: asks the agent and
 * records the outcome. Started → `started`; refused (a 4xx) → `failed`; any other failure → tried
 * again after the back-off, or `failed` after the last attempt. A request marked done meanwhile
 * stays done. Answers the request as it is after, or undefined when there was nothing to attempt.
 */
export async function attemptCall(db: Db, id: number): Promise<CallRequestRowDb | undefined> {
  const claimed = await claimAttempt(db, id);
  if (!claimed) return undefined;
  const agent = await agentOf(db, claimed.workspaceId);
  const settle = async (values: Partial<Record<keyof typeof callRequests.$inferInsert, unknown>>) => {
    const [settled] = await db
      .update(callRequests)
      .set({
        ...(values as Partial<typeof callRequests.$inferInsert>),
        attemptStartedAt: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(callRequests.id, id),
          eq(callRequests.status, 'requested'),
          eq(callRequests.attempts, claimed.attempts),
        ),
      )
      .returning();
    if (settled) return settled;
    const [current] = await db.select().from(callRequests).where(eq(callRequests.id, id));
    return current;
  };
  // The agent was turned off since: the request waits for a person.
  if (!agent) return settle({ status: 'waiting', nextAttemptAt: null });
  const [project] = await db
    .select({ title: workspaces.title })
    .from(workspaces)
    .where(eq(workspaces.id, claimed.workspaceId));
  const outcome = await askAgent(agent, claimed.idempotencyKey, {
    request_id: claimed.id,
    phone: claimed.phone,
    window: claimed.window,
    time_zone: claimed.timeZone,
    child_name: claimed.childName,
    language: claimed.language,
    school: project?.title ?? '',
  });
  if (outcome.started) {
    return settle({ status: 'started', reason: null, detail: null, agentCallId: outcome.callId });
  }
  const last = !outcome.retry || claimed.attempts >= CALL_ATTEMPTS_MAX;
  return settle({
    status: last ? 'failed' : 'requested',
    reason: outcome.reason,
    detail: outcome.detail,
    nextAttemptAt: last
      ? null
      : sql`now() + make_interval(mins => ${callRetryDelayMinutes(claimed.attempts)})`,
  });
}

/** The job's run: every request whose next attempt is due gets it (a batch at a time). */
export async function attemptDueCalls(db: Db): Promise<{ attempted: number }> {
  const due = await db
    .select({ id: callRequests.id })
    .from(callRequests)
    .where(and(eq(callRequests.status, 'requested'), lte(callRequests.nextAttemptAt, sql`now()`)))
    .orderBy(callRequests.nextAttemptAt)
    .limit(DUE_BATCH);
  let attempted = 0;
  for (const { id } of due) {
    if (await attemptCall(db, id)) attempted += 1;
  }
  return { attempted };
}

// ——— The school's side ———

const doneBy = users;

function rowView(
  row: CallRequestRowDb,
  client: { id: number; name: string } | null,
  doneByName: string | null,
): CallRequestRow {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    phone: row.phone,
    window: row.window,
    time_zone: row.timeZone,
    child_name: row.childName,
    client,
    language: row.language,
    attempts: row.attempts,
    reason: row.reason,
    detail: row.detail,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    done_at: row.doneAt?.toISOString() ?? null,
    done_by: doneByName,
  };
}

function selectRows(db: Db | Tx) {
  return db
    .select({
      row: callRequests,
      clientId: clients.id,
      clientName: clients.childName,
      doneByName: doneBy.name,
    })
    .from(callRequests)
    .leftJoin(clients, eq(clients.id, callRequests.clientId))
    .leftJoin(doneBy, eq(doneBy.id, callRequests.doneBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];
const viewOf = (selected: Selected) =>
  rowView(
    selected.row,
    selected.clientId !== null && selected.clientName !== null
      ? { id: selected.clientId, name: selected.clientName }
      : null,
    selected.doneByName,
  );

/** `GET /call-requests`: the project's requests, newest first, of a status, searched. */
export async function listCallRequests(db: Db, actor: Actor, query: z.output<typeof callRequestsQuery>) {
  const conditions: SQL[] = [eq(callRequests.workspaceId, actor.workspaceId)];
  if (query.status) conditions.push(eq(callRequests.status, query.status));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const digits = query.search.replace(/[^\d+]/g, '');
    const matches = [ilike(callRequests.childName, like), ilike(clients.childName, like)];
    if (digits) matches.push(ilike(callRequests.phone, `%${digits}%`));
    const any = or(...matches);
    if (any) conditions.push(any);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(callRequests.createdAt), desc(callRequests.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db
      .select(rowCount())
      .from(callRequests)
      .leftJoin(clients, eq(clients.id, callRequests.clientId))
      .where(where),
  ]);
  return pageOf(rows.map(viewOf), total, query);
}

/** `GET /call-requests/counts`: how many of the project's requests are in each status. */
export async function countCallRequests(db: Db, actor: Actor): Promise<CallRequestCounts> {
  const rows = await db
    .select({ status: callRequests.status, count: count() })
    .from(callRequests)
    .where(eq(callRequests.workspaceId, actor.workspaceId))
    .groupBy(callRequests.status);
  const counts = Object.fromEntries(CALL_REQUEST_STATUSES.map((status) => [status, 0])) as CallRequestCounts;
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

async function oneRow(db: Db | Tx, actor: Actor, id: number): Promise<CallRequestRow> {
  const [selected] = await selectRows(db).where(
    and(eq(callRequests.workspaceId, actor.workspaceId), eq(callRequests.id, id)),
  );
  if (!selected) throw notFound();
  return viewOf(selected);
}

/** A request of the caller's project, locked; 404 for any other. */
async function lockRequest(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select()
    .from(callRequests)
    .where(and(eq(callRequests.workspaceId, actor.workspaceId), eq(callRequests.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** `POST /call-requests/:id/done`: the school called (or the agent's call happened); 409 when done already. */
export async function markCallDone(db: Db, actor: Actor, id: number): Promise<CallRequestRow> {
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, actor, id);
    if (row.status === 'done') throw new AppError('status_unchanged').saying('callRequestDone');
    await tx
      .update(callRequests)
      .set({
        status: 'done',
        nextAttemptAt: null,
        doneAt: sql`now()`,
        doneBy: actor.userId,
        updatedAt: sql`now()`,
      })
      .where(eq(callRequests.id, id));
  });
  return oneRow(db, actor, id);
}

/**
 * `POST /call-requests/:id/retry`: asks the agent again, at once, for a failed request or one
 * waiting for a person, with the same idempotency key (a call the agent did start is not started
 * twice). 409 `transition_refused` for any other status, or when the project has no agent.
 */
export async function retryCall(db: Db, actor: Actor, id: number): Promise<CallRequestRow> {
  const agent = await agentOf(db, actor.workspaceId);
  await db.transaction(async (tx) => {
    const row = await lockRequest(tx, actor, id);
    if (!agent || (row.status !== 'failed' && row.status !== 'waiting')) {
      throw new AppError('transition_refused').saying('callRequestNotRetryable');
    }
    await tx
      .update(callRequests)
      .set({
        status: 'requested',
        attempts: 0,
        nextAttemptAt: sql`now()`,
        attemptStartedAt: null,
        reason: null,
        detail: null,
        updatedAt: sql`now()`,
      })
      .where(eq(callRequests.id, id));
  });
  await attemptCall(db, id);
  return oneRow(db, actor, id);
}
