/**
 * A call back (issue 29 item 4; spec §1 "a call-initiation request to a phone agent", §8 "Call
 * initialization error"): a parent asks, on the booking page or the family's dashboard, to be
 * called; the server asks the project's phone agent to start the call, or, with no agent set, the
 * request waits for a person. The school sees the requests on /call-requests (decision 040).
 */
import { z } from 'zod';
import { idParam, pageQuery } from '../common/envelope.ts';
import { clientNameSchema } from '../clients/schemas.ts';
import { timeZoneSchema } from '../plans/plans.ts';
import { phoneSchema } from '../users/schemas.ts';

/**
 * A request's state. `waiting`: no phone agent is set, a person of the school calls back;
 * `requested`: the agent is being asked (the first attempt, then retries with back-off);
 * `started`: the agent took the call; `failed`: the agent refused, or every attempt failed (a
 * person calls back); `done`: the school marked it handled.
 */
export const CALL_REQUEST_STATUSES = ['waiting', 'requested', 'started', 'failed', 'done'] as const;
export type CallRequestStatus = (typeof CALL_REQUEST_STATUSES)[number];

/** The statuses a phone number has at most one request in (a second request answers the first). */
export const OPEN_CALL_REQUEST_STATUSES = ['waiting', 'requested', 'started', 'failed'] as const;

/**
 * When the parent would like to be called, in their own time zone: as soon as possible, or a part
 * of the day (morning 9–12, afternoon 12–17, evening 17–20). A window rather than an instant: a
 * school calls back within hours, and a parent knows when they are free, not when a line is.
 */
export const CALL_WINDOWS = ['asap', 'morning', 'afternoon', 'evening'] as const;
export type CallWindow = (typeof CALL_WINDOWS)[number];

/**
 * Why the agent could not start a call: it refused (a 4xx: not retried), it failed (a 5xx), it
 * did not answer within the attempt's time, or it could not be reached.
 */
export const CALL_FAILURE_REASONS = ['refused', 'agent_error', 'timeout', 'unreachable'] as const;
export type CallFailureReason = (typeof CALL_FAILURE_REASONS)[number];

/** Where a request was made. */
export const CALL_REQUEST_SOURCES = ['booking', 'dashboard'] as const;
export type CallRequestSource = (typeof CALL_REQUEST_SOURCES)[number];

/** Attempts to ask the agent, the first included: then the request fails and waits for a person. */
export const CALL_ATTEMPTS_MAX = 5;
/** The wait before the second attempt; each next one waits twice as long (1, 2, 4, 8 minutes). */
export const CALL_RETRY_BASE_MINUTES = 1;
/** The bounds of one attempt's wait for the agent's answer, in seconds (the parent waits for the first). */
export const CALL_AGENT_TIMEOUT = { min: 1, max: 10, default: 5 } as const;
export const CALL_AGENT_URL_MAX = 500;
export const CALL_AGENT_TOKEN = { min: 8, max: 500 } as const;
/** A parent's call requests per address per hour (the phone's one open request aside). */
export const CALL_REQUESTS_PER_HOUR = 10;

/** The wait before attempt `attempt + 1`, after `attempt` attempts failed (exponential back-off). */
export function callRetryDelayMinutes(attempt: number): number {
  return CALL_RETRY_BASE_MINUTES * 2 ** Math.max(0, attempt - 1);
}

/** `POST /appointment/:token/call-requests`, `POST /parent-dashboard/:token/call-requests`. */
export const callRequestInput = z.strictObject({
  phone: phoneSchema,
  window: z.enum(CALL_WINDOWS),
  time_zone: timeZoneSchema,
  /** The child's name, when the parent gives it (the dashboard knows it). */
  child_name: z.union([z.literal('').transform(() => undefined), clientNameSchema]).optional(),
  /** The parent agrees to be called at this number: required (it is what allows the call). */
  consent: z.literal(true, { message: 'required' }),
});
export type CallRequestInput = z.input<typeof callRequestInput>;

/**
 * What the parent is told after asking: the request's status, why the agent could not start the
 * call (§8 "Call initialization error"), and whether it is tried again by itself.
 */
export const parentCallRequestSchema = z.object({
  status: z.enum(CALL_REQUEST_STATUSES),
  reason: z.enum(CALL_FAILURE_REASONS).nullable(),
  /** Another attempt is planned (the agent failed, not refused). */
  retrying: z.boolean(),
  /** This phone already had an open request: this is its state, no new call was asked for. */
  existing: z.boolean(),
});
export type ParentCallRequest = z.infer<typeof parentCallRequestSchema>;

/** `GET /call-requests`: the project's requests, a status tab, a search in phones and names. */
export const callRequestsQuery = pageQuery.extend({
  workspace_id: idParam,
  role_id: idParam.optional(),
  status: z.enum(CALL_REQUEST_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});
export type CallRequestsQuery = z.input<typeof callRequestsQuery>;

/** A request as the school sees it. */
export const callRequestRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(CALL_REQUEST_STATUSES),
  source: z.enum(CALL_REQUEST_SOURCES),
  phone: z.string(),
  window: z.enum(CALL_WINDOWS),
  time_zone: z.string(),
  child_name: z.string().nullable(),
  /** The student whose dashboard it came from. */
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  language: z.string(),
  attempts: z.number().int(),
  reason: z.enum(CALL_FAILURE_REASONS).nullable(),
  /** What the agent last answered (`HTTP 500`), or why it was not reached. */
  detail: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
  done_by: z.string().nullable(),
});
export type CallRequestRow = z.infer<typeof callRequestRowSchema>;

/** The count of the project's requests in each status (the list's tabs). */
export const callRequestCountsSchema = z.object(
  Object.fromEntries(CALL_REQUEST_STATUSES.map((status) => [status, z.number().int()])) as Record<
    CallRequestStatus,
    z.ZodNumber
  >,
);
export type CallRequestCounts = z.infer<typeof callRequestCountsSchema>;

/** The project's phone agent as its settings show it: the token is never read back. */
export const callAgentSchema = z.object({
  url: z.string().nullable(),
  token_set: z.boolean(),
  timeout_seconds: z.number().int(),
  /** Both the address and the token are set: requests go to the agent. */
  configured: z.boolean(),
});
export type CallAgent = z.infer<typeof callAgentSchema>;

/** An http(s) address of a host, without credentials in it. */
export const callAgentUrlSchema = z
  .string()
  .trim()
  .max(CALL_AGENT_URL_MAX)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'format');

/**
 * `PUT /call-requests/agent`: the agent's address ('' turns the agent off and forgets the token),
 * a new token (absent: the one set stays), the wait per attempt.
 */
export const callAgentInput = z.strictObject({
  url: z.union([z.literal(''), callAgentUrlSchema]),
  token: z.string().trim().min(CALL_AGENT_TOKEN.min).max(CALL_AGENT_TOKEN.max).optional(),
  timeout_seconds: z.number().int().min(CALL_AGENT_TIMEOUT.min).max(CALL_AGENT_TIMEOUT.max),
});
export type CallAgentInput = z.input<typeof callAgentInput>;

/** The calls of the staff's actions on one request. */
export const callRequestParams = z.object({ requestId: idParam });
