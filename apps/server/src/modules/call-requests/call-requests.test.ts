import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallAgent, CallRequestCounts, CallRequestRow, ParentCallRequest } from '@logoschool/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import { callRequests } from './call-requests.schema.ts';
import { attemptDueCalls } from './index.ts';

const t = useTestApp();
const as = (who: Member) => apiAs(t.app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};

// ——— The tests' own phone agent, on loopback ———

interface Received {
  path: string;
  key: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
const received: Received[] = [];
/** How many times each idempotency key was seen, per path. */
const seen = new Map<string, number>();
let agent: http.Server;
let agentUrl: string;

beforeAll(async () => {
  agent = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      const key = request.headers['idempotency-key'] as string | undefined;
      received.push({
        path,
        key,
        authorization: request.headers.authorization,
        body: JSON.parse(raw || '{}'),
      });
      const times = (seen.get(`${path} ${key}`) ?? 0) + 1;
      seen.set(`${path} ${key}`, times);
      const answer = (status: number, body: object = {}) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (path.startsWith('/ok')) return answer(202, { call_id: `call-${key}` });
      if (path.startsWith('/slow-ok')) return setTimeout(() => answer(200, { id: 7 }), 300);
      if (path.startsWith('/fail-once')) return times === 1 ? answer(500) : answer(200);
      if (path.startsWith('/always-500')) return answer(503);
      if (path.startsWith('/refuse')) return answer(400, { error: 'bad number' });
      // '/hang': never answers; the attempt's own timeout ends the wait.
    });
  });
  await new Promise<void>((resolve) => agent.listen(0, '127.0.0.1', resolve));
  agentUrl = `http://127.0.0.1:${(agent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  agent.closeAllConnections();
  await new Promise((resolve) => agent.close(resolve));
});

const callsTo = (path: string) => received.filter((call) => call.path === path);

// ——— A school ———

let addressCount = 0;
/** Every test asks from an address of its own: the per-address limit is tested on its own. */
const nextAddress = () => `198.51.100.${(addressCount += 1)}`;

/** A school with booking on and, when `path` is given, its agent at the loopback server's `path`. */
async function school(path?: string, timeoutSeconds = 2) {
  const workspace = await buildWorkspace(t.db, { title: 'Sunny school' });
  const admin = await buildSignedInMember(t.db, workspace, 'admin');
  const manager = await buildSignedInMember(t.db, workspace, 'manager');
  const teacher = await buildSignedInMember(t.db, workspace, 'teacher');
  const link = dataOf<{ url: string }>(await as(admin).post(`/api/booking/projects/${workspace.id}/link`));
  const token = link.url.split('/').pop() ?? '';
  if (path) {
    dataOf(
      await as(admin).put('/api/call-requests/agent', {
        url: `${agentUrl}${path}`,
        token: 'agent-secret-token',
        timeout_seconds: timeoutSeconds,
      }),
    );
  }
  return { workspace, admin, manager, teacher, token };
}

let phoneCount = 0;
const nextPhone = () => `+38050${String(1_000_000 + (phoneCount += 1)).slice(1)}`;
const askBody = (phone = nextPhone()) => ({
  phone,
  window: 'evening',
  time_zone: 'Europe/Kyiv',
  child_name: 'Taras',
  consent: true,
});

const ask = (token: string, body: object, address = nextAddress(), page = 'appointment') =>
  t.app.inject({
    method: 'POST',
    url: `/api/${page}/${token}/call-requests`,
    payload: body,
    headers: { 'accept-language': 'uk' },
    remoteAddress: address,
  });

async function rowsOf(workspaceId: number) {
  return t.db.select().from(callRequests).where(eq(callRequests.workspaceId, workspaceId));
}

/** Makes every planned attempt of the project due now, and runs the job's pass. */
async function runDueAttempts(workspaceId: number) {
  await t.db
    .update(callRequests)
    .set({ nextAttemptAt: sql`now()` })
    .where(sql`${callRequests.workspaceId} = ${workspaceId} and ${callRequests.nextAttemptAt} is not null`);
  return attemptDueCalls(t.db);
}

describe('a parent asks to be called on the booking page', () => {
  it('starts the call at once when the agent accepts: its token, the idempotency key, the facts', async () => {
    const s = await school('/ok');
    const answer = dataOf<ParentCallRequest>(await ask(s.token, askBody('+380 (50) 111-22-33')), 201);
    expect(answer).toEqual({ status: 'started', reason: null, retrying: false, existing: false });
    const [row] = await rowsOf(s.workspace.id);
    expect(row).toMatchObject({ status: 'started', attempts: 1, phone: '+380501112233', language: 'uk' });
    const [call] = callsTo('/ok').filter((c) => c.key === row!.idempotencyKey);
    expect(call?.authorization).toBe('Bearer agent-secret-token');
    expect(call?.body).toMatchObject({
      phone: '+380501112233',
      window: 'evening',
      time_zone: 'Europe/Kyiv',
      child_name: 'Taras',
      language: 'uk',
      school: 'Sunny school',
    });
    expect(row!.agentCallId).toBe(`call-${row!.idempotencyKey}`);
  });

  it('without an agent, the request waits for a person and says so (no error)', async () => {
    const s = await school();
    const answer = dataOf<ParentCallRequest>(await ask(s.token, askBody()), 201);
    expect(answer).toEqual({ status: 'waiting', reason: null, retrying: false, existing: false });
    const [row] = await rowsOf(s.workspace.id);
    expect(row).toMatchObject({ status: 'waiting', attempts: 0, nextAttemptAt: null });
  });

  it('a 500 is the call initialization error, retried with the same key: the second attempt starts it', async () => {
    const s = await school('/fail-once');
    const answer = dataOf<ParentCallRequest>(await ask(s.token, askBody()), 201);
    expect(answer).toEqual({ status: 'requested', reason: 'agent_error', retrying: true, existing: false });
    const [first] = await rowsOf(s.workspace.id);
    expect(first).toMatchObject({ attempts: 1, detail: 'HTTP 500' });
    // The back-off: the next attempt a minute later, not before.
    const wait = first!.nextAttemptAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(40_000);
    expect(wait).toBeLessThanOrEqual(61_000);
    expect(await attemptDueCalls(t.db)).toEqual({ attempted: 0 });
    await runDueAttempts(s.workspace.id);
    const [second] = await rowsOf(s.workspace.id);
    expect(second).toMatchObject({ status: 'started', attempts: 2, reason: null });
    const keys = callsTo('/fail-once').filter((call) => call.key === second!.idempotencyKey);
    expect(keys).toHaveLength(2);
  });

  it('a 400 is refused: failed at once, never retried', async () => {
    const s = await school('/refuse');
    const answer = dataOf<ParentCallRequest>(await ask(s.token, askBody()), 201);
    expect(answer).toEqual({ status: 'failed', reason: 'refused', retrying: false, existing: false });
    const [row] = await rowsOf(s.workspace.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, detail: 'HTTP 400', nextAttemptAt: null });
    await runDueAttempts(s.workspace.id);
    expect(callsTo('/refuse').filter((call) => call.key === row!.idempotencyKey)).toHaveLength(1);
  });

  it('an agent that never answers times out each attempt, is retried with back-off, then fails', async () => {
    const s = await school('/hang', 1);
    const started = Date.now();
    const answer = dataOf<ParentCallRequest>(await ask(s.token, askBody()), 201);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(answer).toEqual({ status: 'requested', reason: 'timeout', retrying: true, existing: false });
    const delays: number[] = [];
    for (let attempt = 2; attempt <= 5; attempt++) {
      const [before] = await rowsOf(s.workspace.id);
      delays.push(Math.round((before!.nextAttemptAt!.getTime() - before!.updatedAt.getTime()) / 60_000));
      await runDueAttempts(s.workspace.id);
    }
    expect(delays).toEqual([1, 2, 4, 8]);
    const [row] = await rowsOf(s.workspace.id);
    expect(row).toMatchObject({ status: 'failed', reason: 'timeout', attempts: 5, nextAttemptAt: null });
    expect(callsTo('/hang').filter((call) => call.key === row!.idempotencyKey)).toHaveLength(5);
    await runDueAttempts(s.workspace.id);
    expect(callsTo('/hang').filter((call) => call.key === row!.idempotencyKey)).toHaveLength(5);
  }, 20_000);

  it('an unreachable agent (a closed port) is the same error, retried', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const s = await school();
    dataOf(
      await as(s.admin).put('/api/call-requests/agent', {
        url: `http://127.0.0.1:${port}/calls`,
        token: 'agent-secret-token',
        timeout_seconds: 2,
      }),
    );
    const answer = dataOf<ParentCallRequest>(await ask(s.token, askBody()), 201);
    expect(answer).toMatchObject({ status: 'requested', reason: 'unreachable', retrying: true });
  });

  it('one open request per phone: a second gives the first one’s state, and no second call', async () => {
    const s = await school('/ok');
    const body = askBody();
    dataOf(await ask(s.token, body), 201);
    const again = dataOf<ParentCallRequest>(await ask(s.token, body), 200);
    expect(again).toEqual({ status: 'started', reason: null, retrying: false, existing: true });
    expect(await rowsOf(s.workspace.id)).toHaveLength(1);
  });

  it('two identical requests at once make one request and one call', async () => {
    const s = await school('/slow-ok');
    const body = askBody();
    const answers = await Promise.all([ask(s.token, body), ask(s.token, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const rows = await rowsOf(s.workspace.id);
    expect(rows).toHaveLength(1);
    expect(callsTo('/slow-ok').filter((call) => call.key === rows[0]!.idempotencyKey)).toHaveLength(1);
  });

  it('refuses bad input with each field’s message, and takes nothing', async () => {
    const s = await school();
    const cases: [object, string][] = [
      [{ ...askBody(), phone: '0501234567' }, 'phone'],
      [{ ...askBody(), window: 'night' }, 'window'],
      [{ ...askBody(), time_zone: 'Mars/Base' }, 'time_zone'],
      [{ ...askBody(), consent: false }, 'consent'],
      [{ phone: nextPhone(), window: 'asap', time_zone: 'Europe/Kyiv' }, 'consent'],
      [{ ...askBody(), child_name: 'x'.repeat(500) }, 'child_name'],
      [{ ...askBody(), extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await ask(s.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys((response.json() as { errors: object }).errors)).toContain(field);
    }
    expect(await rowsOf(s.workspace.id)).toHaveLength(0);
  });

  it("answers the kit's one 404 for a made-up or withdrawn link", async () => {
    const s = await school();
    expect((await ask('x'.repeat(43), askBody())).statusCode).toBe(404);
    dataOf(await as(s.admin).delete(`/api/booking/projects/${s.workspace.id}/link`));
    const withdrawn = await ask(s.token, askBody());
    expect(withdrawn.statusCode).toBe(404);
    expect(withdrawn.headers['cache-control']).toBe('no-store');
  });

  it('limits the requests from one address', async () => {
    const s = await school();
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await ask(s.token, askBody(), address)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("a parent asks on the family's dashboard", () => {
  it("keeps the student and the child's name; the kit's 404 for a made-up or withdrawn link", async () => {
    const s = await school();
    const [client] = await t.db
      .insert(clients)
      .values({
        workspaceId: s.workspace.id,
        teacherId: s.teacher.user.id,
        clientName: 'Iryna',
        childName: 'Olia',
      })
      .returning();
    const link = dataOf<{ url: string }>(await as(s.teacher).post(`/api/clients/${client!.id}/link`), 200);
    const token = link.url.split('/').pop() ?? '';
    const { child_name: _unused, ...body } = askBody();
    dataOf(await ask(token, body, nextAddress(), 'parent-dashboard'), 201);
    const [row] = await rowsOf(s.workspace.id);
    expect(row).toMatchObject({
      source: 'dashboard',
      clientId: client!.id,
      childName: 'Olia',
      status: 'waiting',
    });
    expect((await ask('y'.repeat(43), askBody(), nextAddress(), 'parent-dashboard')).statusCode).toBe(404);
    // The booking page's token opens no dashboard.
    expect((await ask(s.token, askBody(), nextAddress(), 'parent-dashboard')).statusCode).toBe(404);
    dataOf(await as(s.teacher).delete(`/api/clients/${client!.id}/link`));
    expect((await ask(token, askBody(), nextAddress(), 'parent-dashboard')).statusCode).toBe(404);
  });
});

describe("the school's requests", () => {
  it('lists them with counts, searches, marks done, retries a failed one; 401, 403, 404', async () => {
    const s = await school('/always-500');
    const other = await school();
    const moderator = await buildSignedInMember(t.db, s.workspace, 'moderator');
    const failing = askBody('+380671112233');
    dataOf(await ask(s.token, failing), 201);
    dataOf(await ask(s.token, askBody()), 201);
    const list = (query = '') => as(s.manager).get('/api/call-requests', { query });
    const page = (await list()).json() as { data: CallRequestRow[]; meta: { total: number } };
    expect(page.meta.total).toBe(2);
    expect(page.data[0]).toMatchObject({
      status: 'requested',
      reason: 'agent_error',
      attempts: 1,
      client: null,
    });
    expect(((await list('search=67111')).json() as { data: CallRequestRow[] }).data).toHaveLength(1);
    expect(dataOf<CallRequestCounts>(await as(s.manager).get('/api/call-requests/counts'))).toEqual({
      waiting: 0,
      requested: 2,
      started: 0,
      failed: 0,
      done: 0,
    });

    const [target] = page.data;
    // Retry is for a failed or waiting request only.
    expect((await as(s.manager).post(`/api/call-requests/${target!.id}/retry`)).statusCode).toBe(409);
    await t.db
      .update(callRequests)
      .set({ status: 'failed', nextAttemptAt: null })
      .where(eq(callRequests.id, target!.id));
    const retried = dataOf<CallRequestRow>(
      await as(s.manager).post(`/api/call-requests/${target!.id}/retry`),
    );
    expect(retried).toMatchObject({ status: 'requested', attempts: 1, reason: 'agent_error' });
    const [row] = await t.db.select().from(callRequests).where(eq(callRequests.id, target!.id));
    const keys = new Set(
      callsTo('/always-500')
        .filter((c) => c.key === row!.idempotencyKey)
        .map((c) => c.key),
    );
    expect(keys.size).toBe(1);

    const done = dataOf<CallRequestRow>(await as(s.manager).post(`/api/call-requests/${target!.id}/done`));
    expect(done).toMatchObject({ status: 'done', done_by: s.manager.user.name });
    expect((await as(s.manager).post(`/api/call-requests/${target!.id}/done`)).statusCode).toBe(409);
    // Done stays done: a due attempt does not touch it.
    await runDueAttempts(s.workspace.id);
    const [after] = await t.db.select().from(callRequests).where(eq(callRequests.id, target!.id));
    expect(after!.status).toBe('done');

    expect((await as(s.manager).get('/api/call-requests', { token: null })).statusCode).toBe(401);
    expect((await as(s.teacher).get('/api/call-requests')).statusCode).toBe(403);
    expect((await as(moderator).get('/api/call-requests')).statusCode).toBe(403);
    expect((await as(s.teacher).post(`/api/call-requests/${target!.id}/done`)).statusCode).toBe(403);
    expect((await as(other.manager).post(`/api/call-requests/${target!.id}/done`)).statusCode).toBe(404);
    expect((await as(other.manager).post(`/api/call-requests/${target!.id}/retry`)).statusCode).toBe(404);
    const otherList = (await as(other.manager).get('/api/call-requests')).json() as {
      meta: { total: number };
    };
    expect(otherList.meta.total).toBe(0);
  });

  it('two managers marking one request done at once: one wins, the other gets 409', async () => {
    const s = await school();
    const second = await buildSignedInMember(t.db, s.workspace, 'manager');
    dataOf(await ask(s.token, askBody()), 201);
    const [row] = await rowsOf(s.workspace.id);
    const answers = await Promise.all([
      as(s.manager).post(`/api/call-requests/${row!.id}/done`),
      as(second).post(`/api/call-requests/${row!.id}/done`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

describe("the phone agent's settings", () => {
  it('keeps the address and a write-only token; off with an empty address; validated; admins and root only', async () => {
    const s = await school();
    const root = await buildSignedInMember(t.db, s.workspace, 'root');
    expect(dataOf<CallAgent>(await as(s.admin).get('/api/call-requests/agent'))).toEqual({
      url: null,
      token_set: false,
      timeout_seconds: 5,
      configured: false,
    });
    const saved = dataOf<CallAgent>(
      await as(s.admin).put('/api/call-requests/agent', {
        url: 'https://agent.example/calls',
        token: 'a-long-secret-token',
        timeout_seconds: 4,
      }),
    );
    expect(saved).toEqual({
      url: 'https://agent.example/calls',
      token_set: true,
      timeout_seconds: 4,
      configured: true,
    });
    expect(JSON.stringify(saved)).not.toContain('a-long-secret-token');
    // Without a token the one set stays.
    const kept = dataOf<CallAgent>(
      await as(root).put('/api/call-requests/agent', { url: 'https://agent.example/v2', timeout_seconds: 3 }),
    );
    expect(kept).toMatchObject({ token_set: true, configured: true, url: 'https://agent.example/v2' });
    const off = dataOf<CallAgent>(
      await as(s.admin).put('/api/call-requests/agent', { url: '', timeout_seconds: 3 }),
    );
    expect(off).toEqual({ url: null, token_set: false, timeout_seconds: 3, configured: false });

    const bad: [object, string][] = [
      [{ url: 'ftp://agent.example', timeout_seconds: 3 }, 'url'],
      [{ url: 'not a url', timeout_seconds: 3 }, 'url'],
      [{ url: 'https://user:pass@agent.example', timeout_seconds: 3 }, 'url'],
      [{ url: `https://agent.example/${'a'.repeat(500)}`, timeout_seconds: 3 }, 'url'],
      [{ url: 'https://agent.example', token: 'short', timeout_seconds: 3 }, 'token'],
      [{ url: 'https://agent.example', timeout_seconds: 0 }, 'timeout_seconds'],
      [{ url: 'https://agent.example', timeout_seconds: 11 }, 'timeout_seconds'],
    ];
    for (const [body, field] of bad) {
      const response = await as(s.admin).put('/api/call-requests/agent', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys((response.json() as { errors: object }).errors)).toContain(field);
    }
    expect((await as(s.manager).get('/api/call-requests/agent')).statusCode).toBe(403);
    expect(
      (await as(s.teacher).put('/api/call-requests/agent', { url: '', timeout_seconds: 3 })).statusCode,
    ).toBe(403);
    expect((await as(s.admin).get('/api/call-requests/agent', { token: null })).statusCode).toBe(401);
  });
});
