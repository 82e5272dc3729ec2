/**
 * `npm run merchant:create -w @refund/api -- "Merchant name"`: adds a merchant on the configured
 * database and prints its API key, once.
 */
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { createMerchant, generateApiKey } from './merchant-keys';

const name = process.argv.slice(2).join(' ').trim();
if (!name) {
  process.stderr.write('usage: npm run merchant:create -w @refund/api -- "Merchant name"\n');
  process.exit(2);
}
const config = loadConfig();
const base = process.env.INIT_CWD ?? process.cwd();
const dataDir = config.DATA_DIR.includes('://')
  ? config.DATA_DIR
  : path.resolve(base, config.DATA_DIR);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
try {
  const apiKey = generateApiKey(config.SANDBOX ? 'sandbox' : 'live');
  const merchant = await createMerchant(database.db, name, apiKey);
  process.stdout.write(
    `merchant ${merchant.name} (${merchant.id})\nAPI key (shown once): ${apiKey}\n`,
  );
} finally {
  await database.close();
}
