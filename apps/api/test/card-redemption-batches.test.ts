import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { feeCents } from '@refund/contracts/redemptions';
import { otpAttempts, redemptions, users } from '../src/db/schema';
import { createAccessTokens } from '../src/features/auth/access-token';
import { createOtpService } from '../src/features/auth/otp-service';
import { createSessionStore } from '../src/features/auth/sessions';
import { createCardVault } from '../src/features/cards/card-vault';
import { planTransfer } from '../src/features/ledger/ledger';
import {
  createCardRedemptionBatches,
  type CardRedemptionItem,
} from '../src/features/payouts/card-redemption-batches';
import { settleTransfer } from '../src/features/payouts/payout-events';
import { payoutTransfer } from '../src/features/payouts/redemption-method';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import type { SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, TEST_OTP_SECRET, type TestServer } from './support/test-server';

const VAULT_KEY = 'test-only-vault-key-0123456789abcdefghij';

let server: TestServer;
let merchant: TestMerchant;
let batches: ReturnType<typeof createCardRedemptionBatches>;
beforeAll(async () => {
  server = await startTestServer({ VAULT_KEY, OTP_SENDS_PER_PHONE_PER_HOUR: '100' });
  merchant = await newMerchant(server.database.db);
  const { db } = server.database;
  const otp = createOtpService({
    db,
    jobs: { sendMessageIn: async () => undefined },
    sessions: createSessionStore(db, 30),
    accessTokens: createAccessTokens('test-only-jwt-secret-0123456789abcdef', 60),
    secret: TEST_OTP_SECRET,
    brandName: 'Test',
    sendsPerPhonePerHour: 100,
    sendsPerIpPerHour: 100,
  });
  batches = createCardRedemptionBatches({ db, otp, vault: createCardVault(db, VAULT_KEY) });
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

interface Customer extends SignedIn {
  userId: string;
  card: string;
}

async function customer(cents: number): Promise<Customer> {
  const person = await fundedCustomer(server.app, merchant, cents);
  const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
  const [user] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, person.phone));
  if (!user) throw new Error('no such user');
  return { ...person, userId: user.id, card };
}

/** A redemption to the customer's card as the request path hands it to the batches. */
async function item(
  who: Customer,
  amountCents: number,
  override: Partial<Omit<CardRedemptionItem, 'plan'>> = {},
): Promise<CardRedemptionItem> {
  const otp = await mintWithdrawalCode(server.database.db, who.phone);
  const id = override.id ?? crypto.randomUUID();
  const fee = feeCents(amountCents, 150);
  return {
    id,
    userId: who.userId,
    idempotencyKey: crypto.randomUUID(),
    requestHash: 'hash',
    cardId: who.card,
    amountCents,
    feeCents: fee,
    attemptId: otp.attempt_id,
    code: otp.code,
    ...override,
    plan: await planTransfer(
      server.database.db,
      payoutTransfer(id, override.userId ?? who.userId, amountCents, fee),
    ),
  };
}

async function passcodeUsed(attemptId: string) {
  const [row] = await server.database.db
    .select({ consumedAt: otpAttempts.consumedAt, failedTries: otpAttempts.failedTries })
    .from(otpAttempts)
    .where(eq(otpAttempts.id, attemptId));
  return { used: row?.consumedAt != null, failedTries: row?.failedTries };
}

const redemptionsOf = (userId: string) =>
  server.database.db
    .select({ id: redemptions.id })
    .from(redemptions)
    .where(eq(redemptions.userId, userId));

describe('recording card redemptions together', () => {
  it('decides each redemption of one batch on its own; refused ones change nothing', async () => {
    const ann = await customer(1_000);
    const ben = await customer(1_000);
    const other = await customer(1_000);
    const removedCard = await addCard(server.app, ben.accessToken, sandboxCards.mastercardDebit);
    expect(
      (
        await call(server.app, 'DELETE', `/v1/cards/${removedCard}`, undefined, {
          token: ben.accessToken,
        })
      ).statusCode,
    ).toBe(204);
    const earlier = await item(ben, 100);
    expect(await batches.record(earlier)).not.toBeNull();

    const annFirst = await item(ann, 600);
    const cases = {
      annFirst,
      annSecond: await item(ann, 300),
      annBeyondBalance: await item(ann, 300), // 600 + 300 + 300 > 1000
      annWrongCode: await item(ann, 100, { code: '999999' }),
      annSamePasscode: await item(ann, 100, { attemptId: annFirst.attemptId }),
      benRemovedCard: await item(ben, 100, { cardId: removedCard }),
      benOthersCard: await item(ben, 100, { cardId: other.card }),
      benKeyTaken: await item(ben, 100, { idempotencyKey: earlier.idempotencyKey }),
      benOthersPasscode: await item(ben, 100, {
        attemptId: (await mintWithdrawalCode(server.database.db, other.phone)).attempt_id,
      }),
      ben: await item(ben, 500),
    };
    // Submitted in one turn of the event loop: one batch.
    const entries = Object.entries(cases);
    const answers = await Promise.all(entries.map(([, it]) => batches.record(it)));
    const recorded = Object.fromEntries(entries.map(([name], i) => [name, answers[i]]));

    expect(recorded.annFirst).toMatchObject({ cardNumber: sandboxCards.visaDebit });
    expect(recorded.annSecond).toMatchObject({ cardNumber: sandboxCards.visaDebit });
    expect(recorded.ben).toMatchObject({ cardNumber: sandboxCards.visaDebit });
    for (const name of [
      'annBeyondBalance',
      'annWrongCode',
      'annSamePasscode',
      'benRemovedCard',
      'benOthersCard',
      'benKeyTaken',
      'benOthersPasscode',
    ]) {
      expect(recorded[name], name).toBeNull();
    }

    expect((await balanceOf(server.app, ann.accessToken)).available_in_cents).toBe(100);
    expect((await balanceOf(server.app, ben.accessToken)).available_in_cents).toBe(400);
    expect((await redemptionsOf(ann.userId)).map((r) => r.id).sort()).toEqual(
      [cases.annFirst.id, cases.annSecond.id].sort(),
    );
    expect(await redemptionsOf(ben.userId)).toHaveLength(2);
    // Refused ones left their passcodes as they were: unused, no try counted.
    for (const refused of [
      cases.annBeyondBalance,
      cases.annWrongCode,
      cases.benRemovedCard,
      cases.benOthersCard,
      cases.benKeyTaken,
    ]) {
      expect(await passcodeUsed(refused.attemptId)).toEqual({ used: false, failedTries: 0 });
    }
    expect(await passcodeUsed(cases.benOthersPasscode.attemptId)).toEqual({
      used: false,
      failedTries: 0,
    });
    expect(await passcodeUsed(cases.annFirst.attemptId)).toMatchObject({ used: true });
  });

  it('a batch that fails as a whole answers null for each of its items and changes nothing', async () => {
    const ann = await customer(1_000);
    const first = await item(ann, 200);
    expect(await batches.record(first)).not.toBeNull();
    // A second redemption under the first one's id: its insert fails the whole statement.
    const good = await item(ann, 100);
    const clash = await item(ann, 100, { id: first.id });
    const answers = await Promise.all([batches.record(good), batches.record(clash)]);
    expect(answers).toEqual([null, null]);
    expect((await balanceOf(server.app, ann.accessToken)).available_in_cents).toBe(800);
    expect(await passcodeUsed(good.attemptId)).toEqual({ used: false, failedTries: 0 });
  });
});

describe('settling card pushes together', () => {
  it('settles each success once; a second settling of the same push answers null', async () => {
    const ann = await customer(1_000);
    const ben = await customer(1_000);
    const items = [await item(ann, 300), await item(ann, 200), await item(ben, 500)];
    expect((await Promise.all(items.map((it) => batches.record(it)))).every(Boolean)).toBe(true);
    const settle = async (it: CardRedemptionItem, reference: string) =>
      batches.settle({
        redemptionId: it.id,
        cardId: it.cardId,
        networkReference: reference,
        plan: await planTransfer(server.database.db, settleTransfer(it)),
      });
    const settled = await Promise.all(items.map((it, i) => settle(it, `REF${i}`)));
    expect(settled.map((s) => s && { brand: s.brand, last4: s.last4 })).toEqual(
      items.map(() => ({ brand: 'visa', last4: '5556' })),
    );
    const again = await Promise.all(items.map((it, i) => settle(it, `REF${i}`)));
    expect(again).toEqual([null, null, null]);

    const list = await call(server.app, 'GET', '/v1/transactions?limit=10', undefined, {
      token: ann.accessToken,
    });
    expect(
      (list.json().data as { status: string; network_reference: string }[])
        .map((t) => [t.status, t.network_reference])
        .sort(),
    ).toEqual([
      ['Successful', 'REF0'],
      ['Successful', 'REF1'],
    ]);
    expect((await balanceOf(server.app, ann.accessToken)).available_in_cents).toBe(500);
  });
});
