import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Queryable } from './database';
import { EmbeddedClient } from './embedded-client';

const dialect = new PgDialect();

/**
 * A statement's text and its parameters, built together. The same shape of statement always has
 * the same text, so PostgreSQL can keep it prepared per connection.
 */
export class Statement {
  readonly values: unknown[] = [];

  /** A placeholder for `value`, cast to `type`. */
  param(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }

  /**
   * `select * from` a list of rows handed over as one JSON parameter, read as the relation
   * `alias(columns)`. The select ends in `limit` the list's length: a prepared statement's
   * plan, kept from when the tables were small, otherwise counts on the 100 rows
   * json_to_recordset is assumed to give and reads whole tables instead of looking rows up.
   */
  selectRows(rows: readonly object[], alias: string, columns: string): string {
    return `select * from json_to_recordset(${this.param(JSON.stringify(rows), 'json')}) as ${alias}(${columns})
      limit ${this.param(rows.length, 'int')}`;
  }

  /**
   * A condition or expression built with the query builder (a rule its owner defines once), its
   * parameters placed among this statement's.
   */
  fragment(part: SQL): string {
    const query = dialect.sqlToQuery(part);
    const base = this.values.length;
    this.values.push(...query.params);
    return query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${base + Number(n)}`);
  }
}

/** Prepared statement names by text, the same on every connection. */
const names = new Map<string, string>();
const MAX_NAMES = 1_000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_NAMES) throw new Error('too many shapes of prepared statement');
    name = `refund_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** Pools a transaction-mode pooler serves, or a replica: statements run unnamed on them. */
const unnamedPools = new WeakSet<pg.Pool>();

/**
 * Makes the statements `runStatement` runs on `pool` unnamed: parsed each time, never prepared
 * by name. Behind a pooler in transaction mode, consecutive transactions of one client land on
 * different server connections, where a name prepared on another is unknown.
 */
export function runUnnamedOn(pool: pg.Pool): void {
  unnamedPools.add(pool);
}

/**
 * Runs one statement and answers its rows. Given the database, it runs on its own (it commits
 * as a whole or not at all); on PostgreSQL it is then prepared once per connection and afterwards
 * only bound and executed. Given a transaction, it runs in that transaction.
 */
export async function runStatement<T>(
  db: Queryable,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query(
      unnamedPools.has(client) ? { text, values } : { name: nameOf(text), text, values },
    );
    return result.rows as T[];
  }
  if (client instanceof EmbeddedClient) {
    const result = await client.query<T>(text, values);
    return result.rows;
  }
  // Another driver: through the query builder, parameters in order.
  const chunks = text.split(/\$(\d+)/);
  const parts = chunks.map((chunk, i) =>
    i % 2 === 0 ? sql.raw(chunk) : sql`${values[Number(chunk) - 1]}`,
  );
  return resultRows<T>(await db.execute(sql.join(parts)));
}

/** The rows of a raw statement's result, as either driver answers them. */
export const resultRows = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
