import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import {
  createDatabase,
  TEST_DATABASE_ADMIN_ENV,
  TEST_DATABASE_TEMPLATE_ENV,
} from './support/own-database';
import { ensureBuiltServer } from './support/built-server';
import { findLeaks, RUN_LOG_DIR_ENV } from './support/run-logs';

/**
 * On PostgreSQL, each run gets a database of its own, created from TEST_DATABASE_URL, migrated,
 * and dropped afterwards: runs never see each other's data or an older schema. It is the template
 * every test file copies into a database of its own (file-database.ts), so files can run side by
 * side.
 *
 * Every run also gets a folder for the test servers' logs and the phone numbers and e-mail
 * addresses the fixtures made up; the run fails if any of them reached a log line.
 *
 * The compiled server (dist/) is brought up to date first, for the tests that start it in a
 * process of its own (support/built-server.ts).
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Tests that start the server in a process of their own start the built one.
  ensureBuiltServer();
  const logDir = mkdtempSync(path.join(tmpdir(), 'refund-wallet-api-run-'));
  process.env[RUN_LOG_DIR_ENV] = logDir;
  const checkLogs = () => {
    const leaks = findLeaks(logDir);
    if (leaks.length > 0) {
      const shown = leaks
        .slice(0, 10)
        .map((leak) => `  ${leak.value} in: ${leak.line.slice(0, 500)}`)
        .join('\n');
      // Vitest reports an error thrown here but would still exit 0: the run must fail.
      process.exitCode = 1;
      throw new Error(
        `Personal data reached the API's logs (${leaks.length} times; logs kept in ${logDir}):\n${shown}`,
      );
    }
    rmSync(logDir, { recursive: true, force: true });
  };

  const base = process.env.TEST_DATABASE_URL;
  if (!base) return async () => checkLogs();
  // Short enough that a file's copy and a database beside it fit PostgreSQL's 63-byte names.
  const name = `rw_test_${process.pid}_${Date.now().toString(36)}`;
  const template = await createDatabase(base, name);
  // The schema is migrated once, here; each test file copies the result (file-database.ts).
  const migrated = await openDatabase({ url: template.url, poolSize: 1 });
  await migrated.close();
  process.env[TEST_DATABASE_ADMIN_ENV] = base;
  process.env[TEST_DATABASE_TEMPLATE_ENV] = template.url;
  process.env.TEST_DATABASE_URL = template.url;
  return async () => {
    // The files' copies (and databases beside them) a killed worker left, then the template.
    const cleanup = new pg.Client({ connectionString: base });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 order by length(datname) desc`,
      [`${name}%`],
    );
    for (const row of rows)
      await cleanup.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await cleanup.end();
    checkLogs();
  };
}
