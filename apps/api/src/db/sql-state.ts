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
 * Runs `work` in a transaction, and once more (up to `attempts` in all) when PostgreSQL broke it
 * off for a deadlock or a serialization failure: it then changed nothing, so running it again is
 * safe, and the caller gets an answer instead of an error it could do nothing about.
 */
export async function transactionRetryingConflicts<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !ROLLED_BACK_BY_SERVER.has(sqlState(error) ?? '')) throw error;
    }
  }
}
