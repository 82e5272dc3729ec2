import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@refund/contracts/redemptions';
import type { RedemptionMethod } from '@refund/contracts/wallet';
import { linkSandboxFan } from './support/fancash-fixtures';
import { settledTransaction } from './support/giftcard-fixtures';
import { fundedCustomer, mintWithdrawalCode, newMerchant } from './support/payout-fixtures';
import { ownDatabase } from './support/own-database';
import type { SignedIn } from './support/people';
import { expectLedgerBalanced } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * A method's provider switched off after customers used it (FANCASH_PROVIDER, then
 * PREPAID_CARD_PROVIDER set to none): their history still shows what they redeemed, and nothing
 * new is taken. The same data, on PostgreSQL or the embedded engine, across a restart.
 */
let database: Awaited<ReturnType<typeof ownDatabase>>;
let dataDir: string | null = null;

beforeAll(async () => {
  database = await ownDatabase();
  if (!database) dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switched-off-'));
});
afterAll(async () => {
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const storage = () => (database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir ?? '' });

async function redeem(server: TestServer, person: SignedIn, body: Record<string, unknown>) {
  const code = await mintWithdrawalCode(server.database.db, person.phone);
  return call(
    server.app,
    'POST',
    '/v1/redemptions',
    { ...body, ...code },
    { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
}

describe('a redemption method switched off', () => {
  it('still shows its redemptions, and takes no new one', async () => {
    const before = await startTestServer({
      ...storage(),
      SANDBOX_FANCASH_POST_SECONDS: '0',
      SANDBOX_PREPAID_FULFIL_SECONDS: '0',
    });
    let person: SignedIn;
    let linkId: string;
    let ids: string[];
    try {
      person = await fundedCustomer(before.app, await newMerchant(before.database.db), 10_000);
      linkId = (await linkSandboxFan(before, person, 'Alex M.')).id;
      const holder = await call(before.app, 'POST', '/v1/prepaid-cardholder', undefined, {
        token: person.accessToken,
      });
      const made = [
        await redeem(before, person, {
          mode: 'fancash',
          payment_method_uuid: linkId,
          amount_in_cents: 1_000,
        }),
        await redeem(before, person, {
          mode: 'prepaid',
          payment_method_uuid: (holder.json() as { cardholder_uuid: string }).cardholder_uuid,
          amount_in_cents: 1_500,
        }),
      ];
      ids = made.map((m) => (m.json() as Transaction).transaction_id);
      for (const id of ids) {
        expect((await settledTransaction(before, person, id)).status).toBe('Successful');
      }
    } finally {
      await before.close();
    }

    const after = await startTestServer({
      ...storage(),
      FANCASH_PROVIDER: 'none',
      PREPAID_CARD_PROVIDER: 'none',
    });
    try {
      const history = await call(after.app, 'GET', '/v1/transactions', undefined, {
        token: person.accessToken,
      });
      expect(history.statusCode, history.body).toBe(200);
      const shown = (history.json() as { data: Transaction[] }).data;
      expect(shown.find((t) => t.transaction_id === ids[0])?.destination).toMatchObject({
        kind: 'fancash',
        account_name: 'Alex M.',
      });
      expect(shown.find((t) => t.transaction_id === ids[1])?.destination).toMatchObject({
        kind: 'prepaid_card',
      });
      const methods = (
        await call(after.app, 'GET', '/v1/redemption-methods', undefined, {
          token: person.accessToken,
        })
      ).json() as { data: RedemptionMethod[] };
      for (const mode of ['fancash', 'prepaid']) {
        expect(methods.data.find((m) => m.mode === mode)?.is_available, mode).toBe(false);
      }
      const refused = await redeem(after, person, {
        mode: 'fancash',
        payment_method_uuid: linkId,
        amount_in_cents: 1_000,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code_description: 'METHOD_UNAVAILABLE' });
      await expectLedgerBalanced(after.database.db);
    } finally {
      await after.close();
    }
  });
});
