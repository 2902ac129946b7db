import { API, LAST_AUTO_UPDATE_FORMAT, LOCAL_KEYS, type Health } from '@logoschool/contract';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useEffect } from 'react';
import { ApiError, callApi } from '../../api/client.ts';
import { readLocal, writeLocal } from '../../lib/local-storage.ts';
import { OWN_VERSION } from './own-version.ts';

dayjs.extend(customParseFormat);

/** How often an open page asks the server which version it serves. */
export const SERVER_POLL_MS = 60_000;
/** A forced update reloads once; a second mismatch this soon after means the reload did not help. */
const RELOAD_GUARD_MINUTES = 10;

/** What an open page knows of the server: the version it serves, a deploy under way, or nothing. */
export type ServerState = { kind: 'ok'; version: string } | { kind: 'deploying' } | { kind: 'unknown' };

/**
 * Whether a failed call means a deploy is under way: a proxy answers 502 or 503 (or nothing) while
 * the new version starts.
 */
export const isDeploying = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 503);

/** The server's state through a read of its version (`GET /health` unless another is given). */
export async function serverState(
  read: () => Promise<{ version: string }> = () => callApi<Health>(API.health),
): Promise<ServerState> {
  try {
    return { kind: 'ok', version: (await read()).version };
  } catch (error) {
    return isDeploying(error) ? { kind: 'deploying' } : { kind: 'unknown' };
  }
}

/** Whether the page is older than what the server serves (never in the development server). */
export function isOutdated(state: ServerState | undefined, own: string | null = OWN_VERSION): boolean {
  return own !== null && state?.kind === 'ok' && state.version !== own;
}

/** Whether the update guard reloaded the page a moment ago (`last-auto-update`, spec §9's format). */
export function reloadedRecently(now = dayjs()): boolean {
  const last = readLocal(LOCAL_KEYS.lastAutoUpdate);
  const at = last ? dayjs(last, LAST_AUTO_UPDATE_FORMAT, true) : null;
  return Boolean(at?.isValid() && now.diff(at, 'minute') < RELOAD_GUARD_MINUTES);
}

/**
 * The update guard (spec §2): a forced update of an outdated page reloads it once, keeping when in
 * `last-auto-update`; still outdated right after, the page is `stuck` and shows the error screen
 * instead of reloading in a loop.
 */
export function useUpdateGuard(outdated: boolean, forced: boolean): { stuck: boolean } {
  const stuck = outdated && forced && reloadedRecently();
  useEffect(() => {
    if (!outdated || !forced || stuck) return;
    writeLocal(LOCAL_KEYS.lastAutoUpdate, dayjs().format(LAST_AUTO_UPDATE_FORMAT));
    window.location.reload();
  }, [outdated, forced, stuck]);
  return { stuck };
}
