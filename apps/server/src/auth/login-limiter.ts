import type { Redis } from 'ioredis';

export interface Counter {
  count: number;
  /** Milliseconds until the window ends; 0 when nothing is counted. */
  ttlMs: number;
}

/** Counts events per key in a fixed window: in memory for one process, in Redis for several. */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<Counter>;
  peek(key: string): Promise<Counter>;
  reset(key: string): Promise<void>;
}

export function memoryCounterStore(now: () => number = () => Date.now()): CounterStore {
  const entries = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, until: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      // Keep the map small: drop a few ended windows on each write.
      for (const [other, value] of entries) {
        if (entries.size < 10_000) break;
        if (value.until <= now()) entries.delete(other);
      }
      return { count: entry.count, ttlMs: entry.until - now() };
    },
    async peek(key) {
      const entry = live(key);
      return entry ? { count: entry.count, ttlMs: entry.until - now() } : { count: 0, ttlMs: 0 };
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

export function redisCounterStore(redis: Redis, prefix = 'logoschool:login:'): CounterStore {
  return {
    async hit(key, windowMs) {
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttlMs = Math.max(0, Number(results?.[2]?.[1] ?? windowMs));
      return { count, ttlMs };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), ttlMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Failed sign-ins per e-mail. After `max` failures within `windowMs` the address must wait for the
 * window to end; a success clears it. The real owner is kept out for at most one window.
 */
export class LoginLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds to wait before the next attempt for this e-mail, or 0 when it may try now. */
  async retryAfter(email: string): Promise<number> {
    const { count, ttlMs } = await this.store.peek(email);
    return count >= this.max ? Math.max(1, Math.ceil(ttlMs / 1000)) : 0;
  }

  async failed(email: string): Promise<void> {
    await this.store.hit(email, this.windowMs);
  }

  async succeeded(email: string): Promise<void> {
    await this.store.reset(email);
  }
}
