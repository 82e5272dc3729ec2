import type { Db } from './database';
import { connectionLost, sqlState } from './sql-state';

/** How far behind the primary the replica may be and still be read, unless configured. */
export const DEFAULT_READ_MAX_LAG_MS = 1_000;
/** How often each process asks how far the replica has replayed, while it reads from it. */
const CHECK_EVERY_MS = 100;
/**
 * A process that has not read (nor waited for the replica) for this long stops asking: an idle
 * instance spends nothing on it. Its next read goes to the primary and starts the checks again.
 */
const IDLE_AFTER_MS = 5_000;

/**
 * Where the customers' money views read (ADR 0037). Without a replica, always the primary. With
 * one, the replica while it may be read: it replayed the primary's log up to a point no older
 * than the lag bound, and up to the last write of the client asking (`readAfter`).
 */
export interface Reads {
  /**
   * Runs `read` on the replica when it holds everything the client may have written (its last
   * write's position, `readAfter`, from the client's cookie) and is within the lag bound; else,
   * or when the replica fails under it, on the primary.
   */
  run<T>(readAfter: string | undefined, read: (db: Db) => Promise<T>): Promise<T>;
  /** Whether a replica is read at all (DATABASE_READ_URL). */
  readonly replicated: boolean;
  /**
   * The primary's position in its log now: every change committed before the call is before it.
   * A client that just wrote is read from the replica only once it replayed this far.
   */
  position(): Promise<string>;
  /**
   * Resolves once the replica holds every change committed before the call, or once waiting
   * longer than the lag bound would be pointless (reads then go to the primary anyway). At once
   * without a replica.
   */
  caughtUp(): Promise<void>;
  /** Seconds the replica is known to be behind; null without one, or when it cannot be read. */
  lagSeconds(): number | null;
}

export interface ReplicaReads extends Reads {
  close(): Promise<void>;
}

/** Every read on the primary. */
export function primaryReads(primary: Db): Reads {
  return {
    replicated: false,
    run: (_readAfter, read) => read(primary),
    position: () => Promise.resolve('0/0'),
    caughtUp: () => Promise.resolve(),
    lagSeconds: () => null,
  };
}

/**
 * A position in PostgreSQL's log ("16/B374D848") as a number that orders like it; null when the
 * text is not one.
 */
export function parsePosition(text: string | null | undefined): bigint | null {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text ?? '');
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export interface ReplicaReadsOptions {
  primary: Db;
  replica: Db;
  positionOnPrimary(): Promise<string>;
  /** null when the server is not replaying a primary's log (not a replica). */
  positionOnReplica(): Promise<string | null>;
  maxLagMs: number;
  onChange?: ((readable: boolean, error: Error | null) => void) | undefined;
  close(): Promise<void>;
  /** The clock; tests move it. */
  now?: () => number;
  /** Checks by itself every 100 ms while read, unless false (tests call `check`). */
  checking?: boolean;
}

/** Errors after which the same read is run on the primary: the replica is gone or gave up. */
function replicaFailed(error: unknown): boolean {
  // 40001 on a replica: a statement cancelled because replaying the log conflicted with it.
  return connectionLost(error) || sqlState(error) === '40001';
}

/**
 * Reads from a streaming replica, with read-your-writes by log position (ADR 0037). Every
 * CHECK_EVERY_MS, while it reads from the replica, the process asks the primary for its position
 * now and then the replica how far it replayed; the replica holds everything committed before the latest check whose primary
 * position it replayed (`caughtUpTo`). It is read while that is no older than `maxLagMs`.
 */
export function replicaReads(
  options: ReplicaReadsOptions,
): ReplicaReads & { check(): Promise<void> } {
  const now = options.now ?? Date.now;
  /** Checks not yet known to be replayed: when each asked, and the primary's position then. */
  let pending: { at: number; position: bigint }[] = [];
  /** Everything committed on the primary before this time is on the replica. */
  let caughtUpTo = -Infinity;
  let replayed = -1n;
  let readable = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiters: { since: number; resolve: () => void }[] = [];

  const withinBound = () => now() - caughtUpTo <= options.maxLagMs;
  const report = (next: boolean, error: Error | null) => {
    if (next !== readable) options.onChange?.(next, error);
    readable = next;
  };

  const wake = () => {
    const at = now();
    // A check begun after the call was replayed (a later millisecond: one begun in the same one
    // may have asked before the call), or waiting longer is pointless: reads go to the primary.
    const done = (waiter: { since: number }) =>
      caughtUpTo > waiter.since || at - waiter.since > options.maxLagMs;
    const ready = waiters.filter(done);
    if (ready.length === 0) return;
    waiters = waiters.filter((waiter) => !done(waiter));
    for (const waiter of ready) waiter.resolve();
  };

  async function check(): Promise<void> {
    const at = now();
    try {
      const primaryAt = parsePosition(await options.positionOnPrimary());
      const replicaAt = parsePosition(await options.positionOnReplica());
      if (primaryAt === null) throw new Error('the primary answered no log position');
      if (replicaAt === null) throw new Error('the read replica is not replaying a primary');
      pending.push({ at, position: primaryAt });
      replayed = replicaAt > replayed ? replicaAt : replayed;
      const done = pending.filter((p) => p.position <= replayed);
      pending = pending.filter((p) => p.position > replayed);
      for (const p of done) if (p.at > caughtUpTo) caughtUpTo = p.at;
      // Checks far older than the bound can no longer make the replica readable.
      pending = pending.filter((p) => now() - p.at <= options.maxLagMs * 4);
      report(withinBound(), null);
    } catch (error) {
      pending = [];
      caughtUpTo = -Infinity;
      report(false, error instanceof Error ? error : new Error(String(error)));
    }
    wake();
  }

  let wanted = now();
  let looping = false;
  const loop = () => {
    if (closed) return;
    if (now() - wanted > IDLE_AFTER_MS) {
      looping = false;
      return;
    }
    timer = setTimeout(() => {
      void check().finally(loop);
    }, CHECK_EVERY_MS);
    timer.unref();
  };
  /** Someone reads or waits: the checks run (again) if they had stopped. */
  const want = () => {
    wanted = now();
    if (looping || closed || options.checking === false) return;
    looping = true;
    void check().finally(loop);
  };
  want();

  return {
    replicated: true,
    check,
    async run(readAfter, read) {
      want();
      const wrote = parsePosition(readAfter);
      if (!readable || !withinBound() || (wrote !== null && wrote > replayed)) {
        return read(options.primary);
      }
      try {
        return await read(options.replica);
      } catch (error) {
        if (!replicaFailed(error)) throw error;
        if (connectionLost(error)) report(false, error instanceof Error ? error : null);
        return read(options.primary);
      }
    },
    position: () => options.positionOnPrimary(),
    caughtUp() {
      want();
      const since = now();
      return new Promise<void>((resolve) => {
        // Checks that stopped answering do not hold the caller past the bound either.
        const giveUp = setTimeout(resolve, options.maxLagMs);
        giveUp.unref();
        waiters.push({
          since,
          resolve: () => {
            clearTimeout(giveUp);
            resolve();
          },
        });
        wake();
      });
    },
    // Known only while checked and within the bound: an idle instance does not know.
    lagSeconds: () => (readable && withinBound() ? Math.max(0, now() - caughtUpTo) / 1000 : null),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const waiter of waiters.splice(0)) waiter.resolve();
      await options.close();
    },
  };
}
