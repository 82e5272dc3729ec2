import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either engine, seen through the PostgreSQL dialect both share. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; data-access functions accept one so a use case can group writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

/** Runs raw SQL for pg-boss, on whichever engine is in use. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** For pg-boss: a connection string on PostgreSQL, an executor on the embedded engine. */
  jobs: { connectionString: string } | { executor: SqlExecutor };
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded engine is used. */
  url?: string | undefined;
  /** Folder for the embedded engine's files; absent means in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * A pooled PostgreSQL connection that broke while idle (a server restart, a dropped
   * connection). The pool discards it and opens another on demand; without a listener the
   * process would crash instead.
   */
  onIdleConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.onIdleConnectionError)
    : openPglite(options.dataDir);
}

async function openPostgres(
  url: string,
  poolSize: number,
  onIdleError: (error: Error) => void = () => undefined,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', onIdleError);
  // A connection that PostgreSQL ends (a restart, pg_terminate_backend, a network cut) emits
  // 'error' on its client. Idle in the pool, the pool reports it above and drops the connection.
  // Checked out (a transaction), nothing listens: Node would end the process. The statement in
  // flight, or the next one, fails with the error and the caller answers it (a retry, or 503);
  // the pool then drops the connection when it is released. So this listener has nothing to do.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    engine: 'postgres',
    jobs: { connectionString: url },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      // pg-boss sends multi-statement scripts without parameters; only exec() accepts those.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        const last = results.at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
      }
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    jobs: { executor },
    close: () => client.close(),
  };
}
