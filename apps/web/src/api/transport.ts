import {
  API_BASE,
  DEFAULT_API_LANGUAGE,
  ERROR_CODES,
  LOCAL_KEYS,
  PUBLIC_REQUEST_SPACING_MS,
  REQUEST_TIMEOUT_MS,
  isLanguage,
  type ErrorCode,
} from '@logoschool/contract';
import { i18n } from '../i18n/i18n.ts';
import { readLocal } from '../lib/local-storage.ts';

/**
 * The transport of the one HTTP client (DESIGN §5, spec §7, §9): nothing else calls `fetch`. It
 * builds the address and headers, unwraps `{data}`, turns every failure into an `ApiError`, waits
 * out a 429, spaces the public pages' calls and gives up after the timeout. What a failure does to
 * the session and the screen is `session-effects.ts`'s business.
 */

/** A 429 is retried at most this many times, waiting Retry-After (at most this long) before each. */
const MAX_RATE_LIMIT_RETRIES = 2;
const MAX_RETRY_AFTER_SECONDS = 60;
const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** Failures the client detects itself; otherwise `ApiError.code` is the server's code. */
export type ClientErrorCode = 'network_error' | 'timeout' | 'aborted' | 'http_error';

/** A failed call: the server's error envelope `{ message, code, errors }`, or the client's own failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, 0 when no answer came (network, timeout, abort). */
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  /** Validation messages by field path, for forms. */
  readonly fieldErrors: Record<string, string[]>;
  /** Seconds the server asked to wait (Retry-After), if it said. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    fieldErrors?: Record<string, string[]>;
    retryAfter?: number | null;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfter = init.retryAfter ?? null;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** GET by default. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  /** Query string parameters; undefined and null ones are left out. */
  query?: Record<string, QueryValue>;
  /** Extra headers, e.g. `X-Env-Id` for storage. */
  headers?: Record<string, string>;
  /** The caller's cancellation; a call cancelled this way shows nothing. */
  signal?: AbortSignal;
  /**
   * `request()` only: show no notification when this call fails (the session-expired path still
   * runs). Queries and mutations say `meta: { silent: true }` instead.
   */
  silent?: boolean;
  /** Space this call like a public page's (spec §9) even where the app does not throttle. */
  throttle?: boolean;
  /** `blob` for downloads; JSON otherwise. */
  responseType?: 'json' | 'blob';
}

/** A paginated list as the server sends it (DESIGN §4). */
export interface Page<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

export interface TransportConfig {
  /** Bearer token of `get-client-by-remote-id` calls; `VITE_PUBLIC_TOKEN` by default. */
  publicToken?: string;
  /** Space all requests PUBLIC_REQUEST_SPACING_MS apart: the public pages' limit (spec §9). */
  throttlePublic?: boolean;
}

const config: TransportConfig = {};

/** Sets the transport's app-wide parts; the given fields replace the earlier ones. */
export function configureTransport(next: TransportConfig): void {
  if ('publicToken' in next) config.publicToken = next.publicToken;
  if ('throttlePublic' in next) config.throttlePublic = next.throttlePublic;
}

/** The API base address: `VITE_API_URL`, else `/api`. */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL as string | undefined;
  return (configured || API_BASE).replace(/\/+$/, '');
}

/** Calls whose path contains this carry the public token instead of the user's (spec §7). */
const PUBLIC_TOKEN_PATH = 'get-client-by-remote-id';

/** The bearer token a call carries, and whether it is the user's (a session call) or the public one. */
export function tokenFor(path: string): { token: string | null | undefined; userToken: string | null } {
  if (path.includes(PUBLIC_TOKEN_PATH)) return { token: publicToken(), userToken: null };
  const userToken = readLocal(LOCAL_KEYS.auth);
  return { token: userToken, userToken };
}

/**
 * Sends one call with `token` and resolves with its body, `{data}` unwrapped when `unwrap`.
 * Rejects with an `ApiError` on any failure, after the timeout and the 429 retries.
 */
export async function transport<T>(
  path: string,
  options: RequestOptions,
  token: string | null | undefined,
  unwrap: boolean,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);
  try {
    return (await attempt(path, options, token, unwrap, controller.signal)) as T;
  } catch (cause) {
    throw toApiError(cause, timedOut, options.signal?.aborted === true);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Sends the request, retrying a 429 after Retry-After; resolves with the (unwrapped) body. */
async function attempt(
  path: string,
  options: RequestOptions,
  token: string | null | undefined,
  unwrap: boolean,
  signal: AbortSignal,
): Promise<unknown> {
  const url = apiBaseUrl() + path + queryString(options.query, path.includes('?') ? '&' : '?');
  const headers: Record<string, string> = { 'Accept-Language': apiLanguage(), ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (
    options.body instanceof FormData ||
    options.body instanceof Blob ||
    options.body instanceof URLSearchParams
  ) {
    body = options.body;
  } else if (options.body !== undefined) {
    // Only with a body: the server refuses an empty body declared as JSON.
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal,
  };

  for (let retries = 0; ; retries += 1) {
    if (options.throttle ?? config.throttlePublic) await waitForSlot(signal);
    const response = await fetch(url, init);
    if (response.ok) return readBody(response, options.responseType, unwrap);
    const error = await errorFrom(response);
    if (response.status !== 429 || retries >= MAX_RATE_LIMIT_RETRIES) throw error;
    const seconds = Math.min(error.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS, MAX_RETRY_AFTER_SECONDS);
    await sleep(seconds * 1000, signal);
  }
}

async function readBody(response: Response, responseType: RequestOptions['responseType'], unwrap: boolean) {
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError({ status: response.status, code: 'http_error', message: i18n.t('errors.generic') });
  }
  return unwrap && isRecord(body) && 'data' in body ? body.data : body;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = await response.text().then(
    (text) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    },
    () => null,
  );
  const envelope = isRecord(body) ? body : {};
  const code = typeof envelope.code === 'string' && isErrorCode(envelope.code) ? envelope.code : 'http_error';
  const message =
    typeof envelope.message === 'string' && envelope.message ? envelope.message : i18n.t('errors.generic');
  const fieldErrors = isRecord(envelope.errors) ? (envelope.errors as Record<string, string[]>) : {};
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  return new ApiError({ status: response.status, code, message, fieldErrors, retryAfter });
}

function toApiError(cause: unknown, timedOut: boolean, callerAborted: boolean): ApiError {
  if (cause instanceof ApiError) return cause;
  if (timedOut) return new ApiError({ status: 0, code: 'timeout', message: i18n.t('errors.timeout') });
  if (callerAborted || (cause instanceof Error && cause.name === 'AbortError')) {
    return new ApiError({ status: 0, code: 'aborted', message: i18n.t('errors.aborted') });
  }
  return new ApiError({ status: 0, code: 'network_error', message: i18n.t('errors.network') });
}

/** Public pages' queue: each request takes the next free slot, PUBLIC_REQUEST_SPACING_MS apart. */
let nextSlotAt = 0;

async function waitForSlot(signal: AbortSignal) {
  const now = Date.now();
  const slot = Math.max(now, nextSlotAt);
  nextSlotAt = slot + PUBLIC_REQUEST_SPACING_MS;
  if (slot > now) await sleep(slot - now, signal);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The language of server messages (spec §7): the saved choice; else the language the interface
 * shows (so that a form's errors match its labels); else ru.
 */
function apiLanguage(): string {
  const saved = readLocal(LOCAL_KEYS.language);
  if (saved && isLanguage(saved)) return saved;
  return i18n.isInitialized && isLanguage(i18n.language) ? i18n.language : DEFAULT_API_LANGUAGE;
}

function publicToken(): string | undefined {
  return config.publicToken ?? (import.meta.env.VITE_PUBLIC_TOKEN as string | undefined);
}

function queryString(query: RequestOptions['query'], separator: '?' | '&'): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? separator + text : '';
}

/** Seconds from a Retry-After header: a number of seconds or an HTTP date. */
function parseRetryAfter(value: string | null): number | null {
  if (!value?.trim()) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
