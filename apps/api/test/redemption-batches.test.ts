import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS } from '@refund/contracts/auth';
import { feeCents } from '@refund/contracts/redemptions';
import { otpAttempts, redemptions, users } from '../src/db/schema';
import { planTransfer } from '../src/features/ledger/ledger';
import { settleTransfer } from '../src/features/payouts/payout-events';
import type { BatchRedemption } from '../src/features/payouts/redemption-batches';
import { payoutTransfer } from '../src/features/payouts/redemption-method';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { debitCardBatches } from './support/debit-batches';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import type { SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

const VAULT_KEY = 'test-only-vault-key-0123456789abcdefghij';

let server: TestServer;
let merchant: TestMerchant;
let debit: ReturnType<typeof debitCardBatches>;
beforeAll(async () => {
  server = await startTestServer({ VAULT_KEY, OTP_SENDS_PER_PHONE_PER_HOUR: '100' });
  merchant = await newMerchant(server.database.db);
  debit = debitCardBatches(server.database.db, VAULT_KEY);
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
  override: Partial<Omit<BatchRedemption, 'plan'>> = {},
): Promise<BatchRedemption> {
  const otp = await mintWithdrawalCode(server.database.db, who.phone);
  const id = override.id ?? crypto.randomUUID();
  const fee = feeCents(amountCents, 150);
  return {
    id,
    userId: who.userId,
    idempotencyKey: crypto.randomUUID(),
    requestHash: 'hash',
    destinationId: who.card,
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

/** Records through group commit; the card number the statement read, or null when refused. */
async function record(it: BatchRedemption) {
  const recorded = await debit.batches.record(it);
  if (!recorded) return null;
  const { destination, view } = debit.method.groupCommit.found(it.destinationId, recorded.read);
  return { cardNumber: destination.cardNumber, view };
}

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
    expect(await record(earlier)).not.toBeNull();

    const annFirst = await item(ann, 600);
    const cases = {
      annFirst,
      annSecond: await item(ann, 300),
      annBeyondBalance: await item(ann, 300), // 600 + 300 + 300 > 1000
      annWrongCode: await item(ann, 100, { code: '999999' }),
      annSamePasscode: await item(ann, 100, { attemptId: annFirst.attemptId }),
      benRemovedCard: await item(ben, 100, { destinationId: removedCard }),
      benOthersCard: await item(ben, 100, { destinationId: other.card }),
      benKeyTaken: await item(ben, 100, { idempotencyKey: earlier.idempotencyKey }),
      benOthersPasscode: await item(ben, 100, {
        attemptId: (await mintWithdrawalCode(server.database.db, other.phone)).attempt_id,
      }),
      ben: await item(ben, 500),
    };
    // Submitted in one turn of the event loop: one batch.
    const entries = Object.entries(cases);
    const answers = await Promise.all(entries.map(([, it]) => record(it)));
    const recorded = Object.fromEntries(entries.map(([name], i) => [name, answers[i]]));

    expect(recorded.annFirst).toMatchObject({
      cardNumber: sandboxCards.visaDebit,
      view: { kind: 'card', brand: 'visa', bank_name: null, last4: '5556' },
    });
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

  it('refuses a passcode out of tries or expired, as the exact path does, which says why', async () => {
    const ann = await customer(1_000);
    const spent = await item(ann, 100);
    const expired = await item(ann, 100);
    await server.database.db
      .update(otpAttempts)
      .set({ failedTries: OTP_MAX_ATTEMPTS })
      .where(eq(otpAttempts.id, spent.attemptId));
    await server.database.db
      .update(otpAttempts)
      .set({ codeExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(otpAttempts.id, expired.attemptId));
    expect(await Promise.all([record(spent), record(expired)])).toEqual([null, null]);

    for (const [it, code] of [
      [spent, 'OTP_ATTEMPTS_EXCEEDED'],
      [expired, 'OTP_EXPIRED'],
    ] as const) {
      const response = await call(
        server.app,
        'POST',
        '/v1/redemptions',
        {
          mode: 'debit',
          payment_method_uuid: it.destinationId,
          amount_in_cents: it.amountCents,
          attempt_id: it.attemptId,
          code: it.code,
        },
        { token: ann.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
      );
      expect(response.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(response.json().code_description).toBe(code);
    }
    expect(await redemptionsOf(ann.userId)).toHaveLength(0);
    expect((await balanceOf(server.app, ann.accessToken)).available_in_cents).toBe(1_000);
  });

  it('records nothing for a customer whose withdrawals are paused, and the API says why', async () => {
    const ann = await customer(1_000);
    const bob = await customer(1_000);
    await server.database.db
      .update(users)
      .set({ withdrawalsPaused: 'until_sign_in' })
      .where(eq(users.id, ann.userId));
    const paused = await item(ann, 100);
    const open = await item(bob, 100);
    const [refused, recorded] = await Promise.all([record(paused), record(open)]);
    expect(refused).toBeNull();
    expect(recorded).not.toBeNull();
    expect(await passcodeUsed(paused.attemptId)).toEqual({ used: false, failedTries: 0 });

    const response = await call(
      server.app,
      'POST',
      '/v1/redemptions',
      {
        mode: 'debit',
        payment_method_uuid: paused.destinationId,
        amount_in_cents: paused.amountCents,
        attempt_id: paused.attemptId,
        code: paused.code,
      },
      { token: ann.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().code_description).toBe('WITHDRAWALS_PAUSED');
    expect(await redemptionsOf(ann.userId)).toHaveLength(0);
    expect(await passcodeUsed(paused.attemptId)).toEqual({ used: false, failedTries: 0 });
    expect((await balanceOf(server.app, ann.accessToken)).available_in_cents).toBe(1_000);
  });

  it('a batch that fails as a whole answers null for each of its items and changes nothing', async () => {
    const ann = await customer(1_000);
    const first = await item(ann, 200);
    expect(await record(first)).not.toBeNull();
    // A second redemption under the first one's id: its insert fails the whole statement.
    const good = await item(ann, 100);
    const clash = await item(ann, 100, { id: first.id });
    const answers = await Promise.all([record(good), record(clash)]);
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
    expect((await Promise.all(items.map((it) => record(it)))).every(Boolean)).toBe(true);
    const settle = async (it: BatchRedemption, reference: string) =>
      debit.batches.settle({
        redemptionId: it.id,
        networkReference: reference,
        plan: await planTransfer(server.database.db, settleTransfer(it.id, it.plan.input.postings)),
      });
    const settled = await Promise.all(items.map((it, i) => settle(it, `REF${i}`)));
    expect(settled.every((at) => at instanceof Date)).toBe(true);
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
