import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './database';
import { runStatement, Statement } from './statement';

export interface InsertRowsOptions {
  /** A row whose key is taken already is left out, as `on conflict do nothing`. */
  onConflictDoNothing?: boolean;
}

/** A value as the JSON list carries it: JSON columns as they are, others as the driver's. */
function jsonValue(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.getSQLType().startsWith('json')) return value;
  return column.mapToDriverValue(value);
}

/**
 * Writes many rows into a table with one statement whose text depends on the table and the
 * columns given, not on how many rows there are: PostgreSQL keeps it prepared, and the rows go
 * as one JSON parameter rather than a parameter per value, built by the query builder one by
 * one. For the writers that group what many requests report (group commit), where that building
 * and planning was a large part of the cost of a busy server's inserts.
 *
 * Every row gives the same columns (those of the first); a column no row gives takes its default.
 */
export async function insertRows<T extends PgTable>(
  db: Queryable,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: InsertRowsOptions = {},
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const given = Object.keys(first);
  const all = getTableColumns(table);
  const unknown = given.find((key) => !(key in all));
  if (unknown) throw new Error(`${getTableName(table)} has no column ${unknown}`);
  const columns = Object.entries(all).filter(([key]) => given.includes(key));
  const records = rows.map((row) => {
    const values = row as Record<string, unknown>;
    if (Object.keys(values).length !== given.length || given.some((key) => !(key in values))) {
      throw new Error(`rows for ${getTableName(table)} give different columns`);
    }
    return Object.fromEntries(
      columns.map(([key, column]) => [column.name, jsonValue(column, values[key])]),
    );
  });
  const names = columns.map(([, column]) => `"${column.name}"`).join(', ');
  const types = columns.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', ');
  const st = new Statement();
  const text =
    `insert into "${getTableName(table)}" (${names}) ${st.selectRows(records, 'x', types)}` +
    (options.onConflictDoNothing ? ' on conflict do nothing' : '');
  await runStatement(db, text, st.values);
}
