/**
 * `npm run ledger:check -w @refund/api`: verifies the ledger invariants on the configured
 * database (DATABASE_URL, or the embedded one in DATA_DIR) and exits 1 when any is broken.
 */
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { checkLedger } from './ledger-check';

const config = loadConfig();
const base = process.env.INIT_CWD ?? process.cwd();
const dataDir = config.DATA_DIR.includes('://')
  ? config.DATA_DIR
  : path.resolve(base, config.DATA_DIR);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
try {
  // One snapshot for every statement of the check: a transfer written while it runs is wholly in
  // it or not at all, never half seen as a broken invariant.
  const report = await database.db.transaction((tx) => checkLedger(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(report.ok ? 'ledger: all invariants hold\n' : 'ledger: INVARIANTS BROKEN\n');
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
