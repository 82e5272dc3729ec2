import { afterAll } from 'vitest';
import { forgetRememberedAccounts } from '../src/features/ledger/ledger';
import {
  createDatabase,
  databaseNameOf,
  TEST_DATABASE_ADMIN_ENV,
  TEST_DATABASE_TEMPLATE_ENV,
  uniqueDatabaseName,
} from './support/own-database';

/**
 * On PostgreSQL, every test file gets a database of its own: a copy of the run's migrated one
 * (global-setup.ts), dropped when the file is done. Files then run side by side without seeing
 * each other's customers, rate limits, sandbox messages or jobs.
 */
const template = process.env[TEST_DATABASE_TEMPLATE_ENV];
// Files run one after another in one process: ledger account ids the last file's databases
// gave are not this file's.
forgetRememberedAccounts();
const admin = process.env[TEST_DATABASE_ADMIN_ENV];
if (template && admin) {
  const own = await createDatabase(admin, uniqueDatabaseName(databaseNameOf(template)), template);
  process.env.TEST_DATABASE_URL = own.url;
  afterAll(() => own.drop());
}
