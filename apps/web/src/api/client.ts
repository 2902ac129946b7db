import { configureSession, handleFailure, notifyApiError, type SessionConfig } from './session-effects.ts';
import {
  configureTransport,
  tokenFor,
  transport,
  type ApiError,
  type Page,
  type RequestOptions,
  type TransportConfig,
} from './transport.ts';

/**
 * The one HTTP client of the web app (DESIGN §5, spec §7-§9): its whole public surface. Inside
 * TanStack Query (a `queryFn` or `mutationFn`) call `callApi`/`callApiPage`: they throw, and the
 * QueryClient's caches show the notification unless the query says `meta: { silent: true }`
 * (`lib/query-client.ts`). Outside it (the session check, the chat, downloads) call `request`,
 * which shows the notification itself.
 */

export {
  ApiError,
  apiBaseUrl,
  type ClientErrorCode,
  type Page,
  type QueryValue,
  type RequestOptions,
} from './transport.ts';
export { API_ERROR_NOTIFICATION_ID, notifyApiError } from './session-effects.ts';

export type ApiConfig = TransportConfig & SessionConfig;

/** Sets the app-wide parts of the client; the given fields replace the earlier ones. */
export function configureApi(next: ApiConfig): void {
  configureTransport(next);
  configureSession(next);
}

/**
 * Calls the API outside TanStack Query and gives the unwrapped `data`. Throws an `ApiError` on any
 * failure, after showing the error notification unless the call is `silent` or quiet (spec §8).
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await call<T>(path, options, true);
  } catch (error) {
    if (!options.silent) notifyApiError(error);
    throw error;
  }
}

/**
 * Calls the API from a `queryFn` or `mutationFn` and gives the unwrapped `data`. Throws an
 * `ApiError` on any failure and shows nothing itself: the query cache does (`lib/query-client.ts`).
 */
export function callApi<T>(path: string, options: Omit<RequestOptions, 'silent'> = {}): Promise<T> {
  return call<T>(path, options, true);
}

/**
 * `callApi` for a paginated list, keeping its `meta` (a list may say more there: give its page
 * type as `P`).
 */
export function callApiPage<T, P extends Page<T> = Page<T>>(
  path: string,
  options: Omit<RequestOptions, 'silent'> = {},
): Promise<P> {
  return call<P>(path, options, false);
}

/** One call with its session effects (expiry, access re-check); the notification is the caller's. */
async function call<T>(path: string, options: RequestOptions, unwrap: boolean): Promise<T> {
  const { token, userToken } = tokenFor(path);
  try {
    return await transport<T>(path, options, token, unwrap);
  } catch (error) {
    handleFailure(path, error as ApiError, userToken, options.signal?.aborted === true);
    throw error;
  }
}
