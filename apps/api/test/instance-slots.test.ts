import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, SLOTS, type Database } from '../src/db/database';
import { debitCardBatches } from './support/debit-batches';

/**
 * Every process on one PostgreSQL database holds a slot no other live one holds, and starts its
 * group commit's batches on shards of its own: two instances recording at once do not lock the
 * same rows of payouts in transit. The embedded engine has one process, in slot 0.
 */
const url = process.env.TEST_DATABASE_URL;
const VAULT_KEY = 'test-only-vault-key-0123456789abcdefghij';

const opened: Database[] = [];
const open = async () => {
  const database = await openDatabase({ url, poolSize: 1 });
  opened.push(database);
  return database;
};
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => undefined);
});

/** The ledger's numbered shards (ledger.ts's SYSTEM_SHARDS, as many as the slots). */
const shardOf = (batch: number) => batch % SLOTS;

describe.runIf(url)('instances on one PostgreSQL database', () => {
  it('hold different slots, and a slot is free again once its holder is gone', async () => {
    const first = await open();
    const second = await open();
    const third = await open();
    const slots = [first, second, third].map((d) => d.instance.slot);
    expect(new Set(slots).size).toBe(3);
    for (const slot of slots) expect(slot).toBeGreaterThanOrEqual(0);
    const freed = second.instance.slot;
    await second.close();
    const fourth = await open();
    expect(fourth.instance.slot).toBe(freed);
  });

  it('start their batches on different shards', async () => {
    const [a, b, c] = [await open(), await open(), await open()];
    const shards = [a, b, c].map((d) => shardOf(debitCardBatches(d.db, VAULT_KEY).batches.shard()));
    expect(new Set(shards).size).toBe(3);
  });
});

describe.runIf(!url)('the embedded engine', () => {
  it('holds slot 0', async () => {
    const database = await open();
    expect(database.instance.slot).toBe(0);
  });
});
