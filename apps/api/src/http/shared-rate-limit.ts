import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { Db } from '../db/database';
import { runStatement } from '../db/statement';

/**
 * One request counted against its key's window, in one statement: a key with no window, or
 * whose window has run out, starts one now at 1. Answers the count and the milliseconds left.
 * Every SET expression reads the row as it was, so both CASEs agree on whether it ran out.
 */
const HIT = `
  insert into rate_limit_windows as w (key, started_at, window_ms, hits)
  values ($1, now(), $2, 1)
  on conflict (key) do update set
    started_at = case when w.started_at + w.window_ms * interval '1 millisecond' <= now()
                      then now() else w.started_at end,
    window_ms = case when w.started_at + w.window_ms * interval '1 millisecond' <= now()
                     then excluded.window_ms else w.window_ms end,
    hits = case when w.started_at + w.window_ms * interval '1 millisecond' <= now()
                then 1 else w.hits + 1 end
  returning hits,
    greatest(0, ceil(extract(epoch from
      (started_at + window_ms * interval '1 millisecond' - now())) * 1000))::int as ttl_ms`;

/** The windows that have run out: a request to their key would start afresh anyway. */
const SWEEP = `delete from rate_limit_windows
  where started_at + window_ms * interval '1 millisecond' < now()`;

export interface SharedRateLimitOptions {
  db: Db;
  /** How often, at most, this process sweeps the windows that ran out. */
  sweepEveryMs?: number;
  /** Told when a sweep fails; the counting itself goes on (a later sweep takes what is left). */
  onSweepError: (error: unknown) => void;
}

/**
 * A store for `@fastify/rate-limit` that keeps its counts in PostgreSQL (the database the API
 * runs on), so that every instance of the API holds a caller to one limit together: with the
 * plugin's own in-memory store, N instances would each let the limit through. Fixed windows, as
 * the plugin's stores count: a key's window starts at its first request and runs for the route's
 * `timeWindow`. Two instances counting the same key at once are ordered by the row's lock; one
 * request is one round trip.
 */
export function sharedRateLimitStore(options: SharedRateLimitOptions): FastifyRateLimitStoreCtor {
  const { db, onSweepError } = options;
  const sweepEveryMs = options.sweepEveryMs ?? 60_000;
  let lastSweepAt = Date.now();

  function sweepWhenDue(): void {
    const at = Date.now();
    if (at - lastSweepAt < sweepEveryMs) return;
    lastSweepAt = at;
    runStatement(db, SWEEP, []).catch(onSweepError);
  }

  async function count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const [row] = await runStatement<{ hits: number; ttl_ms: number }>(db, HIT, [key, windowMs]);
    if (!row) throw new Error('counting a request answered no row');
    return { current: row.hits, ttl: row.ttl_ms };
  }

  class SharedStore implements FastifyRateLimitStore {
    /** The route's part of every key, so that one caller's counts on two routes stay apart. */
    private readonly scope: string;

    constructor(_options?: FastifyRateLimitOptions, scope = '') {
      this.scope = scope;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      count(this.scope + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      sweepWhenDue();
    }

    child(routeOptions: RouteOptions & { path: string; prefix: string }): SharedStore {
      // The plugin hands the route's own options over as `routeInfo` (its types leave it out).
      const { routeInfo } = routeOptions as unknown as {
        routeInfo: Pick<RouteOptions, 'method' | 'url'>;
      };
      return new SharedStore(undefined, `${[routeInfo.method].flat().join(',')} ${routeInfo.url} `);
    }
  }
  return SharedStore;
}
