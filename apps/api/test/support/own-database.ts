import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface DatabaseBeside {
  url: string;
  drop: () => Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server `base` points at, named after `base`'s database
 * and `label`: its URL, and how to drop it.
 */
export async function databaseBeside(base: string, label: string): Promise<DatabaseBeside> {
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_${label}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * On PostgreSQL, a database of its own beside the run's shared one, for servers that must not
 * share data or job queues with the run's other test servers (secrets of their own, a catalog of
 * their own). Null on the embedded engine, where every test server has a database of its own
 * anyway.
 */
export async function ownDatabase(): Promise<DatabaseBeside | null> {
  const base = process.env.TEST_DATABASE_URL;
  return base ? databaseBeside(base, 'own') : null;
}
