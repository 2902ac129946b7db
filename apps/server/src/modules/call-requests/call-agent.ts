/**
 * One attempt to have the project's phone agent start a call (decision 040): a `POST` of the
 * request's facts to the agent's address with its token, the request's idempotency key as
 * `Idempotency-Key` (the same on every attempt, so that an agent that did start a call whose answer
 * was lost starts no second one), and a wait of the agent's `timeout` at most. Only the answer's
 * status (and a call id, when the agent gives one) is kept: nothing else the address answers
 * reaches anyone.
 */
import type { CallFailureReason } from '@logoschool/contract';

/** What the agent is told. */
export interface CallOrder {
  request_id: number;
  phone: string;
  window: string;
  time_zone: string;
  child_name: string | null;
  language: string;
  school: string;
}

export interface AgentAddress {
  url: string;
  token: string;
  timeoutSeconds: number;
}

export type AttemptOutcome =
  | { started: true; callId: string | null }
  | { started: false; reason: CallFailureReason; detail: string; retry: boolean };

/** A refusal that another attempt may not meet: 408 and 429 are the agent's passing state, retried. */
const RETRIED_4XX = new Set([408, 425, 429]);
const CALL_ID_MAX = 200;

/** The agent's own id of the call, if its JSON answer names one (`call_id` or `id`). */
async function callIdOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as Record<string, unknown> | null;
    const value = body?.call_id ?? body?.id;
    return typeof value === 'string' || typeof value === 'number'
      ? String(value).slice(0, CALL_ID_MAX)
      : null;
  } catch {
    return null;
  }
}

/** Asks the agent once. Never throws: the outcome says what happened and whether to try again. */
export async function askAgent(agent: AgentAddress, key: string, order: CallOrder): Promise<AttemptOutcome> {
  let response: Response;
  try {
    response = await fetch(agent.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${agent.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify(order),
      // The address is the admin's: it is not followed elsewhere.
      redirect: 'manual',
      signal: AbortSignal.timeout(agent.timeoutSeconds * 1000),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return {
        started: false,
        reason: 'timeout',
        detail: `no answer in ${agent.timeoutSeconds} s`,
        retry: true,
      };
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { started: false, reason: 'unreachable', detail: cause ?? 'not reached', retry: true };
  }
  if (response.status >= 200 && response.status < 300) {
    return { started: true, callId: await callIdOf(response) };
  }
  await response.body?.cancel().catch(() => {});
  const detail = `HTTP ${response.status}`;
  if (response.status >= 500 || RETRIED_4XX.has(response.status)) {
    return { started: false, reason: 'agent_error', detail, retry: true };
  }
  // Any other 4xx (and a redirect): the agent refuses this request; asking again changes nothing.
  return { started: false, reason: 'refused', detail, retry: false };
}
