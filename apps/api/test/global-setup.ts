import pg from 'pg';

/**
 * On PostgreSQL, each run gets a database of its own, created from TEST_DATABASE_URL and dropped
 * afterwards: runs never see each other's data or an older schema.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const name = `refund_wallet_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
  return async () => {
    const cleanup = new pg.Client({ connectionString: base });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
  };
}
