import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findLeaks, RUN_LOG_DIR_ENV } from './support/run-logs';

/**
 * On PostgreSQL, each run gets a database of its own, created from TEST_DATABASE_URL and dropped
 * afterwards: runs never see each other's data or an older schema.
 *
 * Every run also gets a folder for the test servers' logs and the phone numbers and e-mail
 * addresses the fixtures made up; the run fails if any of them reached a log line.
 */
export default async function setup(): Promise<() => Promise<void>> {
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
    checkLogs();
  };
}
