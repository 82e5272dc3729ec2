import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface DatabaseBeside {
  url: string;
  drop: () => Promise<void>;
}

/**
 * Where global-setup.ts leaves, on PostgreSQL, the run's migrated database (a template nobody
 * connects to) and a database to run CREATE and DROP DATABASE from.
 */
export const TEST_DATABASE_TEMPLATE_ENV = 'TEST_DATABASE_TEMPLATE_URL';
export const TEST_DATABASE_ADMIN_ENV = 'TEST_DATABASE_ADMIN_URL';

/** Runs one statement on the PostgreSQL server `url` points at, on a connection of its own. */
async function adminStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The name of the database `url` points at. */
export const databaseNameOf = (url: string) => new URL(url).pathname.slice(1);

/**
 * A new database named `name` on the server `admin` points at (statements run from `admin`'s
 * database): empty, or a copy of the database at `template`, which nobody may be connected to.
 * Its URL, and how to drop it.
 */
export async function createDatabase(
  admin: string,
  name: string,
  template?: string,
): Promise<DatabaseBeside> {
  const copied = template ? ` TEMPLATE "${databaseNameOf(template)}"` : '';
  await adminStatement(admin, `CREATE DATABASE "${name}"${copied}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminStatement(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** A name for a new database: `prefix`, then `_`, then eight random hex digits. */
export const uniqueDatabaseName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/**
 * A new, empty database on the PostgreSQL server `base` points at, named after `base`'s database
 * and `label`: its URL, and how to drop it.
 */
export function databaseBeside(base: string, label: string): Promise<DatabaseBeside> {
  return createDatabase(base, uniqueDatabaseName(`${databaseNameOf(base)}_${label}`));
}

/**
 * On PostgreSQL, a database of its own beside the test file's, for servers that must not share
 * data or job queues with the file's other test servers (secrets of their own, a catalog of their
 * own). Null on the embedded engine, where every test server has a database of its own anyway.
 */
export async function ownDatabase(): Promise<DatabaseBeside | null> {
  const base = process.env.TEST_DATABASE_URL;
  return base ? databaseBeside(base, 'own') : null;
}
