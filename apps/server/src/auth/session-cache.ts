import type { User } from '@logoschool/contract';
import type { Database } from '../db/client.ts';
import type { ActiveSession } from './sessions.ts';

/** What a signed-in request reads of its caller, kept for its token. */
export interface CachedCaller {
  session: ActiveSession;
  user: User;
  expiresAt: number;
  lastSeenAt: number;
}

interface Entry extends CachedCaller {
  cachedAt: number;
}

/** Entries at most this old, should a notification ever be missed without a broken connection. */
const MAX_AGE_MS = 30_000;
/** Tokens kept at once; the oldest go first. */
const MAX_ENTRIES = 10_000;

/**
 * The callers of recent tokens, by token hash, so that a signed-in request costs no query
 * (issue 13: the check under every route was two queries). Correct because every change to what
 * it keeps (a session ended, a user or an assignment or a project changed) is notified by the
 * database's triggers (migration 0009) on `auth_changed`, and each instance drops what the change
 * touches: the instance that made the change before the change returns, the others as soon as the
 * notification arrives. A lost connection empties the cache; no entry outlives MAX_AGE_MS.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly stopListening: () => void;
  /** Notifications heard so far: a caller read before one arrived may be stale, so is not kept. */
  private heard = 0;

  constructor(
    database: Pick<Database, 'onNotify'>,
    private readonly now: () => number = Date.now,
  ) {
    this.stopListening = database.onNotify((event) => {
      this.heard += 1;
      if ('lost' in event || event.payload === '*') this.entries.clear();
      else this.forgetUser(Number(event.payload));
    });
  }

  /** The caller of a token hash, when kept, fresh and not past its session's expiry. */
  get(tokenHash: string): CachedCaller | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    const now = this.now();
    if (now - entry.cachedAt > MAX_AGE_MS || now >= entry.expiresAt) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry;
  }

  /** A mark to take before reading a caller from the database, for `set`. */
  mark(): number {
    return this.heard;
  }

  /**
   * Keeps a caller read from the database after `mark` was taken, unless a change was notified
   * meanwhile (it might be what was read). The user is frozen: requests share it.
   */
  set(tokenHash: string, caller: CachedCaller, mark: number): void {
    if (mark !== this.heard) return;
    for (const assignment of caller.user.assignments) Object.freeze(assignment.roles);
    for (const assignment of caller.user.assignments) Object.freeze(assignment);
    Object.freeze(caller.user.assignments);
    Object.freeze(caller.user);
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { ...caller, cachedAt: this.now() });
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops every token of a user, and every token someone signed in as another with. */
  forgetUser(userId: number): void {
    for (const [hash, { session }] of this.entries) {
      if (session.userId === userId || session.impersonatorId === userId) this.entries.delete(hash);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.stopListening();
    this.entries.clear();
  }
}
