import type { LocalKey } from '@logoschool/contract';

/**
 * The one way the app reads and writes local storage (DESIGN §5). Storage can be unavailable
 * (private mode, quota): reads then give null and writes are dropped, never an exception.
 */
export function readLocal(key: LocalKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: LocalKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Full or disabled storage: the value lives for this page only.
  }
}

export function removeLocal(key: LocalKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove where there is no storage.
  }
}
