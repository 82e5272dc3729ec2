import { sql, type SQL } from 'drizzle-orm';
import type { SqlExecutor, Tx } from '../db/database';

/**
 * pg-boss's numbered-parameter SQL as a Drizzle statement: Drizzle numbers its parameters in
 * order of appearance, so each `$n` becomes the n-th value (a repeated `$n` binds it again).
 */
export function numberedSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
  );
}

/**
 * Runs pg-boss's statements on the connection of an open Drizzle transaction, on either engine:
 * a job sent through it is stored, or rolled back, with the transaction's other writes.
 */
export function transactionExecutor(tx: Tx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      // node-postgres answers { rows, rowCount }, PGlite { rows, affectedRows }: rows is common.
      const result = (await tx.execute(numberedSql(text, values))) as unknown as {
        rows: unknown[];
      };
      return { rows: result.rows, rowCount: result.rows.length };
    },
  };
}
