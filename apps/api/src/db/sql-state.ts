import type { Db, Tx } from './database';

/** A database error's SQLSTATE, looked for along the error's causes (the query builder wraps it). */
export function sqlState(error: unknown): string | null {
  for (let e: unknown = error; e; e = e instanceof Error ? e.cause : undefined) {
    if (typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string') {
      return e.code;
    }
  }
  return null;
}

/** A deadlock or a serialization failure: PostgreSQL rolled the transaction back as a whole. */
const ROLLED_BACK_BY_SERVER = new Set(['40P01', '40001']);

/**
 * SQLSTATEs of a connection that PostgreSQL ended or would not open: class 08 (connection
 * exception) and 57P01-57P03 (terminated by an administrator or a shutdown, a crash, starting up).
 */
const CONNECTION_STATE = /^(08...|57P0[123])$/;
/** Socket errors of a connection cut or refused. */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** What node-postgres says, without a code, about a connection that is gone. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * The database connection a statement ran on was lost (or none could be opened): PostgreSQL
 * ended it, restarted, or the network cut it. What was in flight either committed whole or not at
 * all; nothing is half-written, but a COMMIT whose answer was lost may have gone through.
 */
export function connectionLost(error: unknown): boolean {
  for (let e: unknown = error; e; e = e instanceof Error ? e.cause : undefined) {
    if (typeof e !== 'object' || e === null) return false;
    const code = 'code' in e && typeof e.code === 'string' ? e.code : null;
    if (code && (CONNECTION_STATE.test(code) || SOCKET_CODES.has(code))) return true;
    const message = e instanceof Error ? e.message : '';
    if (DRIVER_MESSAGES.some((text) => message.startsWith(text))) return true;
  }
  return false;
}

export interface RetryOptions {
  /** Tries in all. */
  attempts?: number;
  /** Run again after a deadlock or a serialization failure (the work then changed nothing). */
  conflicts?: boolean;
  /**
   * Run again after the connection was lost. Only for work that finds out by itself that an
   * earlier run committed (a unique key, a used passcode, an applied event id): a COMMIT whose
   * answer was lost may have gone through.
   */
  connectionLoss?: boolean;
}

/** Runs `work` in a transaction, and again (up to `attempts` in all) after the failures chosen. */
export async function transactionRetrying<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const again =
        (options.conflicts === true && ROLLED_BACK_BY_SERVER.has(sqlState(error) ?? '')) ||
        (options.connectionLoss === true && connectionLost(error));
      if (attempt >= attempts || !again) throw error;
    }
  }
}

/**
 * Runs `work` in a transaction, and once more (up to `attempts` in all) when PostgreSQL broke it
 * off for a deadlock or a serialization failure: it then changed nothing, so running it again is
 * safe, and the caller gets an answer instead of an error it could do nothing about.
 */
export async function transactionRetryingConflicts<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  attempts = 3,
): Promise<T> {
  return transactionRetrying(db, work, { attempts, conflicts: true });
}

/**
 * Runs `work` (a statement or two outside any transaction) again, up to `attempts` in all, while
 * it fails for a lost connection. The same condition as for `transactionRetrying`: the work must
 * be safe to repeat after a run whose answer was lost.
 */
export async function retryingConnectionLoss<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !connectionLost(error)) throw error;
    }
  }
}
